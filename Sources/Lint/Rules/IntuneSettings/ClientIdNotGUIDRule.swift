import PropertyList
import XcodeModel

/// IM016: `ADALClientId` is a placeholder or not a GUID.
struct ClientIdNotGUIDRule: LintRule {
  static let description = RuleDescription(
    identifier: "client-id-not-guid",
    family: .intuneSettings, number: 16,
    summary: "ADALClientId is a placeholder or not a GUID",
    whatItDoes: """
      Expands the build settings in `IntuneMAMSettings.ADALClientId` and requires a GUID \
      (`6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6`), the form of every Microsoft Entra application (client) id. A \
      template's placeholder (`REPLACE_WITH_CLIENT_ID`, `<client id>`, `YOUR_CLIENT_ID`, an all-zero GUID) is \
      named as one. A value whose build settings are unknown is left to PL003.
      """,
    whyItMatters: """
      The stage 3 guide's settings table marks `ADALClientId` "Required for all apps" (section "Configure \
      settings for the Intune App SDK"; the 2020 guide's "Configure ADAL/MSAL"): the SDK signs the user in with \
      the app's own Entra registration to enroll. With a placeholder, copied from a sample or a template and \
      never replaced (Microsoft's own Chatr and .NET samples ship `Insert_Entra_Client_ID` and `<REPLACE WITH \
      AAD CLIENT ID>`), every token request fails ("AADSTS700016: application not found") or the SDK cannot \
      create its MSAL client at all, as in ms-intune-app-sdk-ios#538 ("Failed to instantiate \
      MSALPublicClientApplication"), so the app never enrolls and never receives its app protection policy.
      """,
    useInstead: """
      Write the application (client) id of the app's Entra registration, or a build setting that holds it per \
      configuration (`$(MSAL_CLIENT_ID)`). No automatic fix: only the registration knows the value.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t↓<string>REPLACE_WITH_CLIENT_ID</string>
        </dict>
        """,
        messages: [
          """
          'ADALClientId' is 'REPLACE_WITH_CLIENT_ID', a placeholder ('REPLACE'), not the app's Entra client id; \
          sign-in and enrollment fail on the device
          """,
        ]),
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t↓<string>$(MSAL_CLIENT_ID)</string>
        </dict>
        """,
        messages: [
          """
          'ADALClientId' is '00000000-0000-0000-0000-000000000000' (from '$(MSAL_CLIENT_ID)'), a placeholder \
          ('00000000-0000-0000-0000-000000000000'), not the app's Entra client id; sign-in and enrollment fail on \
          the device
          """,
        ],
        configuration: """
          build_settings:
            MSAL_CLIENT_ID: 00000000-0000-0000-0000-000000000000
          """),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t↓<string>com.contoso.notes</string>
        </dict>
        """,
        messages: [
          """
          'ADALClientId' is 'com.contoso.notes', not a GUID; an Entra client id reads like \
          '6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6'
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t<string>6A3C8F1E-2B7D-4F0A-9C51-3E8D2A7B14F6</string>
        </dict>
        """),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t<string>$(MSAL_CLIENT_ID)</string>
        </dict>
        """),
    ],
    guideSteps: [43]
  )

  /// `text` without the spaces and tabs around it (what Foundation's `.whitespaces` trims, without bridging).
  static func trimmingSpaces(_ text: String) -> String {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    let key = EntraRegistration.clientIdKey
    guard let node = target.intuneSettings?[key], let written = node.string,
      let value = EntraRegistration.resolved(written, in: target)
    else { return }
    let shown = BuildSettingEvaluation.shown(value, written: written)
    // A GUID as written is taken before trimming its spaces and tabs.
    if let placeholder = EntraRegistration.placeholder(in: value) {
      findings.report(
        "'\(key)' is \(shown), a placeholder ('\(placeholder)'), not the app's Entra client id; sign-in and "
          + "enrollment fail on the device",
        about: node, in: target.infoPlist)
    } else if !EntraRegistration.isGUID(value), !EntraRegistration.isGUID(Self.trimmingSpaces(value)) {
      findings.report(
        "'\(key)' is \(shown), not a GUID; an Entra client id reads like '6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6'",
        about: node, in: target.infoPlist)
    }
  }
}

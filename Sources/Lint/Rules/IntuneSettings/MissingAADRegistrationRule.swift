import IntuneKnowledge
/// IM007: an app without its Microsoft Entra registration in `IntuneMAMSettings`.
struct MissingAADRegistrationRule: LintRule {
  static let description = RuleDescription(
    identifier: "missing-aad-registration",
    family: .intuneSettings, number: 7,
    summary: "an app's IntuneMAMSettings lacks ADALClientId or a redirect URI or scheme",
    whatItDoes: """
      In apps (not extensions), requires `ADALClientId` and one of `ADALRedirectUri` or \
      `ADALRedirectScheme` under `IntuneMAMSettings`. SDK 21.1.0 made them required ("Configuring a custom client \
      ID and redirect URI is now required", its release notes, announcement #569); a target whose files name an \
      older release is left to `intune-sdk-release-unsupported` and `intune-sdk-release-blocked`, whose steps \
      include it.
      """,
    whyItMatters: """
      Microsoft's settings table marks both as "Required for all apps": the SDK signs the user in to \
      Microsoft Entra ID with the app's own registration to enroll. Without them, token requests for \
      enrollment fail or the user is asked to sign in twice, and the app never receives its app \
      protection policy on the device.
      """,
    useInstead: """
      Add the app registration's client id as `ADALClientId` and its redirect URI \
      (`msauth.<bundle id>://auth`) as `ADALRedirectUri`.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        ↓<dict>
        \t<key>ADALClientId</key>
        \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
        </dict>
        """,
        messages: [
          """
          IntuneMAMSettings has neither 'ADALRedirectUri' nor 'ADALRedirectScheme'; Entra sign-in cannot return to \
          the app
          """,
        ]),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        ↓↓<dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        </dict>
        """,
        messages: [
          "IntuneMAMSettings has no 'ADALClientId'; the SDK cannot sign in with the app's Entra registration",
          """
          IntuneMAMSettings has neither 'ADALRedirectUri' nor 'ADALRedirectScheme'; Entra sign-in cannot return to \
          the app
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
        \t<key>ADALRedirectScheme</key>
        \t<string>msauth.com.contoso.notes</string>
        </dict>
        """),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        </dict>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.share-services</string>
        </dict>
        """),
    ],
    guideSteps: [43, 44],
    guideAndVendor: """
      Which apps need `ADALClientId` and a redirect URI differs by guide version: the 2016 guide, apps that use \
      ADAL; the 2020 developer guide, every app that uses MSAL and ADAL apps that reach other Entra resources; the \
      current stage 3 guide, "required for all apps". SDKs since 15 sign in with MSAL only, so this rule follows \
      the current guide; IntuneMAMConfigurator does not add either key.
      """,
    adviceSinceSDK: ReleaseVersion(21, 1, 0)
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    // A target linking the SDK without any IntuneMAMSettings is IM022's one finding.
    guard target.kind == .app, IntuneSDKWithoutSettingsRule.linkedSDKWithoutSettings(target) == nil else { return }
    let settings = target.intuneSettings
    if settings?["ADALClientId"] == nil {
      findings.reportMissingIntuneSetting(
        "no 'ADALClientId'", consequence: "the SDK cannot sign in with the app's Entra registration",
        key: "ADALClientId", of: target)
    }
    if settings?["ADALRedirectUri"] == nil && settings?["ADALRedirectScheme"] == nil {
      findings.reportMissingIntuneSetting(
        "neither 'ADALRedirectUri' nor 'ADALRedirectScheme'", consequence: "Entra sign-in cannot return to the app",
        key: "ADALRedirectUri", of: target)
    }
  }
}

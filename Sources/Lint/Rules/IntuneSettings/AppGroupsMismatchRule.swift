import PropertyList
import XcodeModel

/// IM009: `IntuneMAMSettings.AppGroupIdentifiers` differs from the entitlements' app groups.
struct AppGroupsMismatchRule: LintRule {
  static let description = RuleDescription(
    identifier: "app-groups-mismatch",
    family: .intuneSettings, number: 9,
    summary: "AppGroupIdentifiers differs from the entitlements' app groups",
    whatItDoes: """
      When the target has an entitlements file, requires `IntuneMAMSettings.AppGroupIdentifiers` to \
      list exactly the entitlements' `com.apple.security.application-groups`, in their order, and to \
      be absent when the entitlements have none: what IntuneMAMConfigurator writes.
      """,
    whyItMatters: """
      The SDK learns from `AppGroupIdentifiers` which shared containers hold the app's data; a group \
      missing from it is outside the SDK's file protection and selective wipe, so on the device org \
      data written there by the app or its extensions is not encrypted by policy and survives a wipe. \
      A group listed but not entitled points the SDK at a container the app cannot open.
      """,
    useInstead: "Copy the entitlements' app groups into `AppGroupIdentifiers` (or rerun the configurator).",
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AppGroupIdentifiers</key>
        \t↓<array>
        \t\t<string>group.com.fabrikam.field</string>
        \t</array>
        </dict>
        """,
        entitlements: """
          <key>com.apple.security.application-groups</key>
          <array>
          \t<string>group.com.fabrikam.field</string>
          \t<string>group.com.fabrikam.field.offline</string>
          </array>
          """,
        messages: ["'AppGroupIdentifiers' lacks the entitlements' app groups 'group.com.fabrikam.field.offline'"],
        corrected: """
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>AppGroupIdentifiers</key>
          \t<array>
          \t\t<string>group.com.fabrikam.field</string>
          \t\t<string>group.com.fabrikam.field.offline</string>
          \t</array>
          </dict>
          """),
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        ↓<dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        </dict>
        """,
        entitlements: """
          <key>com.apple.security.application-groups</key>
          <array>
          \t<string>group.com.contoso.notes</string>
          </array>
          """,
        messages: [
          """
          IntuneMAMSettings has no 'AppGroupIdentifiers' but the entitlements have app groups \
          'group.com.contoso.notes'
          """,
        ],
        corrected: """
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>ContainingAppBundleId</key>
          \t<string>com.contoso.notes</string>
          \t<key>AppGroupIdentifiers</key>
          \t<array>
          \t\t<string>group.com.contoso.notes</string>
          \t</array>
          </dict>
          """),
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t↓<key>AppGroupIdentifiers</key>
        \t<array>
        \t\t<string>group.com.contoso.notes</string>
        \t</array>
        </dict>
        """,
        entitlements: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
          </array>
          """,
        messages: ["'AppGroupIdentifiers' is set but the entitlements have no app groups"],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.contoso.notes</string>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AppGroupIdentifiers</key>
        \t<array>
        \t\t<string>group.com.contoso.notes</string>
        \t</array>
        </dict>
        """,
        entitlements: """
          <key>com.apple.security.application-groups</key>
          <array>
          \t<string>group.com.contoso.notes</string>
          </array>
          """),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AppGroupIdentifiers</key>
        \t<array>
        \t\t<string>group.com.contoso.notes</string>
        \t</array>
        </dict>
        """),
    ],
    guideSteps: [28, 66]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let entitlements = target.entitlements, let settings = target.intuneSettings,
      let settingsEntries = settings.entries
    else { return }
    let document = target.infoPlist
    let entitledGroups = entitlements.root["com.apple.security.application-groups"]?.elements?
      .compactMap(\.string) ?? []
    let settingsPath: [PropertyListPathComponent] = [.key("IntuneMAMSettings")]
    let listed = settingsEntries.last { $0.key.text == "AppGroupIdentifiers" }

    guard let listed else {
      guard !entitledGroups.isEmpty else { return }
      let fix = findings.fix(
        "add 'AppGroupIdentifiers' with the entitlements' app groups", .safe, in: document,
        [.insertEntry(
          into: settingsPath, key: "AppGroupIdentifiers", value: .array(entitledGroups.map { .string($0) }),
          after: nil)])
      findings.report(
        "IntuneMAMSettings has no 'AppGroupIdentifiers' but the entitlements have app groups "
          + Self.quotedList(entitledGroups),
        missingKey: "AppGroupIdentifiers", of: settings, in: document, fix: fix)
      return
    }

    guard !entitledGroups.isEmpty else {
      let becomesEmpty = settingsEntries.allSatisfy { $0.key.text == "AppGroupIdentifiers" }
      let fix = becomesEmpty
        ? findings.fix(
          "remove 'AppGroupIdentifiers' and the then empty 'IntuneMAMSettings'", .safe, in: document,
          [.removeEntries(from: [], key: "IntuneMAMSettings")])
        : findings.fix(
          "remove 'AppGroupIdentifiers'", .safe, in: document,
          [.removeEntries(from: settingsPath, key: "AppGroupIdentifiers")])
      findings.report(
        "'AppGroupIdentifiers' is set but the entitlements have no app groups", aboutKeyOf: listed, in: document,
        fix: fix)
      return
    }

    // Compared as built: `$(APP_GROUP)` on one side and its value on the other are the same group.
    let buildSettings = target.settings.buildSettings
    func expanded(_ groups: [String]) -> [String] { groups.map { buildSettings.resolve($0).resolvedText ?? $0 } }
    let listedWritten = listed.value.elements?.compactMap(\.string)
    let listedGroups = listedWritten.map(expanded)
    let entitledExpanded = expanded(entitledGroups)
    guard listedGroups != entitledExpanded || listed.value.elements?.count != entitledGroups.count else { return }
    // Each group shown as built, with what is written when build settings made it.
    var shown: [String: String] = [:]
    for (written, value) in zip(entitledGroups + (listedWritten ?? []), entitledExpanded + (listedGroups ?? [])) {
      if shown[value] == nil { shown[value] = BuildSettingEvaluation.shown(value, written: written) }
    }
    let fix = findings.fix(
      "set 'AppGroupIdentifiers' to the entitlements' app groups", .safe, in: document,
      [.replaceValue(at: listed.value.path, with: .array(entitledGroups.map { .string($0) }))])
    findings.report(
      Self.mismatchMessage(listed: listedGroups, entitled: entitledExpanded, shown: shown), about: listed.value,
      in: document, fix: fix)
  }

  /// What differs between the listed and the entitled groups (as built), most useful difference first; `shown`
  /// gives how a group is quoted, when not plainly.
  static func mismatchMessage(listed: [String]?, entitled: [String], shown: [String: String] = [:]) -> String {
    func quotedList(_ values: [String]) -> String {
      values.map { shown[$0] ?? "'\($0)'" }.joined(separator: ", ")
    }
    guard let listed else {
      return "'AppGroupIdentifiers' is not an array of the entitlements' app groups " + quotedList(entitled)
    }
    let missing = entitled.filter { !listed.contains($0) }
    let extra = listed.filter { !entitled.contains($0) }
    if !missing.isEmpty {
      return "'AppGroupIdentifiers' lacks the entitlements' app groups " + quotedList(missing)
    }
    if !extra.isEmpty {
      return "'AppGroupIdentifiers' lists " + quotedList(extra) + ", which the entitlements do not have"
    }
    return "'AppGroupIdentifiers' differs from the entitlements' app groups " + quotedList(entitled)
      + " in order or repetition"
  }

  /// `'a', 'b'`.
  static func quotedList(_ values: [String]) -> String {
    values.map { "'\($0)'" }.joined(separator: ", ")
  }
}

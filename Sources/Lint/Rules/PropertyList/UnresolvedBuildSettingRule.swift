import PredicateSyntax
import PropertyList
import SharelintBase
import URLSchemes
import XcodeModel

/// PL003: a value a check reads that undefined build settings leave empty or with a part missing.
struct UnresolvedBuildSettingRule: LintRule {
  static let description = RuleDescription(
    identifier: "unresolved-build-setting",
    family: .propertyList, number: 3,
    summary: "undefined build settings leave a value the checks read empty or incomplete",
    whatItDoes: """
      Evaluates the `$(NAME)` and `${NAME}` references of the values the rules that run on the target read, as \
      Xcode does: an undefined setting is the empty string (swift-build's `MacroEvaluationScope`). It reports a \
      value only when that makes it empty or leaves a whole part of it missing (`msauth.` from \
      `msauth.$(BUNDLE_ID)`): once per value, naming every undefined setting in it and the likeliest reason \
      (an `.xcconfig` that defines it but that this configuration does not read, one the repository lacks). \
      URL schemes and queried schemes are checked in every target; the bundle identifier, IntuneMAMSettings \
      and the entitlements' groups only in Intune apps, where rules read them. `${A}.App${B}` with `B` \
      undefined is `…App` in Xcode too, and is not reported; nor are references it cannot expand that are \
      resolved at signing (`$(AppIdentifierPrefix)`, `$(TeamIdentifierPrefix)`, `$(CFBundleIdentifier)` in \
      entitlements). A plist that no Xcode project in the repository builds (its project is generated, as \
      Tuist's, or kept out of git) has no build to make a setting empty: what `-D` and `--xcconfig` do not \
      define is unknown, and the rule says which values of an Intune app the checks could not read.
      """,
    whyItMatters: """
      Xcode builds the app with the empty value: an empty or truncated URL scheme or bundle identifier is \
      what ships (IntuneMAMConfigurator writes an unexpanded `$(MSAL_REDIRECT_URI)` into URL schemes, which \
      then fails App Store validation), and every check that reads it answers about the wrong value.
      """,
    useInstead: """
      Define the setting where this configuration reads it (the target's or project's build settings, or an \
      `.xcconfig` it includes), or pass it with `-D NAME=VALUE`, `--xcconfig FILE` or `build_settings:` when \
      the build defines it outside the repository.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [.init("App")]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>CFBundleURLTypes</key>
          <array>
          \t<dict>
          \t\t<key>CFBundleURLSchemes</key>
          \t\t<array>
          \t\t\t<string>↓$(APP_SCHEME)</string>
          \t\t\t<string>msauth.↓$(BUNDLE_ID)</string>
          \t\t</array>
          \t</dict>
          </array>
          """,
        markedFile: "App/Info.plist",
        messages: [
          "the URL scheme '' (from '$(APP_SCHEME)') is empty: build setting 'APP_SCHEME' is not defined",
          """
          the URL scheme 'msauth.' (from 'msauth.$(BUNDLE_ID)') is incomplete: build setting 'BUNDLE_ID' is not \
          defined
          """,
        ]),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>↓$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t<string>6c7e8096-f593-4d72-807f-a5f86dcc9c77</string>
        </dict>
        """,
        messages: [
          """
          the bundle identifier '$(PRODUCT_BUNDLE_IDENTIFIER)' cannot be checked: no Xcode project in the \
          repository builds this file, so build setting 'PRODUCT_BUNDLE_IDENTIFIER' is unknown
          """,
        ]),
    ],
    nonTriggeringExamples: [
      // No project builds this plist and the app is not an Intune app: no check reads the unknown values.
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>$(DEEP_LINK_SCHEME)</string>
        \t\t</array>
        \t</dict>
        </array>
        """),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>CFBundleExecutable</key>
        <string>$(EXECUTABLE_NAME)</string>
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>contoso$(SCHEME_SUFFIX)</string>
        \t\t</array>
        \t</dict>
        </array>
        """),
    ]
  )

  /// Set at signing, never in build settings: not reported in an Info.plist either.
  static let signingTimeSettings: Set<String> = ["AppIdentifierPrefix", "TeamIdentifierPrefix"]

  func check(_ target: LintTarget, into findings: inout Findings) {
    let intune = target.isIntuneManaged
    // A plist no Xcode project builds has no build to say a setting is empty: its settings are unknown, and only
    // the Intune rules, which need the bundle identifier and the Entra values, are worth a word about them.
    guard intune || target.settings.buildSettingProvenance != nil else { return }
    let schemeSettings = InfoPlistSchemes.buildSettings(for: target)
    for array in InfoPlistSchemes.urlSchemeArrays(of: target) {
      for entry in array.entries {
        check(entry.node, what: "the URL scheme", in: target.infoPlist, settings: schemeSettings, signing: false,
              target: target, into: &findings)
      }
    }
    for entry in InfoPlistSchemes.queriesSchemes(of: target)?.entries ?? [] {
      check(entry.node, what: "the queried scheme", in: target.infoPlist, settings: schemeSettings, signing: false,
            target: target, into: &findings)
    }
    guard intune else { return }
    let settings = target.settings.buildSettings
    if let identifier = target.infoPlist.root["CFBundleIdentifier"] {
      check(identifier, what: "the bundle identifier", in: target.infoPlist, settings: settings, signing: false,
            target: target, into: &findings)
    }
    if let intuneSettings = target.infoPlist.root["IntuneMAMSettings"] {
      forEachString(in: intuneSettings) { node in
        check(node, what: node.keyPath, in: target.infoPlist, settings: settings, signing: false,
              target: target, into: &findings)
      }
    }
    if let entitlements = target.entitlements {
      for (key, what) in [
        ("keychain-access-groups", "the keychain group"), ("com.apple.security.application-groups", "the app group"),
      ] {
        for element in entitlements.root[key]?.elements ?? [] {
          check(element, what: what, in: entitlements, settings: settings, signing: true, target: target,
                into: &findings)
        }
      }
    }
  }

  private func forEachString(in node: PropertyListNode, _ body: (PropertyListNode) -> Void) {
    if node.string != nil { body(node) }
    for child in node.elements ?? [] { forEachString(in: child, body) }
    for entry in node.entries ?? [] { forEachString(in: entry.value, body) }
  }

  /// Reports `node`'s string when undefined settings leave it empty or incomplete, or a reference in it cannot
  /// be expanded.
  private func check(
    _ node: PropertyListNode, what describe: @autoclosure () -> String, in document: PropertyListDocument,
    settings: BuildSettings, signing: Bool, target: LintTarget, into findings: inout Findings
  ) {
    guard let text = node.string, BuildSettingText.mayHoldReferences(text) else { return }
    let evaluation = settings.evaluate(text, signing: signing)
    let undefined = evaluation.undefined.filter { !Self.signingTimeSettings.contains($0.name) }
    let blamed = undefined + evaluation.cycles
    guard (evaluation.isIncomplete && !blamed.isEmpty) || !evaluation.problems.isEmpty else { return }
    // Named only for a finding: a key path for every string of IntuneMAMSettings showed in profiles.
    let what = describe()
    if target.settings.buildSettingProvenance == nil {
      reportUnknown(node, what: what, written: text, undefined: undefined, problems: evaluation.problems,
                    in: document, into: &findings)
      return
    }
    let shown = BuildSettingEvaluation.shown(evaluation.value, written: text)
    var reasons: [String] = []
    if evaluation.isIncomplete {
      let names = Self.uniqueNames(undefined)
      if !names.isEmpty {
        reasons.append(
          (names.count == 1 ? "build setting " : "build settings ") + Self.list(names.map { "'\($0)'" })
            + (names.count == 1 ? " is" : " are") + " not defined")
      }
      for cycle in Self.unique(evaluation.cycles) {
        let loop = cycle.via.firstIndex(of: cycle.name).map { Array(cycle.via[(cycle.via.index(after: $0))...]) }
          ?? cycle.via
        let through = loop.isEmpty ? "" : " through " + loop.map { "'\($0)'" }.joined(separator: " → ")
        reasons.append("build setting '\(cycle.name)' loops back to itself\(through) with nothing below it")
      }
    }
    reasons += Self.unique(evaluation.problems).map(\.message)
    let state = evaluation.value.isEmpty ? "empty" : "incomplete"
    let message = evaluation.isIncomplete
      ? "\(what) \(shown) is \(state): \(reasons.joined(separator: "; "))"
      : "\(what) \(shown) cannot be expanded: \(reasons.joined(separator: "; "))"
    let range = Self.range(of: blamed + evaluation.problems, in: node)
    var notes: [String] = []
    for name in Self.uniqueNames(undefined) {
      if let cause = target.settings.buildSettingProvenance?.likeliestCause(of: name) {
        notes.append(cause)
      } else if target.settings.buildSettingProvenance != nil {
        notes.append(
          "nothing in the repository defines '\(name)': pass it with -D \(name)=VALUE or build_settings: in "
            + ".sharelint.yml if the build sets it")
      } else {
        notes.append("pass it with -D \(name)=VALUE or --xcconfig FILE")
      }
    }
    findings.report(message, in: document, range: range, keyPath: node.keyPath, notes: notes)
  }

  /// Reports `node`'s string, in a plist no Xcode project builds, as one the checks cannot read: the undefined
  /// settings are unknown rather than empty, as no build defines them either way.
  private func reportUnknown(
    _ node: PropertyListNode, what: String, written text: String, undefined: [UnresolvedBuildSettingReference],
    problems: [UnresolvedBuildSettingReference], in document: PropertyListDocument, into findings: inout Findings
  ) {
    let names = Self.uniqueNames(undefined)
    var reasons: [String] = []
    if !names.isEmpty {
      reasons.append(
        "no Xcode project in the repository builds this file, so "
          + (names.count == 1 ? "build setting " : "build settings ") + Self.list(names.map { "'\($0)'" })
          + (names.count == 1 ? " is" : " are") + " unknown")
    }
    reasons += Self.unique(problems).map(\.message)
    let range = Self.range(of: undefined + problems, in: node)
    findings.report(
      "\(what) '\(text)' cannot be checked: \(reasons.joined(separator: "; "))", in: document, range: range,
      keyPath: node.keyPath,
      notes: names.map { "pass it with -D \($0)=VALUE or --xcconfig FILE, or lint the Xcode project that builds it" })
  }

  /// Where a finding about `references` in `node`'s string goes: from the first to the last of them in the file,
  /// entities and indentation included, else the whole element.
  private static func range(of references: [UnresolvedBuildSettingReference], in node: PropertyListNode)
    -> ByteRange?
  {
    guard let map = node.sourceMap, let first = references.map(\.range.lowerBound).min(),
      let last = references.map(\.range.upperBound).max(), first < last
    else { return node.elementRange }
    return map.sourceRange(ofTextUTF8Range: first..<last)
  }

  private static func uniqueNames(_ references: [UnresolvedBuildSettingReference]) -> [String] {
    var seen: Set<String> = []
    return references.map(\.name).filter { seen.insert($0).inserted }
  }

  private static func unique(_ references: [UnresolvedBuildSettingReference]) -> [UnresolvedBuildSettingReference] {
    var seen: Set<String> = []
    return references.filter { seen.insert($0.message).inserted }
  }

  private static func list(_ items: [String]) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }
}

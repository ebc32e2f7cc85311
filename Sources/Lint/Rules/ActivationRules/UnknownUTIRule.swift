import ActivationRules
import PredicateSyntax
import UniformTypes

/// AR011: a type identifier that neither the system nor the app declares.
struct UnknownUTIRule: LintRule {
  static let description = RuleDescription(
    identifier: "unknown-uti",
    family: .activationRules, number: 11,
    summary: "an activation rule names a type identifier nobody declares",
    whatItDoes: """
      Checks each type the rule tests (after `UTI-CONFORMS-TO`/`UTI-EQUALS`, or compared with \
      `registeredTypeIdentifiers` by `==`, `IN {…}` or `CONTAINS`) against Apple's system types and the \
      `UTExportedTypeDeclarations`/`UTImportedTypeDeclarations` of the extension and its containing app. \
      The `com.microsoft.intune.mam.` twin of a known type is known. The nearest known type is suggested. \
      A type of another organization's namespace (`org.appextension.find-login-action`, which 1Password \
      declares) is left alone unless the whole identifier is one edit or two from a known type (a shared last \
      component is no misspelling there: `org.opml.opml` is not `unofficial.opml`): only the app that owns a \
      type declares it, and sharelint cannot see other apps. Nor is a type whose suggestion the rule already \
      tests (a rule listing `unofficial.opml`, `public.opml` and `org.opml.opml` lists variants on purpose). Apple's (`public.`, `com.apple.`) and the app's \
      own (the first two parts of its bundle identifier) are always checked, except a type the target's own \
      Swift or Objective-C code holds as a string literal (`registerItem(forTypeIdentifier: \
      "com.contoso.recipe")`): the app's code offers it.
      """,
    whyItMatters: """
      No app offers a type nobody declares, so that part of the rule never matches and the extension \
      is silently missing from the share sheet for the content it was written for: `public.jpg` \
      matches no photo (the type is `public.jpeg`).
      """,
    useInstead: "The declared identifier (`public.jpeg`), or declare the app's own type in its Info.plist.",
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make("""
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO ↓"public.jpg" \
        || ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO ↓"com.microsoft.intune.mam.public.jpg" \
        || ANY $attachment.registeredTypeIdentifiers IN {"com.adobe.pdf", ↓"com.contoso.recipe"}).@count &gt;= 1\
        ).@count == 1</string>
        """,
        messages: [
          "'public.jpg' is neither a system type nor declared by the app; did you mean 'public.jpeg'?",
          """
          'com.microsoft.intune.mam.public.jpg' is neither a system type nor declared by the app; did you mean \
          'com.microsoft.intune.mam.public.jpeg'?
          """,
          "'com.contoso.recipe' is neither a system type nor declared by the app",
        ]),
      // The extension's code names another type: its own is still unknown.
      RuleExample(
        project: recipeProject,
        files: [
          "Share/Info.plist": recipeShareInfoPlist,
          "Share/ShareViewController.swift": """
            let provider = NSItemProvider()
            provider.registerDataRepresentation(forTypeIdentifier: "public.plain-text", visibility: .all) { _ in nil }
            """,
        ],
        markedFile: "Share/Info.plist",
        messages: ["'com.contoso.recipe' is neither a system type nor declared by the app"]),
    ],
    nonTriggeringExamples: [
      // The extension's own code registers the type it tests: its share flows offer it.
      RuleExample(
        project: recipeProject,
        files: [
          "Share/Info.plist": recipeShareInfoPlist.replacingOccurrences(of: "↓", with: ""),
          "Share/ShareViewController.swift": """
            let provider = NSItemProvider()
            provider.registerItem(forTypeIdentifier: "com.contoso.recipe") { completion, _, _ in completion?(nil, nil) }
            """,
        ]),
      // Variants listed on purpose: `public.opml` is no misspelling of `unofficial.opml`, which the rule tests too.
      ActivationRuleExample.make(
        """
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "unofficial.opml" \
        || ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.opml").@count &gt;= 1).@count == 1</string>
        """,
        appending: """
          <key>UTImportedTypeDeclarations</key>
          <array>
          \t<dict>
          \t\t<key>UTTypeConformsTo</key>
          \t\t<array>
          \t\t\t<string>public.xml</string>
          \t\t</array>
          \t\t<key>UTTypeIdentifier</key>
          \t\t<string>unofficial.opml</string>
          \t</dict>
          </array>
          """),
      // OPML's type, named by its own organization: no misspelling of `unofficial.opml`.
      ActivationRuleExample.make("""
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "org.opml.opml").@count &gt;= 1).@count == 1</string>
        """),
      // 1Password's app-extension types: another organization declares them.
      ActivationRuleExample.make("""
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "org.appextension.find-login-action").@count \
        == 1).@count == 1</string>
        """),
      ActivationRuleExample.make(
        """
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.jpeg" \
        || ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.jpeg" \
        || ANY $attachment.registeredTypeIdentifiers IN {"com.adobe.pdf", "com.contoso.recipe"}).@count &gt;= 1\
        ).@count == 1</string>
        """,
        appending: """
          <key>UTImportedTypeDeclarations</key>
          <array>
          \t<dict>
          \t\t<key>UTTypeConformsTo</key>
          \t\t<array>
          \t\t\t<string>public.data</string>
          \t\t</array>
          \t\t<key>UTTypeIdentifier</key>
          \t\t<string>com.contoso.recipe</string>
          \t</dict>
          </array>
          """),
    ]
  )

  /// The share extension of the project examples: its rule names `com.contoso.recipe`, which no Info.plist declares.
  static let recipeShareInfoPlist = """
    <key>CFBundleIdentifier</key>
    <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>NSExtension</key>
    <dict>
    \t<key>NSExtensionAttributes</key>
    \t<dict>
    \t\t<key>NSExtensionActivationRule</key>
    \t\t<string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
    ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO ↓"com.contoso.recipe").@count &gt;= 1).@count == 1</string>
    \t</dict>
    \t<key>NSExtensionPointIdentifier</key>
    \t<string>com.apple.share-services</string>
    </dict>
    """

  /// A project whose share extension compiles `Share/ShareViewController.swift`.
  static let recipeProject = ExampleProject(targets: [
    .init("App"), .init("Share", isExtension: true, sources: ["Share/ShareViewController.swift"]),
  ])

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let predicate = site.predicate else { return }
    // A type the system knows, every registry knows: the target's own (system types plus the app's) is built
    // only for a type the system does not know, as most rules name system types only.
    var registeredInCode: [String: Bool] = [:]
    let comparisons = PredicateTreeWalk.comparisons(in: predicate)
    // Lazily: the types the rule tests, lowercased, to see whether a suggestion is already among them.
    var testedTypes: Set<String>?
    for comparison in comparisons {
      for type in comparison.testedTypeConstants
      where !UniformTypeRegistry.system.knows(type.text) && !target.typeRegistry.knows(type.text)
        && !type.text.hasPrefix("dyn.")
      {
        guard findings.acceptsPredicateFindings else { return }
        // Another organization's type is its app's to declare: named only when the whole identifier is a near
        // miss of a known one (a shared last component says nothing there: `org.opml.opml`, `unofficial.opml`).
        let foreign = Self.belongsToAnotherOrganization(
          type.text, bundleIdentifier: EntraRegistration.resolvedBundleIdentifier(of: target))
        let nearest = target.typeRegistry.nearestKnown(to: type.text, matchingLastComponent: !foreign)
        if foreign && nearest == nil { continue }
        // A rule listing variants on purpose (`unofficial.opml`, `public.opml`, `org.opml.opml`) already tests the
        // type a suggestion would name: the variant is there for apps that declare it.
        if let nearest {
          let tested = testedTypes ?? Set(comparisons.flatMap { $0.testedTypeConstants.map { $0.text.lowercased() } })
          testedTypes = tested
          if tested.contains(nearest.lowercased()) { continue }
        }
        // A type the target's own code registers (`registerItem(forTypeIdentifier: "com.contoso.recipe")`) is one
        // its own share flows offer: known to the app, whatever its Info.plist declares.
        let registered = registeredInCode[type.text] ?? Self.sourcesHoldLiteral(type.text, of: target)
        registeredInCode[type.text] = registered
        if registered { continue }
        var message = "'\(type.text)' is neither a system type nor declared by the app"
        if let nearest { message += "; did you mean '\(nearest)'?" }
        findings.report(
          message, inPredicateOf: site, range: type.range, label: "unknown type",
          notes: ["declare the app's own types in UTExportedTypeDeclarations or UTImportedTypeDeclarations"])
      }
    }
  }

  /// Whether a Swift or Objective-C source the target compiles (or builds with) holds a string literal equal to
  /// `identifier` (or to the type its Intune twin wraps).
  static func sourcesHoldLiteral(_ identifier: String, of target: LintTarget) -> Bool {
    guard let files = target.settings.buildFacts?.sourceCode?.filesWithDependencies.files, !files.isEmpty else { return false }
    let wanted: Set<String> = [identifier, IntuneMAMTypes.unwrappingIntuneMAM(identifier)]
    return files.contains { file in
      file.tokens.indices.contains { index in file.stringContent(index).map(wanted.contains) ?? false }
    }
  }

  /// Whether `identifier` (its Intune twin's original, for a `com.microsoft.intune.mam.` twin) is in a namespace
  /// that is neither Apple's (`public.`, `com.apple.`) nor the organization of `bundleIdentifier` (its first two
  /// parts): a type another app may declare. With no literal bundle identifier, any non-Apple namespace may be.
  static func belongsToAnotherOrganization(_ identifier: String, bundleIdentifier: String?) -> Bool {
    var type = identifier.lowercased()
    if type.hasPrefix(IntuneMAMTypes.prefix) { type.removeFirst(IntuneMAMTypes.prefix.count) }
    if type.hasPrefix("public.") || type.hasPrefix("com.apple.") { return false }
    guard let bundleIdentifier, !bundleIdentifier.contains("$") else { return true }
    let organization = bundleIdentifier.lowercased().split(separator: ".", omittingEmptySubsequences: false).prefix(2)
    guard organization.count == 2 else { return true }
    return !type.hasPrefix(organization.joined(separator: ".") + ".")
  }
}

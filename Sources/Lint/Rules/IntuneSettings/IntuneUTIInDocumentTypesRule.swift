import IntuneKnowledge
import PropertyList

/// IM012: `com.microsoft.intune.mam.` types declared by hand in document types or imported types.
struct IntuneUTIInDocumentTypesRule: LintRule {
  /// The prefix of the Intune SDK's mirror types.
  static let intuneTypePrefix = "com.microsoft.intune.mam."

  static let description = RuleDescription(
    identifier: "intune-uti-in-document-types",
    family: .intuneSettings, number: 12,
    summary: "document types list com.microsoft.intune.mam. types",
    whatItDoes: """
      Finds `com.microsoft.intune.mam.`-prefixed entries in `CFBundleDocumentTypes[].LSItemContentTypes` \
      and Intune entries in `UTImportedTypeDeclarations`, which IntuneMAMConfigurator removes.
      """,
    whyItMatters: """
      Declaring the SDK's mirror types was 2017 advice, reversed in SDK 8.1.1: the SDK now handles them \
      itself and the configurator deletes them on every run. Left in, the app claims the SDK's \
      encrypted transfer types as its own documents, so iOS can hand it protected copies directly \
      instead of through the SDK, and the plist in the repository differs from the one that ships.
      """,
    useInstead: "List only the real types (`com.adobe.pdf`); the SDK adds what it needs.",
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleDocumentTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleTypeName</key>
        \t\t<string>PDF Document</string>
        \t\t<key>LSItemContentTypes</key>
        \t\t<array>
        \t\t\t<string>com.adobe.pdf</string>
        \t\t\t↓<string>com.microsoft.intune.mam.com.adobe.pdf</string>
        \t\t\t<string>public.plain-text</string>
        \t\t\t↓<string>com.microsoft.intune.mam.public.plain-text</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict/>
        <key>UTImportedTypeDeclarations</key>
        <array>
        \t↓<dict>
        \t\t<key>UTTypeIdentifier</key>
        \t\t<string>com.microsoft.intune.mam.com.adobe.pdf</string>
        \t</dict>
        </array>
        """,
        messages: [
          """
          'com.microsoft.intune.mam.com.adobe.pdf' in a document type: current Intune SDKs add MAM types themselves \
          and IntuneMAMConfigurator removes these
          """,
          """
          'com.microsoft.intune.mam.public.plain-text' in a document type: current Intune SDKs add MAM types \
          themselves and IntuneMAMConfigurator removes these
          """,
          """
          imported type 'com.microsoft.intune.mam.com.adobe.pdf' is an Intune MAM type; IntuneMAMConfigurator removes \
          these declarations
          """,
        ],
        corrected: """
          <key>CFBundleDocumentTypes</key>
          <array>
          \t<dict>
          \t\t<key>CFBundleTypeName</key>
          \t\t<string>PDF Document</string>
          \t\t<key>LSItemContentTypes</key>
          \t\t<array>
          \t\t\t<string>com.adobe.pdf</string>
          \t\t\t<string>public.plain-text</string>
          \t\t</array>
          \t</dict>
          </array>
          <key>IntuneMAMSettings</key>
          <dict/>
          <key>UTImportedTypeDeclarations</key>
          <array>
          </array>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>CFBundleDocumentTypes</key>
        <array>
        \t<dict>
        \t\t<key>LSItemContentTypes</key>
        \t\t<array>
        \t\t\t<string>com.adobe.pdf</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict/>
        """),
    ],
    adviceSinceSDK: ReleaseVersion(8, 1, 1)
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let root = target.infoPlist.root
    for documentType in root["CFBundleDocumentTypes"]?.elements ?? [] {
      guard let contentTypes = documentType["LSItemContentTypes"], let elements = contentTypes.elements else {
        continue
      }
      let intuneTypes = elements.filter { $0.string?.hasPrefix(Self.intuneTypePrefix) == true }
      report(intuneTypes, in: contentTypes, of: target, into: &findings) { element in
        "'\(element.string ?? "")' in a document type: current Intune SDKs add MAM types themselves and "
          + "IntuneMAMConfigurator removes these"
      }
    }
    if let imported = root["UTImportedTypeDeclarations"], let declarations = imported.elements {
      let intuneDeclarations = declarations.filter {
        $0["UTTypeIdentifier"]?.string?.hasPrefix(Self.intuneTypePrefix) == true
      }
      report(intuneDeclarations, in: imported, of: target, into: &findings) { declaration in
        "imported type '\(declaration["UTTypeIdentifier"]?.string ?? "")' is an Intune MAM type; "
          + "IntuneMAMConfigurator removes these declarations"
      }
    }
  }

  /// One finding per element of `array` to remove; the first carries the fix removing them all
  /// (highest index first, so a binary plist's value tree stays addressable as it shrinks).
  private func report(
    _ elements: [PropertyListNode], in array: PropertyListNode, of target: LintTarget,
    into findings: inout Findings, message: (PropertyListNode) -> String
  ) {
    guard let first = elements.first else { return }
    let indexes = elements.compactMap { element -> Int? in
      if case .index(let index) = element.path.last { return index }
      return nil
    }
    let title = elements.count == 1
      ? "remove '\(first.keyPath)'" : "remove \(elements.count) Intune types from '\(array.keyPath)'"
    let fix = findings.fix(
      title, .safe, in: target.infoPlist, indexes.sorted(by: >).map { .removeElement(from: array.path, at: $0) })
    for element in elements {
      let isFirst = element.path == first.path
      findings.report(
        message(element), about: element, in: target.infoPlist,
        notes: isFirst ? [] : ["the fix of '\(first.keyPath)' removes this entry too"], fix: isFirst ? fix : nil)
    }
  }
}

import IntuneKnowledge
import PropertyList
import SharelintBase

/// AR015: an `NSExtension` key written in a dictionary iOS does not read it from.
struct MisplacedExtensionKeyRule: LintRule {
  static let description = RuleDescription(
    identifier: "misplaced-extension-key",
    family: .activationRules, number: 15,
    summary: "an app extension key is in a dictionary iOS does not read it from",
    whatItDoes: """
      Checks where each key of an app extension's `NSExtension` is written against where iOS reads it \
      (`AppExtensionKeyPlacement`, from Apple's App Extension Keys reference): `NSExtensionPointIdentifier`, \
      `NSExtensionPrincipalClass`, `NSExtensionMainStoryboard` and `NSExtensionAttributes` directly in \
      `NSExtension`; `NSExtensionActivationRule`, `NSExtensionActionWantsFullScreenPresentation`, \
      `NSExtensionJavaScriptPreprocessingFile`, `PHSupportedMediaTypes` and the other extension points' \
      attributes in `NSExtensionAttributes`; the `NSExtensionActivation…` constants, \
      `NSExtensionActivationDictionaryVersion` and `NSExtensionActivationUsesStrictMatching` inside a \
      dictionary-form `NSExtensionActivationRule` (share and action extensions only). A key at the \
      Info.plist's top level that belongs in `NSExtension` or `NSExtensionAttributes` is reported too.
      """,
    whyItMatters: """
      iOS looks a key up only in its own dictionary and ignores it anywhere else, without a warning: an \
      `NSExtensionActivationRule` directly under `NSExtension` leaves the share extension with no rule at \
      all, so it never appears in the share sheet; `NSExtensionActivationDictionaryVersion` next to the rule \
      instead of inside it leaves the rule at version 1 (strict matching).
      """,
    useInstead: """
      The key in its dictionary. The fix moves it there, key and value as written (only the indentation of \
      lines outside a string's text changes), creating `NSExtensionAttributes` when it is missing; the move \
      of an `NSExtensionActivation…` constant into the rule is unsafe, as it changes which shares activate \
      the extension (review it, then `fix --unsafe`). An Info.plist XcodeGen writes from `info: properties:` \
      is fixed in the spec: the key's lines move between the `NSExtension` mappings there. There is no fix \
      when the right dictionary already holds the key, when a predicate-form rule cannot hold it, or when the \
      spec's text cannot be edited safely (anchors, aliases, a target template): move it there.
      """,
    fixApplicabilities: [.safe, .unsafe],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.action</string>
        <key>NSExtension</key>
        <dict>
        \t↓<key>NSExtensionActionWantsFullScreenPresentation</key>
        \t<true/>
        \t<key>NSExtensionAttributes</key>
        \t<dict>
        \t\t<key>NSExtensionActivationRule</key>
        \t\t<dict>
        \t\t\t<key>NSExtensionActivationDictionaryVersion</key>
        \t\t\t<integer>2</integer>
        \t\t\t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t\t\t<integer>1</integer>
        \t\t</dict>
        \t</dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.ui-services</string>
        </dict>
        """,
        messages: [
          """
          iOS ignores 'NSExtensionActionWantsFullScreenPresentation' in 'NSExtension': it reads it from \
          'NSExtension.NSExtensionAttributes'
          """,
        ],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.contoso.notes.action</string>
          <key>NSExtension</key>
          <dict>
          \t<key>NSExtensionAttributes</key>
          \t<dict>
          \t\t<key>NSExtensionActivationRule</key>
          \t\t<dict>
          \t\t\t<key>NSExtensionActivationDictionaryVersion</key>
          \t\t\t<integer>2</integer>
          \t\t\t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
          \t\t\t<integer>1</integer>
          \t\t</dict>
          \t\t<key>NSExtensionActionWantsFullScreenPresentation</key>
          \t\t<true/>
          \t</dict>
          \t<key>NSExtensionPointIdentifier</key>
          \t<string>com.apple.ui-services</string>
          </dict>
          """),
      // The rule directly under NSExtension, with no NSExtensionAttributes: the fix creates it.
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.share</string>
        <key>NSExtension</key>
        <dict>
        \t↓<key>NSExtensionActivationRule</key>
        \t<string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments,
        \t\t$attachment, ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
        \t\t).@count &gt;= 1).@count == 1</string>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.share-services</string>
        </dict>
        """,
        messages: [
          """
          iOS ignores 'NSExtensionActivationRule' in 'NSExtension': it reads it from \
          'NSExtension.NSExtensionAttributes'
          """,
        ],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.contoso.notes.share</string>
          <key>NSExtension</key>
          <dict>
          \t<key>NSExtensionPointIdentifier</key>
          \t<string>com.apple.share-services</string>
          \t<key>NSExtensionAttributes</key>
          \t<dict>
          \t\t<key>NSExtensionActivationRule</key>
          \t\t<string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments,
          \t\t$attachment, ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
          \t\t).@count &gt;= 1).@count == 1</string>
          \t</dict>
          </dict>
          """),
      // The version next to the rule instead of inside it.
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.share</string>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionAttributes</key>
        \t<dict>
        \t\t↓<key>NSExtensionActivationDictionaryVersion</key>
        \t\t<integer>2</integer>
        \t\t<key>NSExtensionActivationRule</key>
        \t\t<dict>
        \t\t\t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t\t\t<integer>1</integer>
        \t\t\t<key>NSExtensionActivationSupportsAttachmentsWithMaxCount</key>
        \t\t\t<integer>1</integer>
        \t\t</dict>
        \t</dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.share-services</string>
        </dict>
        """,
        messages: [
          """
          iOS ignores 'NSExtensionActivationDictionaryVersion' in 'NSExtension.NSExtensionAttributes': it reads it \
          from 'NSExtension.NSExtensionAttributes.NSExtensionActivationRule'
          """,
        ],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.contoso.notes.share</string>
          <key>NSExtension</key>
          <dict>
          \t<key>NSExtensionAttributes</key>
          \t<dict>
          \t\t<key>NSExtensionActivationRule</key>
          \t\t<dict>
          \t\t\t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
          \t\t\t<integer>1</integer>
          \t\t\t<key>NSExtensionActivationSupportsAttachmentsWithMaxCount</key>
          \t\t\t<integer>1</integer>
          \t\t\t<key>NSExtensionActivationDictionaryVersion</key>
          \t\t\t<integer>2</integer>
          \t\t</dict>
          \t</dict>
          \t<key>NSExtensionPointIdentifier</key>
          \t<string>com.apple.share-services</string>
          </dict>
          """),
      // A predicate-form rule has no version: nothing to move it into.
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.share</string>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionAttributes</key>
        \t<dict>
        \t\t<key>NSExtensionActivationRule</key>
        \t\t<string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count &gt;= 1).@count == 1</string>
        \t\t↓<key>NSExtensionActivationUsesStrictMatching</key>
        \t\t<true/>
        \t</dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.share-services</string>
        </dict>
        """,
        messages: [
          """
          iOS ignores 'NSExtensionActivationUsesStrictMatching' in 'NSExtension.NSExtensionAttributes': it belongs in \
          a dictionary-form 'NSExtension.NSExtensionAttributes.NSExtensionActivationRule', and this rule is a \
          predicate
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.action</string>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionAttributes</key>
        \t<dict>
        \t\t<key>NSExtensionActionWantsFullScreenPresentation</key>
        \t\t<true/>
        \t\t<key>NSExtensionActivationRule</key>
        \t\t<dict>
        \t\t\t<key>NSExtensionActivationDictionaryVersion</key>
        \t\t\t<integer>2</integer>
        \t\t\t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t\t\t<integer>1</integer>
        \t\t</dict>
        \t</dict>
        \t<key>NSExtensionMainStoryboard</key>
        \t<string>MainInterface</string>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.ui-services</string>
        </dict>
        """),
      // A widget has no activation rule: the activation keys' place is not checked there.
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.widget</string>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.widgetkit-extension</string>
        </dict>
        """),
    ]
  )

  /// One key written in the wrong dictionary.
  struct Misplacement {
    /// The dictionary it is written in.
    var container: PropertyListNode
    /// The entry.
    var entry: PropertyListNode.Entry
    /// Where iOS reads it.
    var place: AppExtensionKeyPlacement.Place
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    for misplacement in Self.misplacements(in: target) {
      report(misplacement, in: target, into: &findings)
    }
  }

  /// The misplaced keys of `target`'s Info.plist, in the order of the dictionaries checked (top level,
  /// `NSExtension`, `NSExtensionAttributes`, the rule dictionary), each in document order.
  static func misplacements(in target: LintTarget) -> [Misplacement] {
    guard target.kind == .appExtension else { return [] }
    let root = target.infoPlist.root
    let extensionNode = root["NSExtension"].flatMap { $0.entries == nil ? nil : $0 }
    let attributes = extensionNode?["NSExtensionAttributes"].flatMap { $0.entries == nil ? nil : $0 }
    let rule = attributes?["NSExtensionActivationRule"].flatMap { $0.entries == nil ? nil : $0 }
    let point = extensionNode?["NSExtensionPointIdentifier"]?.string
    let isActivated = point.map(AppExtensionKeyPlacement.activatedExtensionPoints.contains) ?? false
    let containers: [(AppExtensionKeyPlacement.Place, PropertyListNode?)] = [
      (.infoPlist, root), (.extensionDictionary, extensionNode), (.attributes, attributes), (.activationRule, rule),
    ]
    var found: [Misplacement] = []
    for (place, container) in containers {
      guard let container, let entries = container.entries else { continue }
      for entry in entries {
        guard let belongs = AppExtensionKeyPlacement.place(of: entry.key.text), belongs != place else { continue }
        // The activation keys matter only to share and action extensions, and `NSExtension` itself is at the top.
        if belongs == .activationRule && !isActivated { continue }
        found.append(Misplacement(container: container, entry: entry, place: belongs))
      }
    }
    return found
  }

  private func report(_ misplacement: Misplacement, in target: LintTarget, into findings: inout Findings) {
    let document = target.infoPlist
    let key = misplacement.entry.key.text
    let container = misplacement.container
    let here = container.path.isEmpty ? "at the Info.plist's top level" : "in '\(container.keyPath)'"
    let destinationPath = misplacement.place.keyPath.map(PropertyListPathComponent.key)
    let destinationName = destinationPath.keyPathDescription
    let destination = document.value(at: destinationPath)
    if misplacement.place == .activationRule, let destination, destination.entries == nil {
      findings.report(
        """
        iOS ignores '\(key)' \(here): it belongs in a dictionary-form '\(destinationName)', and this rule is a \
        \(destination.string != nil ? "predicate" : destination.typeName)
        """,
        aboutKeyOf: misplacement.entry, in: document,
        notes: ["remove it, or write the rule as a dictionary holding it"])
      return
    }
    var notes: [String] = []
    let fix = moveFix(misplacement, to: destinationPath, destination: destination, in: document, notes: &notes,
                      findings: findings)
    findings.report(
      "iOS ignores '\(key)' \(here): it reads it from '\(destinationName)'", aboutKeyOf: misplacement.entry,
      in: document, notes: notes, fix: fix)
  }

  /// The fix moving the key, or `nil` (with a note saying why) when it cannot be moved safely.
  private func moveFix(
    _ misplacement: Misplacement, to destinationPath: [PropertyListPathComponent], destination: PropertyListNode?,
    in document: PropertyListDocument, notes: inout [String], findings: Findings
  ) -> LintFix? {
    let key = misplacement.entry.key.text
    let destinationName = destinationPath.keyPathDescription
    guard (misplacement.container.entries ?? []).count(where: { $0.key.text == key }) == 1 else {
      notes.append("'\(key)' is written more than once here; keep one and move it")
      return nil
    }
    if let destination {
      guard let entries = destination.entries else {
        notes.append("'\(destinationName)' is a \(destination.typeName), not a dictionary")
        return nil
      }
      if entries.contains(where: { $0.key.text == key }) {
        notes.append("'\(destinationName)' already has '\(key)': iOS reads that one; remove this one")
        return nil
      }
    } else {
      // Only the last dictionary of the path may be missing: the fix creates it in its parent.
      guard let parent = document.value(at: Array(destinationPath.dropLast())), parent.entries != nil else {
        notes.append("there is no '\(Array(destinationPath.dropLast()).keyPathDescription)' dictionary to move it into")
        return nil
      }
    }
    // A constant moved into the rule changes which shares activate the extension: the move is what was meant, but
    // what it lets in (or keeps out) is worth a look first.
    let applicability: FixIt.Applicability = misplacement.place == .activationRule ? .unsafe : .safe
    return findings.fix(
      "move '\(key)' into '\(destinationName)'", applicability, in: document,
      [.moveEntry(key: key, from: misplacement.container.path, to: destinationPath)])
  }
}

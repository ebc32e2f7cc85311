import ActivationRules
import PropertyList
import UniformTypes

/// IM019: an action extension shaped as Intune's "Open in" extension without `OpenInActionExtension` = YES.
struct OpenInExtensionWithoutFlagRule: LintRule {
  static let key = "OpenInActionExtension"
  /// The extension points of action extensions (with and without UI).
  static let actionExtensionPoints: Set<String> = ["com.apple.ui-services", "com.apple.services"]

  static let description = RuleDescription(
    identifier: "open-in-extension-without-flag",
    family: .intuneSettings, number: 19,
    summary: "an Open-in action extension lacks OpenInActionExtension = YES",
    whatItDoes: """
      In action extensions whose activation rule accepts only `com.microsoft.intune.mam.` types (the shape of \
      the Intune "Open in" extension), requires `IntuneMAMSettings.OpenInActionExtension` = YES.
      """,
    whyItMatters: """
      The 2020 developer guide ("Share Data via UIActivityViewController", "Copy To" actions, step 6) and the \
      stage 3 settings table ask for `OpenInActionExtension` = YES in the Open-in extension: it tells the SDK \
      inside the extension to implement the file hand-over itself (the extension is a stub). Without it the \
      extension shows up for managed documents and then does nothing, or is not offered at all \
      (ms-intune-app-sdk-ios#63).
      """,
    useInstead: "Add `OpenInActionExtension` = YES under the extension's `IntuneMAMSettings`; the fix does.",
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        ↓<dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        </dict>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionAttributes</key>
        \t<dict>
        \t\t<key>NSExtensionActivationRule</key>
        \t\t<string>SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $attachment, ANY \
        $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.text").@count == 1)\
        .@count == 1</string>
        \t</dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.ui-services</string>
        </dict>
        """,
        messages: [
          """
          IntuneMAMSettings has no 'OpenInActionExtension' = YES; the activation rule takes only \
          'com.microsoft.intune.mam.' types, as the Intune Open-in extension does, and without it the SDK does not \
          hand the file over
          """,
        ],
        corrected: """
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>ContainingAppBundleId</key>
          \t<string>com.contoso.notes</string>
          \t<key>OpenInActionExtension</key>
          \t<true/>
          </dict>
          <key>NSExtension</key>
          <dict>
          \t<key>NSExtensionAttributes</key>
          \t<dict>
          \t\t<key>NSExtensionActivationRule</key>
          \t\t<string>SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $attachment, ANY \
          $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.text").@count == 1)\
          .@count == 1</string>
          \t</dict>
          \t<key>NSExtensionPointIdentifier</key>
          \t<string>com.apple.ui-services</string>
          </dict>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        </dict>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionAttributes</key>
        \t<dict>
        \t\t<key>NSExtensionActivationRule</key>
        \t\t<string>SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $attachment, ANY \
        $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.text" || ANY \
        $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.text").@count == 1)\
        .@count == 1</string>
        \t</dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.ui-services</string>
        </dict>
        """),
    ],
    guideSteps: [58]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .appExtension,
      let point = target.infoPlist.value(at: [.key("NSExtension"), .key("NSExtensionPointIdentifier")])?.string,
      Self.actionExtensionPoints.contains(point), let resolved = target.canonicalActivationPredicate,
      resolved.conversion == nil
    else { return }
    let types = PredicateTreeWalk.comparisons(in: resolved.predicate).flatMap { $0.testedTypeConstants.map(\.text) }
    guard !types.isEmpty, types.allSatisfy(IntuneMAMTypes.isIntuneMAMType) else { return }
    let setting = target.intuneSettings?[Self.key]
    guard !intuneFlagIsOn(setting) else { return }
    let reason = "the activation rule takes only 'com.microsoft.intune.mam.' types, as the Intune Open-in extension "
      + "does, and without it the SDK does not hand the file over"
    if let setting {
      findings.report("'\(Self.key)' is not YES; \(reason)", about: setting, in: target.infoPlist)
      return
    }
    let fix = target.intuneSettings.map { settings in
      findings.fix(
        "add '\(Self.key)' = YES to 'IntuneMAMSettings'", .safe, in: target.infoPlist,
        [.insertEntry(
          into: settings.path, key: Self.key, value: .boolean(true), after: keySortingBefore(Self.key, in: settings))])
    }
    findings.reportMissingIntuneSetting(
      "no '\(Self.key)' = YES", consequence: reason, key: Self.key, of: target, fix: fix)
  }
}

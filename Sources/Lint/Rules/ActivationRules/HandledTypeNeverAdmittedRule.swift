import ActivationRules

/// AR020: the extension's code handles a type its activation rule never lets in.
struct HandledTypeNeverAdmittedRule: LintRule {
  static let description = RuleDescription(
    identifier: "handled-type-never-admitted",
    family: .activationRules, number: 20,
    summary: "the extension's code handles a type its activation rule never lets in",
    whatItDoes: """
      Reads the types a share or action extension's own Swift and Objective-C files handle, as AR019 does, and \
      reports each one that no share the activation rule lets in carries: no everyday share of `sharelint rule \
      simulate` (as unmanaged apps send them) carrying it activates the extension, nor a file of that type, nor a \
      file of a type the rule names that conforms to it. The finding is at the rule, with the line of the code. \
      Nothing is said in the cases AR019 stays silent in, nor about code in frameworks the extension builds with.
      """,
    whyItMatters: """
      Code that loads images behind a rule that lets in only URLs is either dead, or the feature someone wrote \
      and never saw work because the share sheet never offered the extension for it: users who share a photo do \
      not find the app. One of the two is wrong, and only the developer knows which.
      """,
    useInstead: """
      Let the type in (`sharelint rule simulate` shows the shares a rule lets in), or remove the code that \
      handles it.
      """,
    fixApplicabilities: [],
    defaultSeverity: .info,
    requiresIntune: false,
    triggeringExamples: [
      HandledTypesExample.make(
        rule: """
          ↓<dict>
          \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
          \t<integer>1</integer>
          </dict>
          """,
        files: [
          "Share/ShareViewController.swift": """
            import UIKit

            final class ShareViewController: UIViewController {
              func load(_ provider: NSItemProvider) {
                if provider.hasItemConformingToTypeIdentifier("public.url") {
                  provider.loadItem(forTypeIdentifier: "public.url") { url, _ in print(url as Any) }
                } else if provider.canLoadObject(ofClass: UIImage.self) {
                  _ = provider.loadObject(ofClass: UIImage.self) { image, _ in print(image as Any) }
                }
              }
            }
            """,
        ],
        messages: [
          """
          ShareViewController.swift:7 checks for public.image, but the activation rule lets in no share carrying \
          public.image
          """,
        ]),
      HandledTypesExample.make(
        rule: """
          <string>↓SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $attachment,
          \tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count == 1).@count == 1</string>
          """,
        files: [
          "Share/ShareViewController.m": """
            @import UniformTypeIdentifiers;
            static NSString *const PDFType = @"com.adobe.pdf";

            @implementation ShareViewController
            - (void)load:(NSItemProvider *)provider {
              [provider loadFileRepresentationForTypeIdentifier:UTTypeImage.identifier
                                              completionHandler:^(NSURL *url, NSError *error) {}];
              [provider loadDataRepresentationForTypeIdentifier:PDFType completionHandler:^(NSData *d, NSError *e) {}];
            }
            @end
            """,
        ],
        messages: [
          """
          ShareViewController.m:8 loads com.adobe.pdf, but the activation rule lets in no share carrying com.adobe.pdf
          """,
        ]),
    ],
    nonTriggeringExamples: [
      HandledTypesExample.make(
        rule: """
          <dict>
          \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
          \t<integer>1</integer>
          \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
          \t<integer>1</integer>
          </dict>
          """,
        files: [
          "Share/ShareViewController.swift": """
            import UIKit

            final class ShareViewController: UIViewController {
              func load(_ provider: NSItemProvider) {
                if provider.canLoadObject(ofClass: URL.self) {
                  _ = provider.loadObject(ofClass: URL.self) { url, _ in print(url as Any) }
                } else if provider.hasItemConformingToTypeIdentifier(UTType.png.identifier) {
                  provider.loadItem(forTypeIdentifier: UTType.png.identifier) { image, _ in print(image as Any) }
                }
              }
            }
            """,
        ]),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let comparison = HandledTypesComparison.of(target) else { return }
    for use in comparison.neverAdmitted {
      let verb = use.call.hasPrefix("has") || use.call.hasPrefix("canLoad") || use.call.hasPrefix("-has")
        || use.call.hasPrefix("-canLoad") ? "checks for" : "loads"
      findings.report(
        "\(use.place) \(verb) \(use.type), but the activation rule lets in no share carrying \(use.type)",
        aboutRuleOf: comparison.site,
        notes: ["the rule lets in: " + comparison.admitted.prefix(4).map { "'\($0.name)'" }.joined(separator: ", ")
          + (comparison.admitted.count > 4 ? " and \(comparison.admitted.count - 4) more" : "")])
    }
  }
}

import ActivationRules

/// AR019: the activation rule lets in an everyday share whose types the extension's code never handles.
struct AdmitsUnhandledShareRule: LintRule {
  static let description = RuleDescription(
    identifier: "activation-admits-unhandled-share",
    family: .activationRules, number: 19,
    summary: "the activation rule lets in a share whose types the extension's code never handles",
    whatItDoes: """
      For a share or action extension of an Xcode project, reads the types its Swift and Objective-C code \
      handles — the type identifiers it passes to `NSItemProvider` (`loadItem(forTypeIdentifier:)`, \
      `hasItemConformingToTypeIdentifier(_:)`, `loadDataRepresentation`, `loadFileRepresentation`, \
      `loadInPlaceFileRepresentation`), the classes it loads (`loadObject(ofClass:)`, `canLoadObject(ofClass:)` with \
      `URL`, `NSURL`, `UIImage`, `String`, `NSString`, `NSAttributedString`), written as string literals \
      (`"public.url"`), `UTType` constants (`UTType.image`, `.pdf`, `UTTypeURL`), `kUTType…` constants or a name \
      the same file gives one of those once; the text an `SLComposeServiceViewController` hands over \
      (`contentText`) counts as plain text — then evaluates the activation rule on the everyday shares of \
      `sharelint rule simulate` (as unmanaged apps send them) and reports the first share the rule lets in that \
      carries no type conforming to a handled one (code handling `public.image` handles `public.jpeg`), at the \
      rule, with where the code handles each type. Nothing is said when the code is not there (React Native, \
      Flutter, .NET), handles types generically (`registeredTypeIdentifiers`, `public.item`, `public.data`) or \
      through a name it cannot follow, when the rule cannot be evaluated, or when it lets in no share at all \
      (AR012).
      """,
    whyItMatters: """
      The share sheet shows the extension for everything its rule lets in; when the user picks it for a photo and \
      the code only looks for a URL, the extension opens on nothing, posts nothing, or closes at once. Users take \
      it as broken. Under an Intune policy the extension is also the app's door for managed data: letting in \
      what it drops loses the user's content without a word.
      """,
    useInstead: """
      Narrow the rule to what the code handles (`sharelint rule simulate` shows which shares it lets in), or \
      handle the share's type in the code.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      HandledTypesExample.make(
        rule: "<string>↓TRUEPREDICATE</string>",
        files: [
          "Share/ShareViewController.swift": """
            import UIKit
            import UniformTypeIdentifiers

            final class ShareViewController: UIViewController {
              override func viewDidLoad() {
                super.viewDidLoad()
                let item = extensionContext?.inputItems.first as? NSExtensionItem
                guard let provider = item?.attachments?.first,
                  provider.hasItemConformingToTypeIdentifier(UTType.url.identifier)
                else { return }
                provider.loadItem(forTypeIdentifier: UTType.url.identifier, options: nil) { url, _ in
                  print(url as Any)
                }
              }
            }
            """,
        ],
        messages: [
          """
          'Photos: one photo' activates the extension, but the code handles none of the types it carries (public.jpeg, \
          public.heic): ShareViewController.swift handles only public.url
          """,
        ]),
      HandledTypesExample.make(
        rule: """
          ↓<dict>
          \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
          \t<integer>1</integer>
          \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
          \t<integer>1</integer>
          </dict>
          """,
        files: [
          "Share/ShareViewController.m": """
            #import "ShareViewController.h"
            @import MobileCoreServices;

            @implementation ShareViewController
            - (void)didSelectPost {
              NSItemProvider *provider = [self.extensionContext.inputItems.firstObject attachments].firstObject;
              if ([provider hasItemConformingToTypeIdentifier:(NSString *)kUTTypeURL]) {
                [provider loadItemForTypeIdentifier:(NSString *)kUTTypeURL options:nil
                                  completionHandler:^(NSURL *url, NSError *error) { [self post:url]; }];
              }
            }
            @end
            """,
        ],
        messages: [
          """
          'Photos: one photo' activates the extension, but the code handles none of the types it carries (public.jpeg, \
          public.heic): ShareViewController.m handles only public.url
          """,
        ]),
    ],
    nonTriggeringExamples: [
      HandledTypesExample.make(
        rule: """
          <dict>
          \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
          \t<integer>1</integer>
          \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
          \t<integer>1</integer>
          </dict>
          """,
        files: [
          "Share/ShareViewController.swift": """
            import UIKit

            let imageType = "public.image"

            final class ShareViewController: UIViewController {
              func load(_ provider: NSItemProvider) {
                if provider.canLoadObject(ofClass: URL.self) {
                  _ = provider.loadObject(ofClass: URL.self) { url, _ in print(url as Any) }
                } else if provider.hasItemConformingToTypeIdentifier(imageType) {
                  provider.loadFileRepresentation(forTypeIdentifier: imageType) { file, _ in print(file as Any) }
                }
              }
            }
            """,
        ]),
      // Documents from Files reach a file-URL branch in practice (`HandledTypesComparison.loadableTypes`).
      HandledTypesExample.make(
        rule: """
          <dict>
          \t<key>NSExtensionActivationSupportsFileWithMaxCount</key>
          \t<integer>5</integer>
          </dict>
          """,
        files: [
          "Share/ShareViewController.swift": """
            import UIKit
            import UniformTypeIdentifiers

            final class ShareViewController: UIViewController {
              func load(_ provider: NSItemProvider) {
                if provider.hasItemConformingToTypeIdentifier(UTType.fileURL.identifier) {
                  provider.loadItem(forTypeIdentifier: UTType.fileURL.identifier) { file, _ in print(file as Any) }
                }
              }
            }
            """,
        ]),
      // A generic handler: whatever the provider registers.
      HandledTypesExample.make(
        rule: "<string>TRUEPREDICATE</string>",
        files: [
          "Share/ShareViewController.swift": """
            import UIKit

            final class ShareViewController: UIViewController {
              func load(_ provider: NSItemProvider) {
                for type in provider.registeredTypeIdentifiers {
                  provider.loadItem(forTypeIdentifier: type) { item, _ in print(item as Any) }
                }
              }
            }
            """,
        ]),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let comparison = HandledTypesComparison.of(target), let first = comparison.unhandled.first else { return }
    var notes = comparison.useNotes
    let others = comparison.unhandled.dropFirst().map { "'\($0.name)' (\(attachmentTypesText($0)))" }
    if !others.isEmpty { notes.insert("the rule also lets in, unhandled: " + others.joined(separator: ", "), at: 0) }
    if comparison.preprocesses, comparison.unhandled.contains(where: { attachmentTypesText($0) == "public.url" }) {
      notes.insert(
        "the JavaScript preprocessing file runs only when Safari shares a page; other apps (browsers, Messages, "
          + "Mail) share a link as a bare public.url, which the rule lets in", at: 0)
    }
    findings.report(
      "'\(first.name)' activates the extension, but the code handles none of the types it carries "
        + "(\(attachmentTypesText(first))): \(comparison.handlesOnlyText)",
      aboutRuleOf: comparison.site, notes: notes)
  }
}

/// Examples of AR019 and AR020: a project whose app embeds a share extension `Share` with `files` as its sources and
/// `rule` as its activation rule (markers in `Share/Info.plist`).
enum HandledTypesExample {
  static func make(
    rule: String, files: [String: String], messages: [String] = [], sourceFile: StaticString = #filePath,
    sourceLine: UInt = #line
  ) -> RuleExample {
    var all = files
    all["Share/Info.plist"] = ActivationRuleExample.body(rule, intune: false, appending: "")
    return RuleExample(
      project: ExampleProject(targets: [
        .init("App"),
        .init("Share", isExtension: true, sources: files.keys.sorted()),
      ]),
      files: all, markedFile: "Share/Info.plist", messages: messages, sourceFile: sourceFile,
      sourceLine: sourceLine)
  }
}

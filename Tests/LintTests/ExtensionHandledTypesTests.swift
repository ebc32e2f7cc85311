@testable import Lint
import SourceCode
import Testing

/// What `ExtensionHandledTypes` reads of an extension's code: each spelling of a type in Swift and Objective-C, and
/// the cases where it must say nothing (a generic handler, a name it cannot follow).
@Suite struct ExtensionHandledTypesTests {
  static func swift(_ text: String) -> SourceFile {
    SourceFile(name: "Share/ShareViewController.swift", bytes: Array(text.utf8), language: .swift)
  }

  static func objectiveC(_ text: String) -> SourceFile {
    SourceFile(name: "Share/ShareViewController.m", bytes: Array(text.utf8), language: .objectiveC)
  }

  /// The types read, or nil when the reading is not `.handles`.
  static func types(_ files: [SourceFile]) -> [String]? {
    guard case .handles(let uses) = ExtensionHandledTypes.read(files) else { return nil }
    return uses.map(\.type)
  }

  @Test func swiftSpellingsOfATypeAreRead() {
    let file = Self.swift("""
      import UniformTypeIdentifiers
      import MobileCoreServices
      let imageType = UTType.image
      func load(_ p: NSItemProvider) {
        p.loadItem(forTypeIdentifier: "public.url", options: nil) { _, _ in }
        p.hasItemConformingToTypeIdentifier(UTType.pdf.identifier)
        p.loadDataRepresentation(forTypeIdentifier: kUTTypeMovie as String) { _, _ in }
        p.loadFileRepresentation(for: .plainText) { _, _, _ in }
        p.loadInPlaceFileRepresentation(forTypeIdentifier: imageType.identifier) { _, _, _ in }
        _ = p.loadObject(ofClass: UIImage.self) { _, _ in }
        _ = p.canLoadObject(ofClass: NSAttributedString.self)
      }
      """)
    #expect(Self.types([file]) == [
      "public.url", "com.adobe.pdf", "public.movie", "public.plain-text", "public.image", "public.image",
      "public.text",
    ])
  }

  @Test func objectiveCSpellingsOfATypeAreRead() {
    let file = Self.objectiveC("""
      #define kFileURL @"public.file-url"
      static NSString *const PDFType = @"com.adobe.pdf";
      - (void)load:(NSItemProvider *)p {
        [p loadItemForTypeIdentifier:(NSString *)kUTTypeURL options:nil completionHandler:nil];
        [p hasItemConformingToTypeIdentifier:(__bridge NSString *)kUTTypeImage];
        [p loadFileRepresentationForTypeIdentifier:UTTypeMovie.identifier completionHandler:nil];
        [p loadDataRepresentationForTypeIdentifier:PDFType completionHandler:nil];
        [p hasItemConformingToTypeIdentifier:kFileURL];
        [p canLoadObjectOfClass:[NSURL class]];
      }
      """)
    #expect(Self.types([file]) == [
      "public.url", "public.image", "public.movie", "com.adobe.pdf", "public.file-url", "public.url",
    ])
  }

  @Test func usesCarryTheirLineAndCall() {
    let file = Self.swift(
      "func f(p: NSItemProvider) {\n  p.loadItem(forTypeIdentifier: \"public.url\") { _, _ in }\n}\n")
    guard case .handles(let uses) = ExtensionHandledTypes.read([file]) else {
      Issue.record("nothing read")
      return
    }
    #expect(uses.first?.place == "ShareViewController.swift:2")
    #expect(uses.first?.call == "loadItem(forTypeIdentifier:)")
  }

  @Test func genericHandlersAndNamesItCannotFollowSayNothing() {
    let loop = Self.swift("""
      func f(p: NSItemProvider) {
        for type in p.registeredTypeIdentifiers { p.loadItem(forTypeIdentifier: type) { _, _ in } }
      }
      """)
    let item = Self.swift("func f(p: NSItemProvider) { p.loadItem(forTypeIdentifier: UTType.item.identifier) }")
    let parameter = Self.swift("""
      func f(p: NSItemProvider, type: String) { p.loadItem(forTypeIdentifier: type) { _, _ in } }
      """)
    let reassigned = Self.swift("""
      var type = "public.url"
      func f(p: NSItemProvider) { type = "public.image"; p.loadItem(forTypeIdentifier: type) { _, _ in } }
      """)
    let interpolated = Self.swift(
      "func f(p: NSItemProvider) { p.hasItemConformingToTypeIdentifier(\"public.\\(x)\") }")
    let otherClass = Self.swift("func f(p: NSItemProvider) { _ = p.canLoadObject(ofClass: PHLivePhoto.self) }")
    for file in [loop, item, parameter, reassigned, interpolated, otherClass] {
      guard case .unknowable = ExtensionHandledTypes.read([file]) else {
        Issue.record("read \(String(decoding: file.text.bytes, as: UTF8.self))")
        continue
      }
    }
  }

  @Test func codeWithoutItemProviderCallsReadsNothing() {
    let file = Self.swift("""
      final class ShareViewController: UIViewController {
        func loadItem(at index: Int) {}
        override func viewDidLoad() { loadItem(at: 0) }
      }
      """)
    guard case .nothing = ExtensionHandledTypes.read([file]) else {
      Issue.record("read something")
      return
    }
  }

  @Test func composeViewTextCountsAsPlainTextButNotAsAProviderCall() {
    let file = Self.swift("final class S: SLComposeServiceViewController { func post() { send(contentText) } }")
    guard case .handles(let uses) = ExtensionHandledTypes.read([file]) else {
      Issue.record("nothing read")
      return
    }
    #expect(uses.map(\.type) == ["public.plain-text"])
    #expect(uses.allSatisfy { !$0.isProviderCall })
  }
}

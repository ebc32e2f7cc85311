import PredicateEvaluation

/// One realistic thing a user shares: which app offers it and the extension context it sends.
public struct ShareSheetInput: Hashable, Sendable {
  /// A short name, unique in the catalogue: `Photos: one photo`, `Photos: one photo (managed)`.
  public var name: String
  /// The host app the share sheet opens in.
  public var sourceApp: String
  /// Whether the host app is managed by an Intune app protection policy, so that every type it
  /// offers is wrapped in `com.microsoft.intune.mam.`.
  public var isManaged: Bool
  /// The extension items and their attachments.
  public var context: ExtensionContext { didSet { evaluationValue = context.evaluationValue } }
  /// The value a rule is evaluated on, made from `context`:
  /// `{"extensionItems": [{"attachments": [{"registeredTypeIdentifiers": [...]}]}]}`. Kept, as a
  /// catalogue input is evaluated for every extension linted.
  public private(set) var evaluationValue: EvaluationValue

  /// An input named `name`, shared from `sourceApp`.
  public init(name: String, sourceApp: String, isManaged: Bool = false, context: ExtensionContext) {
    self.name = name
    self.sourceApp = sourceApp
    self.isManaged = isManaged
    self.context = context
    evaluationValue = context.evaluationValue
  }

  /// The same input shared from a managed copy of the host app.
  public var managed: ShareSheetInput {
    ShareSheetInput(
      name: name + " (managed)", sourceApp: sourceApp, isManaged: true, context: context.wrappedForIntuneMAM)
  }
}

/// A fixed catalogue of share-sheet inputs, for `rule simulate`.
///
/// **Sources and assumptions.** Apple documents what `NSItemProvider` registers for a file, not what each of its
/// apps puts on the share sheet; each entry below cites what it rests on (read 2026-11-28) or says that nothing public
/// was found. Every input comes as one extension item, as hosts send in practice. The managed variants wrap every
/// identifier, as the Intune App SDK does for data leaving a managed app (`IntuneMAMTypes`). Real hosts differ between
/// iOS versions; check a surprising answer on a device.
///
/// Files used to be modelled with `public.file-url` next to the document's type, which made every rule testing
/// `public.url` "activate for any file". Apple's documentation of `NSItemProvider.init(contentsOf:)` (the provider
/// a host makes for a file) says the provider takes its type from the file's extension, `public.data` when it has
/// none to match — not `public.file-url`:
/// https://developer.apple.com/documentation/foundation/nsitemprovider/init(contentsof:); and a PDF "shared straight
/// from Files, with no web address behind it, reports no link", arriving "tagged with the type com.adobe.pdf"
/// (https://readplace.com/blog/save-pdf-from-iphone-share-sheet). The file-URL attachment does occur, from other
/// hosts: Mail's attachments since iOS 13 (a comment in nextcloud/talk-ios, ShareExtension/ShareViewController.m:
/// "Make sure this is checked before image! Otherwise sharing images from Mail won't work >= iOS 13", before its
/// `public.file-url` branch), Notes sharing a scanned document
/// (https://github.com/Expensify/react-native-share-menu/issues/211, 2022-09-09: "UTI: public.file-url") and other
/// apps' crash reports (https://github.com/keybase/client/pull/29549, 2026-08-14: "a share vends only
/// public.file-url"); on macOS Apple's engineers called a file-URL-only attachment a bug
/// (https://github.com/lionheart/openradar-mirror/issues/16792, rdar://30184633, 2017).
public enum ShareSheetCatalogue {
  /// The unmanaged inputs followed by their managed twins.
  public static let inputs: [ShareSheetInput] = unmanagedInputs + unmanagedInputs.map(\.managed)

  /// The inputs as unmanaged apps offer them.
  public static let unmanagedInputs: [ShareSheetInput] = [
    // Photos offers one attachment per photo, `public.jpeg` only in the iOS 8 account of
    // https://github.com/lionheart/openradar-mirror/issues/11978 (rdar://18366052, 2014). `public.heic` next to it
    // is an assumption for HEIF-era devices: no public account of the share sheet's list was found; the photo
    // picker offers both (https://github.com/element-hq/element-x-ios/pull/857, 2023-05-06). One extension item
    // holding one provider per photo: https://github.com/lionheart/openradar-mirror/issues/16786 (rdar://30184485).
    input("Photos: one photo", "Photos", [photo]),
    input("Photos: five photos", "Photos", Array(repeating: photo, count: 5)),
    // A Live Photo: element-x-ios (pull 857 above) saw `com.apple.live-photo-bundle`, `public.jpeg`, `public.heic`
    // from the photo picker; `com.apple.live-photo` is the type sharelint's registry knows. No public account of the
    // share sheet's own list was found.
    input("Photos: Live Photo", "Photos", [["com.apple.live-photo", "public.jpeg", "public.heic"]]),
    // A video: no public account found; the two types Photos' videos are stored as.
    input("Photos: video", "Photos", [["com.apple.quicktime-movie", "public.mpeg-4"]]),
    // Safari: the page as `public.url`, plus `com.apple.property-list` for an extension with a JavaScript
    // preprocessing file (App Extension Programming Guide, "Accessing a Webpage",
    // https://developer.apple.com/library/archive/documentation/General/Conceptual/ExtensibilityPG/ExtensionScenarios.html).
    input("Safari: web page with JavaScript preprocessing", "Safari", [["public.url", "com.apple.property-list"]]),
    // A browser sharing a page: `types = ("public.url")` (https://github.com/brave/browser-ios/issues/1193,
    // 2017-09-25, printed from Chrome).
    input("Safari: bare URL", "Safari", [["public.url"]]),
    // Notes sharing text: no public account found; plain text as `UIActivityViewController` offers a string.
    input("Notes: text", "Notes", [["public.plain-text", "public.utf8-plain-text"]]),
    // Notes sharing a scanned document: the file URL alone (react-native-share-menu issue 211 above).
    input("Notes: scanned document", "Notes", [["public.file-url"]]),
    // Files: a provider made for the file, typed by its extension (`NSItemProvider.init(contentsOf:)` and the
    // Readplace account above).
    input("Files: PDF", "Files", [pdf]),
    input("Files: two PDFs", "Files", [pdf, pdf]),
    input("Files: Word document", "Files", [["org.openxmlformats.wordprocessingml.document"]]),
    // Mail: the attachment's type and a file URL (the nextcloud/talk-ios comment above); the order of the two is not
    // known.
    input("Mail: photo attachment", "Mail", [["public.jpeg", "public.file-url"]]),
  ]

  /// Shares whose attachments are of different kinds, the inputs on which strict matching ("the extension must
  /// handle every type offered") and "at least one" part: an app's share button that hands
  /// `UIActivityViewController` its content together with a text (a link with its title, a photo with its caption,
  /// a document with a message), each activity item an attachment of the one extension item. They are kept out of
  /// `inputs` (what `rule simulate` shows); AR013 uses them to name the share a version-1 dictionary misses.
  public static let mixedInputs: [ShareSheetInput] = [
    input("an app: photo with a caption", "an app", [photo, text]),
    input("an app: link with its title", "an app", [["public.url"], text]),
    input("an app: PDF with a message", "an app", [pdf, text]),
    input("an app: video with a caption", "an app", [["com.apple.quicktime-movie", "public.mpeg-4"], text]),
  ]

  static let photo = ["public.jpeg", "public.heic"]
  /// The types code may load an attachment of `input` as: those it is registered as (what activation sees), and
  /// for a document shared from Files, `public.file-url` too. Whether Files registers the file URL is unsettled
  /// (the entries above leave it out, on Apple's account of `NSItemProvider.init(contentsOf:)`), but extensions
  /// whose only file branch is `hasItemConformingToTypeIdentifier("public.file-url")` receive documents from Files
  /// in practice: mattermost-mobile and nextcloud/talk-ios ship such a branch, and users report Files shares working
  /// through it (https://github.com/Expensify/react-native-share-menu/issues/290, 2023-12-06: `kUTTypeFileURL`
  /// "makes the apps on the simulator work"; https://github.com/achorein/expo-share-intent/issues/104, 2024-09-17:
  /// "files from Photos and Files" shared, while a PDF from Safari, typed `com.adobe.pdf` alone, is not:
  /// https://github.com/KasemJaffer/receive_sharing_intent/issues/362, 2025-03-12). The comparison of a rule with
  /// the code that handles it (AR019) asks this.
  public static func loadableTypes(_ registered: [String], of input: ShareSheetInput) -> [String] {
    input.sourceApp == "Files" && !registered.contains(fileURL) ? registered + [fileURL] : registered
  }

  /// The type of a file URL.
  static let fileURL = "public.file-url"

  static let text = ["public.plain-text", "public.utf8-plain-text"]
  static let pdf = ["com.adobe.pdf"]

  static func input(_ name: String, _ app: String, _ attachments: [[String]]) -> ShareSheetInput {
    let context = ExtensionContext(attachments: attachments.map(ExtensionContext.Attachment.init))
    return ShareSheetInput(name: name, sourceApp: app, context: context)
  }
}

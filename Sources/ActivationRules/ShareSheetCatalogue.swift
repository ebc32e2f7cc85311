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
/// **Sources and assumptions.** What each host app offers is sharelint's best understanding, not
/// something Apple documents per app: Photos offers each photo as one attachment registered as
/// `public.jpeg` and `public.heic` (a Live Photo adds `com.apple.live-photo`, a video offers
/// `com.apple.quicktime-movie` and `public.mpeg-4`); Safari offers the page as one attachment with
/// `public.url` and, for extensions with a JavaScript preprocessing file, `com.apple.property-list`
/// (App Extension Programming Guide, "Accessing a Webpage"); Notes offers plain text; Files and Mail
/// offer documents through a file URL next to the document's own type. Every input comes as one
/// extension item, as hosts send in practice. The managed variants wrap every identifier, as the
/// Intune App SDK does for data leaving a managed app (`IntuneMAMTypes`). Real hosts differ between
/// iOS versions; check a surprising answer on a device.
public enum ShareSheetCatalogue {
  /// The unmanaged inputs followed by their managed twins.
  public static let inputs: [ShareSheetInput] = unmanagedInputs + unmanagedInputs.map(\.managed)

  /// The inputs as unmanaged apps offer them.
  public static let unmanagedInputs: [ShareSheetInput] = [
    input("Photos: one photo", "Photos", [photo]),
    input("Photos: five photos", "Photos", Array(repeating: photo, count: 5)),
    input("Photos: Live Photo", "Photos", [["com.apple.live-photo", "public.jpeg", "public.heic"]]),
    input("Photos: video", "Photos", [["com.apple.quicktime-movie", "public.mpeg-4"]]),
    input("Safari: web page with JavaScript preprocessing", "Safari", [["public.url", "com.apple.property-list"]]),
    input("Safari: bare URL", "Safari", [["public.url"]]),
    input("Notes: text", "Notes", [["public.plain-text", "public.utf8-plain-text"]]),
    input("Files: PDF", "Files", [pdf]),
    input("Files: two PDFs", "Files", [pdf, pdf]),
    input("Files: Word document", "Files", [["org.openxmlformats.wordprocessingml.document", "public.file-url"]]),
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
  static let text = ["public.plain-text", "public.utf8-plain-text"]
  static let pdf = ["com.adobe.pdf", "public.file-url"]

  static func input(_ name: String, _ app: String, _ attachments: [[String]]) -> ShareSheetInput {
    let context = ExtensionContext(attachments: attachments.map(ExtensionContext.Attachment.init))
    return ShareSheetInput(name: name, sourceApp: app, context: context)
  }
}

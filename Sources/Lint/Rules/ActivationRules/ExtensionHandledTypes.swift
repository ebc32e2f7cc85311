import SharelintBase
import SourceCode

/// The types a share or action extension's code handles, read from its Swift and Objective-C sources: the type
/// identifiers it passes to `NSItemProvider` (`loadItem(forTypeIdentifier:)`, `hasItemConformingToTypeIdentifier(_:)`,
/// `loadDataRepresentation`/`loadFileRepresentation`/`loadInPlaceFileRepresentation(forTypeIdentifier:)`, their
/// `for: UTType` forms) and the classes it loads (`loadObject(ofClass:)`, `canLoadObject(ofClass:)`), each written
/// as a string literal (`"public.url"`), a `UTType` constant (`UTType.url`, `.url`, `UTTypeURL`), a `kUTType…`
/// constant, or a name the same file gives one of those once (`let imageType = UTType.image`).
///
/// The reading is all or nothing: one argument it cannot follow (a variable, a type built at run time), or a generic
/// handler (`registeredTypeIdentifiers`, `registeredContentTypes`, `public.item`, `public.data`), and the rules that
/// compare the code with the activation rule say nothing about the extension.
enum ExtensionHandledTypes {
  /// One place where the code handles a type.
  struct Use: Sendable {
    /// The type identifier handled (`public.url`).
    let type: String
    /// The file, by its display path.
    let file: String
    /// The 1-based line of the call.
    let line: Int
    /// The call, as `loadItem(forTypeIdentifier:)` or `-loadItemForTypeIdentifier:`.
    let call: String

    /// Whether it is a call to an item provider (not the text an `SLComposeServiceViewController` hands over).
    var isProviderCall: Bool { !ExtensionHandledTypes.textNames.contains(call) }

    /// `ShareViewController.swift:42`.
    var place: String { "\(PathText.lastComponent(of: file)):\(line)" }
  }

  /// What the code shows.
  enum Reading: Sendable {
    /// Calls whose every type is known: the uses, in file order.
    case handles([Use])
    /// No call handling a type: the code is not there, or works through something else.
    case nothing
    /// A handler that takes whatever comes (`registeredTypeIdentifiers`, `public.item`), or an argument that cannot
    /// be followed: where, for tests.
    case unknowable(String)
  }

  /// The methods of `NSItemProvider` that name a type, by Swift name, with the label of the argument naming it (`_`
  /// for none) and whether it names a class.
  static let swiftCalls: [String: (labels: Set<String>, namesClass: Bool)] = [
    "loadItem": (["forTypeIdentifier"], false),
    "hasItemConformingToTypeIdentifier": (["_"], false),
    "hasRepresentationConforming": (["toTypeIdentifier"], false),
    "loadDataRepresentation": (["forTypeIdentifier", "for"], false),
    "loadFileRepresentation": (["forTypeIdentifier", "for"], false),
    "loadInPlaceFileRepresentation": (["forTypeIdentifier"], false),
    "loadObject": (["ofClass"], true),
    "canLoadObject": (["ofClass"], true),
  ]

  /// The same methods by their Objective-C selectors' first part.
  static let objectiveCCalls: [String: Bool] = [
    "loadItemForTypeIdentifier": false,
    "hasItemConformingToTypeIdentifier": false,
    "hasRepresentationConformingToTypeIdentifier": false,
    "loadDataRepresentationForTypeIdentifier": false,
    "loadFileRepresentationForTypeIdentifier": false,
    "loadInPlaceFileRepresentationForTypeIdentifier": false,
    "loadObjectOfClass": true,
    "canLoadObjectOfClass": true,
  ]

  /// Names that mean the code takes whatever the provider offers.
  static let genericNames: Set<String> = ["registeredTypeIdentifiers", "registeredContentTypes"]

  /// Types so general that code handling them handles almost anything: nothing is said then.
  static let genericTypes: Set<String> = ["public.item", "public.data", "public.content", "public.composite-content"]

  /// Names of the text an `SLComposeServiceViewController` or an `NSExtensionItem` hands over without an item
  /// provider: code reading them handles shared text.
  static let textNames: Set<String> = ["contentText", "attributedContentText"]

  /// The types the code of `files` handles.
  static func read(_ files: [SourceFile]) -> Reading {
    var uses: [Use] = []
    for file in files {
      if let generic = file.identifiers(named: genericNames).first {
        return .unknowable("\(SourceCodeSearch.place(of: generic, in: file)): \(file.spelling(generic))")
      }
      switch read(file) {
      case .handles(let found): uses += found
      case .nothing: break
      case .unknowable(let place): return .unknowable(place)
      }
      if let text = file.identifiers(named: textNames).first {
        uses.append(Use(type: "public.plain-text", file: file.name, line: line(of: text, in: file),
                        call: file.spelling(text)))
      }
    }
    return uses.isEmpty ? .nothing : .handles(uses)
  }

  /// The types one file handles.
  static func read(_ file: SourceFile) -> Reading {
    var uses: [Use] = []
    let names = file.language == .swift ? Set(swiftCalls.keys) : Set(objectiveCCalls.keys)
    for reference in file.references(to: names) {
      let name = file.spelling(reference.token)
      let namesClass: Bool
      let argument: Range<Int>
      let call: String
      switch (file.language, reference.kind) {
      case (.swift, .member):
        guard let known = swiftCalls[name], let label = reference.labels.first, known.labels.contains(label),
          let range = firstArgument(of: reference, in: file)
        else { continue }
        namesClass = known.namesClass
        argument = range
        call = "\(name)(\(label):)"
      case (.objectiveC, .messageSend):
        guard let known = objectiveCCalls[name], let range = messageArgument(after: reference.token, in: file)
        else { continue }
        namesClass = known
        argument = range
        call = "-" + reference.labels.map { $0 + ":" }.joined()
      default:
        continue
      }
      let place = "\(SourceCodeSearch.place(of: reference.token, in: file)): \(call)"
      guard let type = resolve(argument, in: file, namesClass: namesClass, followingNames: true) else {
        return .unknowable(place)
      }
      if genericTypes.contains(type) { return .unknowable(place) }
      uses.append(Use(type: type, file: file.name, line: line(of: reference.token, in: file), call: call))
    }
    return uses.isEmpty ? .nothing : .handles(uses)
  }

  static func line(of token: Int, in file: SourceFile) -> Int {
    file.text.position(of: file.tokens[token].range.start).line
  }

  /// The tokens of a Swift call's first argument, after its label.
  static func firstArgument(of reference: SourceReference, in file: SourceFile) -> Range<Int>? {
    let open = reference.token + 1
    guard file.isPunctuation(open, "("), let close = file.matchingClosing(ofOpening: open) else { return nil }
    var start = open + 1
    if file.tokens[start].kind == .identifier, file.isPunctuation(start + 1, ":") { start += 2 }
    var position = start
    var depth = 0
    while position < close {
      if let change = file.nesting(position) {
        depth += change
      } else if depth == 0, file.isPunctuation(position, ",") {
        break
      }
      position += 1
    }
    return start < position ? start..<position : nil
  }

  /// The tokens of a message send's first argument: after the `:` following the selector's first part, up to the
  /// next part or the send's `]`.
  static func messageArgument(after selector: Int, in file: SourceFile) -> Range<Int>? {
    guard file.isPunctuation(selector + 1, ":") else { return nil }
    let start = selector + 2
    var position = start
    var depth = 0
    let end = min(file.tokens.count, start + 400)
    while position < end {
      if let change = file.nesting(position) {
        if change < 0, depth == 0 { break }
        depth += change
      } else if depth == 0, file.tokens[position].kind == .identifier, file.isPunctuation(position + 1, ":") {
        break
      }
      position += 1
    }
    return start < position ? start..<position : nil
  }

  /// Identifiers a type argument may hold around the type itself: casts and conversions.
  static let neutralNames: Set<String> = [
    "as", "String", "NSString", "CFString", "__bridge", "__bridge_transfer", "identifier", "rawValue", "description",
    "UTType", "self", "class", "const", "id",
  ]

  /// The type identifier the argument tokens `range` name, or nil when they name none this reading can follow. A
  /// class argument (`URL.self`, `[NSURL class]`) names the type the class reads. With `followingNames`, a lone
  /// name is looked up once in the file (`let imageType = UTType.image`).
  static func resolve(_ range: Range<Int>, in file: SourceFile, namesClass: Bool, followingNames: Bool) -> String? {
    var found: [String] = []
    var unknown: [Int] = []
    for index in range {
      let token = file.tokens[index]
      switch token.kind {
      case .string:
        guard !namesClass, let content = file.stringContent(index) else { return nil }
        found.append(content)
      case .interpolatedString:
        return nil
      case .identifier:
        let name = file.spelling(index)
        if namesClass {
          if let type = classTypes[name] { found.append(type) } else if !neutralNames.contains(name) {
            unknown.append(index)
          }
          continue
        }
        if file.isPunctuation(index - 1, "."), !file.isIdentifier(index - 2, "UTType"), index - 1 > range.lowerBound {
          // `imageType.identifier`: a member of something else; `identifier` itself is neutral.
          if neutralNames.contains(name) { continue }
          unknown.append(index)
          continue
        }
        if file.isPunctuation(index - 1, "."), let type = UniformTypeConstants.swift[name] {
          found.append(type)
        } else if let type = UniformTypeConstants.objectiveC[name] ?? UniformTypeConstants.legacy[name] {
          found.append(type)
        } else if !neutralNames.contains(name) {
          unknown.append(index)
        }
      case .number:
        return nil
      case .punctuation:
        continue
      }
    }
    if found.isEmpty, unknown.count == 1, followingNames, let value = definition(of: unknown[0], in: file) {
      return resolve(value, in: file, namesClass: namesClass, followingNames: false)
    }
    guard unknown.isEmpty, found.count == 1 else { return nil }
    return found[0]
  }

  /// The value tokens of the one definition the file gives the name at `index`: Swift `let name = …` or
  /// `var name: T = …`, Objective-C `NSString *const name = …;` or `#define name …`, up to the end of its line.
  /// Nil when the file defines or assigns the name more than once, or not at all.
  static func definition(of index: Int, in file: SourceFile) -> Range<Int>? {
    let name = file.spelling(index)
    var value: Range<Int>?
    for candidate in file.identifiers(named: [name]) where candidate != index {
      // A parameter (`func f(type: String)`, `{ type in`) varies with each call.
      if file.isPunctuation(candidate + 1, ":"), file.isPunctuation(candidate - 1, "(") || file.isPunctuation(
        candidate - 1, ",")
      {
        return nil
      }
      if file.isIdentifier(candidate + 1, "in") { return nil }
      var position = candidate + 1
      let defines: Bool
      if file.isIdentifier(candidate - 1, "define") {
        defines = true
        position = candidate + 1
      } else if file.isIdentifier(candidate - 1, "let") || file.isIdentifier(candidate - 1, "var")
        || file.isIdentifier(candidate - 1, "const") || file.isPunctuation(candidate - 1, "*")
      {
        // Skip a Swift type annotation up to `=`.
        if file.isPunctuation(position, ":") {
          while position < min(file.tokens.count, candidate + 12), !file.isPunctuation(position, "=") { position += 1 }
        }
        guard file.isPunctuation(position, "="), !file.isPunctuation(position + 1, "=") else { continue }
        defines = true
        position += 1
      } else if file.isPunctuation(candidate + 1, "="), !file.isPunctuation(candidate + 2, "="),
        !file.isPunctuation(candidate - 1, ".")
      {
        // A later assignment: the value is not one.
        return nil
      } else {
        continue
      }
      guard defines, value == nil else { return nil }
      let line = line(of: candidate, in: file)
      var end = position
      while end < file.tokens.count, end < position + 40, Self.line(of: end, in: file) == line,
        !file.isPunctuation(end, ";")
      {
        end += 1
      }
      guard position < end else { return nil }
      value = position..<end
    }
    return value
  }

  /// The type each class `loadObject(ofClass:)` may load reads: a URL, an image, text.
  static let classTypes: [String: String] = [
    "URL": "public.url", "NSURL": "public.url", "UIImage": "public.image", "NSImage": "public.image",
    "String": "public.plain-text", "NSString": "public.plain-text", "NSAttributedString": "public.text",
  ]
}

/// The type constants of Apple's frameworks, by their names in code: `UTType.url` (Swift), `UTTypeURL`
/// (Objective-C, UniformTypeIdentifiers) and `kUTTypeURL` (MobileCoreServices), each to its identifier.
enum UniformTypeConstants {
  /// `(Swift member, Objective-C constant, kUTType constant, identifier)`.
  static let table: [(swift: String, objectiveC: String, legacy: String?, identifier: String)] = [
    ("item", "UTTypeItem", "kUTTypeItem", "public.item"),
    ("content", "UTTypeContent", "kUTTypeContent", "public.content"),
    ("compositeContent", "UTTypeCompositeContent", "kUTTypeCompositeContent", "public.composite-content"),
    ("data", "UTTypeData", "kUTTypeData", "public.data"),
    ("text", "UTTypeText", "kUTTypeText", "public.text"),
    ("plainText", "UTTypePlainText", "kUTTypePlainText", "public.plain-text"),
    ("utf8PlainText", "UTTypeUTF8PlainText", "kUTTypeUTF8PlainText", "public.utf8-plain-text"),
    ("utf16PlainText", "UTTypeUTF16PlainText", "kUTTypeUTF16PlainText", "public.utf16-plain-text"),
    ("rtf", "UTTypeRTF", "kUTTypeRTF", "public.rtf"),
    ("html", "UTTypeHTML", "kUTTypeHTML", "public.html"),
    ("xml", "UTTypeXML", "kUTTypeXML", "public.xml"),
    ("sourceCode", "UTTypeSourceCode", "kUTTypeSourceCode", "public.source-code"),
    ("url", "UTTypeURL", "kUTTypeURL", "public.url"),
    ("fileURL", "UTTypeFileURL", "kUTTypeFileURL", "public.file-url"),
    ("image", "UTTypeImage", "kUTTypeImage", "public.image"),
    ("jpeg", "UTTypeJPEG", "kUTTypeJPEG", "public.jpeg"),
    ("png", "UTTypePNG", "kUTTypePNG", "public.png"),
    ("heic", "UTTypeHEIC", nil, "public.heic"),
    ("gif", "UTTypeGIF", "kUTTypeGIF", "com.compuserve.gif"),
    ("tiff", "UTTypeTIFF", "kUTTypeTIFF", "public.tiff"),
    ("livePhoto", "UTTypeLivePhoto", "kUTTypeLivePhoto", "com.apple.live-photo"),
    ("audiovisualContent", "UTTypeAudiovisualContent", "kUTTypeAudiovisualContent", "public.audiovisual-content"),
    ("movie", "UTTypeMovie", "kUTTypeMovie", "public.movie"),
    ("video", "UTTypeVideo", "kUTTypeVideo", "public.video"),
    ("audio", "UTTypeAudio", "kUTTypeAudio", "public.audio"),
    ("quickTimeMovie", "UTTypeQuickTimeMovie", "kUTTypeQuickTimeMovie", "com.apple.quicktime-movie"),
    ("mpeg4Movie", "UTTypeMPEG4Movie", "kUTTypeMPEG4", "public.mpeg-4"),
    ("mp3", "UTTypeMP3", "kUTTypeMP3", "public.mp3"),
    ("pdf", "UTTypePDF", "kUTTypePDF", "com.adobe.pdf"),
    ("rtfd", "UTTypeRTFD", "kUTTypeRTFD", "com.apple.rtfd"),
    ("flatRTFD", "UTTypeFlatRTFD", "kUTTypeFlatRTFD", "com.apple.flat-rtfd"),
    ("webArchive", "UTTypeWebArchive", "kUTTypeWebArchive", "com.apple.webarchive"),
    ("vCard", "UTTypeVCard", "kUTTypeVCard", "public.vcard"),
    ("contact", "UTTypeContact", "kUTTypeContact", "public.contact"),
    ("propertyList", "UTTypePropertyList", "kUTTypePropertyList", "com.apple.property-list"),
    ("json", "UTTypeJSON", "kUTTypeJSON", "public.json"),
    ("zip", "UTTypeZIP", "kUTTypeZipArchive", "public.zip-archive"),
    ("archive", "UTTypeArchive", "kUTTypeArchive", "public.archive"),
    ("spreadsheet", "UTTypeSpreadsheet", "kUTTypeSpreadsheet", "public.spreadsheet"),
    ("presentation", "UTTypePresentation", "kUTTypePresentation", "public.presentation"),
    ("emailMessage", "UTTypeEmailMessage", "kUTTypeEmailMessage", "public.email-message"),
    ("message", "UTTypeMessage", "kUTTypeMessage", "public.message"),
    ("folder", "UTTypeFolder", "kUTTypeFolder", "public.folder"),
    ("directory", "UTTypeDirectory", "kUTTypeDirectory", "public.directory"),
    ("calendarEvent", "UTTypeCalendarEvent", "kUTTypeCalendarEvent", "public.calendar-event"),
    ("commaSeparatedText", "UTTypeCommaSeparatedText", "kUTTypeCommaSeparatedText",
     "public.comma-separated-values-text"),
  ]

  /// By Swift member name (`url` of `UTType.url`).
  static let swift = Dictionary(uniqueKeysWithValues: table.map { ($0.swift, $0.identifier) })
  /// By Objective-C constant (`UTTypeURL`).
  static let objectiveC = Dictionary(uniqueKeysWithValues: table.map { ($0.objectiveC, $0.identifier) })
  /// By MobileCoreServices constant (`kUTTypeURL`).
  static let legacy = Dictionary(
    uniqueKeysWithValues: table.compactMap { row in row.legacy.map { ($0, row.identifier) } })
}

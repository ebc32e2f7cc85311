import Foundation
import SharelintBase

/// Reads an XML property list into nodes that know their byte ranges.
///
/// libxml2 decides whether the bytes are well-formed XML (and words the error when they are not),
/// except for bytes in the plain form that this reader reads without an error (`PlainXMLForm`);
/// `XMLScanner` and this reader build the positioned tree and check the plist structure. Anything
/// libxml2 accepts, the scanner handles.
public enum XMLPlistReader {
  /// The largest input read, in bytes (64 MiB).
  public static let maximumInputSize = 64 << 20
  /// The deepest nesting of arrays and dictionaries read.
  public static let maximumNestingDepth = 512
  /// The most values (arrays, dictionaries and scalars, keys not counted) a plist may hold: a real Info.plist holds
  /// a few hundred; 4 million `<true/>` (28 MB) took 750 MB to read, and this bound keeps a plist under 60 MB.
  public static let maximumValueCount = 250_000

  /// What reading an XML plist produces.
  public struct Result: Sendable {
    /// The root value.
    public var root: PropertyListNode
    /// Every repeated key, in document order.
    public var duplicateKeys: [DuplicateKey]
  }

  /// Reads the XML plist in `source`; errors carry the byte offset and line:column they point at.
  /// `knownWellFormed` skips libxml2's well-formedness check, for bytes that passed it in an earlier
  /// read (a lint run reads each file once to pair targets and again to lint it).
  ///
  /// `keepingOnly`, when given, lists the key paths from the root whose values the tree keeps (each
  /// with everything below it, and the dictionaries on the way with those entries only): every other
  /// value is checked as usual but not built, and no duplicate keys are listed. The read fails exactly
  /// when the whole read would (an error may leave out the name of a key it did not keep); discovery
  /// reads the few keys that pair targets this way.
  public static func read(_ source: SourceText, knownWellFormed: Bool = false, keepingOnly: [[String]]? = nil)
    throws -> Result
  {
    do {
      return try readUnlocated(source, knownWellFormed: knownWellFormed, keeping: keepingOnly.map(Keeping.init))
    } catch let error as PropertyListError {
      throw error.located(in: source)
    }
  }

  private static func readUnlocated(_ source: SourceText, knownWellFormed: Bool, keeping: Keeping?) throws -> Result {
    let bytes = source.bytes
    guard bytes.count <= maximumInputSize else {
      throw PropertyListError(
        .limitExceeded, "file is larger than \(maximumInputSize >> 20) MiB (\(bytes.count) bytes)")
    }
    try rejectUnsupportedEncodings(bytes)
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    guard bytes[start...].contains(where: { !XMLScanner.isWhitespace($0) }) else {
      throw PropertyListError(.invalidPropertyList, "file is empty (no property list)", offset: 0)
    }
    var builder = TreeBuilder(bytes: bytes, start: start, keeping: keeping ?? .everything)
    let built: Swift.Result<Result, PropertyListError>
    do {
      built = .success(try builder.build())
    } catch let error as PropertyListError {
      // Refusals and limits are reported before libxml2 runs: they are what keeps it safe.
      if error.kind == .unsupported || error.kind == .limitExceeded { throw error }
      built = .failure(error)
    }
    // Bytes in the plain form that the builder read are well-formed (see `PlainXMLForm`): libxml2 is
    // asked about all others, and words the error of any read that failed.
    var certainlyWellFormed = knownWellFormed
    if !certainlyWellFormed, case .success = built { certainlyWellFormed = PlainXMLForm.contains(bytes) }
    if !certainlyWellFormed, let failure = LibXML2WellFormedness.firstError(in: bytes) {
      throw PropertyListError(.malformedXML, failure.message, offset: offset(of: failure, in: source))
    }
    return try built.get()
  }

  /// Refuses UTF-16 and UTF-32, with or without a byte-order mark.
  private static func rejectUnsupportedEncodings(_ bytes: [UInt8]) throws {
    let utf16Starts: [[UInt8]] = [[0xFF, 0xFE], [0xFE, 0xFF], [0x3C, 0x00], [0x00, 0x3C]]
    if utf16Starts.contains(where: { bytes.starts(with: $0) }) {
      throw PropertyListError(
        .unsupported, "UTF-16 plists are not supported; convert to UTF-8 with 'plutil -convert xml1'", offset: 0)
    }
  }

  /// The byte offset libxml2's error points at: the parser's byte position when it lies on the
  /// line libxml2 reports, otherwise that line and libxml2's column, clamped into the line.
  private static func offset(of failure: LibXML2WellFormedness.Failure, in source: SourceText) -> Int {
    guard failure.line >= 1 else { return min(failure.byteOffset ?? source.bytes.count, source.bytes.count) }
    let index = min(failure.line - 1, source.lineStarts.count - 1)
    let lineStart = source.lineStarts[index]
    let lineEnd = index + 1 < source.lineStarts.count ? source.lineStarts[index + 1] - 1 : source.bytes.count
    if let byteOffset = failure.byteOffset, byteOffset >= lineStart, byteOffset <= lineEnd {
      return byteOffset
    }
    return min(lineStart + max(0, failure.column - 1), max(lineStart, lineEnd))
  }
}

/// Which values below a container the tree builder builds (the others it only checks).
private enum Keeping: Equatable {
  /// All of them: a whole read.
  case everything
  /// None: a value outside every kept key path.
  case nothing
  /// The values on these key paths, relative to the container (none empty).
  case only([[String]])

  /// Keeping the values on `paths` from the root; an empty path keeps everything.
  init(_ paths: [[String]]) {
    self = paths.contains(where: \.isEmpty) ? .everything : .only(paths)
  }

  /// What the value under `key` of a dictionary keeps.
  func below(key: String) -> Keeping {
    switch self {
    case .everything, .nothing: return self
    case .only(let paths):
      // Most keys start no kept path: answered without building the rest of each path.
      guard paths.contains(where: { $0.first == key }) else { return .nothing }
      let rest = paths.compactMap { $0.first == key ? Array($0.dropFirst()) : nil }
      return Keeping(rest)
    }
  }

  /// What an element of an array keeps: key paths never go through arrays.
  var belowElement: Keeping { keepsEverything ? .everything : .nothing }

  /// Whether this is `.nothing`, asked without comparing (and so copying) the paths of `.only`.
  var keepsNothing: Bool {
    if case .nothing = self { return true }
    return false
  }

  /// Whether this is `.everything`.
  var keepsEverything: Bool {
    if case .everything = self { return true }
    return false
  }
}

/// Where `TreeBuilder.decodeText` puts what it decodes.
private protocol DecodedText {
  mutating func appendVerbatim(_ range: ByteRange, from source: [UInt8])
  mutating func appendReference(_ decoded: [UInt8], sourceRange: ByteRange, source: [UInt8])
}

extension TextSourceMapBuilder: DecodedText {}

/// Text only checked, not kept (values a read does not keep).
private struct DiscardedText: DecodedText {
  func appendVerbatim(_ range: ByteRange, from source: [UInt8]) {}
  func appendReference(_ decoded: [UInt8], sourceRange: ByteRange, source: [UInt8]) {}
}

/// A repeated key in one dictionary: lint rules report `duplicate-key` with both ranges.
public struct DuplicateKey: Hashable, Sendable {
  /// The key text.
  public var key: String
  /// The path of the dictionary holding both.
  public var dictionaryPath: [PropertyListPathComponent] {
    get { dictionaryLink?.components() ?? [] }
    set { dictionaryLink = PropertyListPathLink.chain(newValue) }
  }
  /// `dictionaryPath`, kept as the reader's link (one shared object, however deep).
  private var dictionaryLink: PropertyListPathLink?
  /// The first occurrence (`<key>…</key>`).
  public var firstRange: ByteRange
  /// The later occurrence.
  public var duplicateRange: ByteRange

  /// A record of `key` repeated in the dictionary at `dictionaryPath`.
  public init(
    key: String, dictionaryPath: [PropertyListPathComponent], firstRange: ByteRange, duplicateRange: ByteRange
  ) {
    self.key = key
    self.dictionaryLink = PropertyListPathLink.chain(dictionaryPath)
    self.firstRange = firstRange
    self.duplicateRange = duplicateRange
  }

  /// A record of `key` repeated in the dictionary at `dictionaryLink`, as the reader finds one.
  init(key: String, dictionaryLink: PropertyListPathLink?, firstRange: ByteRange, duplicateRange: ByteRange) {
    self.key = key
    self.dictionaryLink = dictionaryLink
    self.firstRange = firstRange
    self.duplicateRange = duplicateRange
  }
}

/// Builds the node tree from scanner tokens without recursion, so depth costs heap, not stack.
private struct TreeBuilder {
  private enum ContainerKind {
    case plist, array, dictionary

    /// The element that opens and closes this kind of container.
    var element: XMLElementName {
      switch self {
      case .plist: return .plist
      case .array: return .array
      case .dictionary: return .dict
      }
    }

    /// The element's name, for messages.
    var name: String {
      switch self {
      case .plist: return "plist"
      case .array: return "array"
      case .dictionary: return "dict"
      }
    }
  }

  private struct Frame {
    /// Dictionaries with this many entries keep an index of their keys for finding duplicates;
    /// smaller ones are searched in place, which costs less than hashing.
    static let keyIndexThreshold = 8

    var kind: ContainerKind
    var startTag: ByteRange
    /// Which of its values are built.
    var keeping: Keeping
    /// The container's path, shared by the paths of its nodes.
    var path: PropertyListPathLink?
    var elements: [PropertyListNode] = []
    var entries: [PropertyListNode.Entry] = []
    var pendingKey: PropertyListKey?
    /// The first entry of each key, once there are `keyIndexThreshold` entries.
    var firstEntries: FirstEntryIndex?

    /// Appends the entry `key` → `value`; returns the range of an earlier key equal to `key`, if any.
    mutating func appendEntry(key: consuming PropertyListKey, keyRange: ByteRange, value: consuming PropertyListNode)
      -> ByteRange?
    {
      if firstEntries == nil, entries.count >= Self.keyIndexThreshold {
        firstEntries = FirstEntryIndex(entries)
      }
      let first: Int? =
        if firstEntries != nil {
          firstEntries!.firstIndex(of: key.text, orAdding: entries.count, in: entries)
        } else {
          entries.firstIndex { $0.key.text == key.text }
        }
      entries.append(.init(key: key, value: value))
      return first.map { entries[$0].key.elementRange } ?? nil
    }
  }

  /// The first entry of each key of a big dictionary, found by a cheap hash of the key's bytes
  /// (FNV-1a) in an open-addressing table of entry positions: hashing each key with `Hasher` into a
  /// `[String: …]` was a sizeable part of reading a large Info.plist.
  ///
  /// Keys compare as `String`s do, by canonical equivalence: ASCII keys are equal exactly when their
  /// bytes are, so the table holds them; a key with other bytes may equal one spelled differently
  /// (U+212A KELVIN SIGN is "K"), so such keys are few and compared with every earlier key.
  struct FirstEntryIndex {
    /// Positions of ASCII keys, `-1` for an empty slot; the count is a power of two.
    private var slots: [Int]
    /// The ASCII positions stored.
    private var stored = 0
    /// Positions of the first occurrences of keys with non-ASCII bytes.
    private var otherPositions: [Int] = []

    /// An index of the first entry of each key of `entries`.
    init(_ entries: [PropertyListNode.Entry]) {
      slots = [Int](repeating: -1, count: 64)
      for position in entries.indices {
        _ = firstIndex(of: entries[position].key.text, orAdding: position, in: entries)
      }
    }

    /// The position of the first entry of `entries` keyed `text`; when there is none, records `position`
    /// (where the caller appends that entry, if not there yet) and returns nil.
    mutating func firstIndex(of text: String, orAdding position: Int, in entries: [PropertyListNode.Entry]) -> Int? {
      guard let hash = Self.asciiHash(text) else {
        if let first = entries.indices.first(where: { $0 < position && entries[$0].key.text == text }) {
          return first
        }
        otherPositions.append(position)
        return nil
      }
      let other = otherPositions.first { entries[$0].key.text == text }
      let mask = slots.count - 1
      var slot = hash & mask
      while slots[slot] >= 0 {
        if entries[slots[slot]].key.text == text { return min(slots[slot], other ?? Int.max) }
        slot = (slot + 1) & mask
      }
      if let other { return other }
      slots[slot] = position
      stored += 1
      if stored * 2 > slots.count { grow(entries, adding: (text, position)) }
      return nil
    }

    /// Doubles the table; the entry at `pending.position` may not be in `entries` yet.
    private mutating func grow(_ entries: [PropertyListNode.Entry], adding pending: (text: String, position: Int)) {
      let old = slots
      slots = [Int](repeating: -1, count: old.count * 2)
      let mask = slots.count - 1
      for position in old where position >= 0 {
        let text = position == pending.position ? pending.text : entries[position].key.text
        var slot = (Self.asciiHash(text) ?? 0) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = position
      }
    }

    /// FNV-1a over the UTF-8 bytes, or nil when a byte is not ASCII.
    private static func asciiHash(_ text: String) -> Int? {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      var bits: UInt8 = 0
      for byte in text.utf8 {
        bits |= byte
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
      return bits < 0x80 ? Int(truncatingIfNeeded: hash ^ (hash >> 32)) : nil
    }
  }

  private var scanner: XMLScanner
  /// Values started so far, kept or not (a read that keeps some keys only fails exactly where a whole read would).
  private var valueCount = 0
  private var stack: [Frame] = []
  private var root: PropertyListNode?
  private var duplicateKeys: [DuplicateKey] = []
  /// What the root value keeps.
  private let rootKeeping: Keeping

  init(bytes: [UInt8], start: Int, keeping: Keeping) {
    scanner = XMLScanner(bytes: bytes, start: start)
    rootKeeping = keeping
  }

  private var bytes: [UInt8] { scanner.bytes }

  mutating func build() throws -> XMLPlistReader.Result {
    while let token = try scanner.next() {
      if stack.isEmpty {
        try handleOutsideRoot(token)
      } else {
        try handleInsideContainer(token)
      }
    }
    if let open = stack.last {
      throw PropertyListError(.malformedXML, "'<\(open.kind.name)>' is never closed", offset: open.startTag.start)
    }
    guard let root else {
      throw PropertyListError(.invalidPropertyList, "no property list found (expected '<plist>')", offset: 0)
    }
    return .init(root: root, duplicateKeys: duplicateKeys)
  }

  /// Tokens before and after the root element.
  private mutating func handleOutsideRoot(_ token: XMLToken) throws {
    switch token.kind {
    case .xmlDeclaration:
      if let encoding = scanner.declaredEncoding(in: token.range),
        !["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding.lowercased())
      {
        throw PropertyListError(
          .unsupported, "encoding '\(encoding)' is not supported; plists must be UTF-8", offset: token.range.start)
      }
    case .doctype, .comment, .processingInstruction:
      break
    case .text:
      guard isWhitespace(token.range) else {
        throw PropertyListError(.malformedXML, "text outside the root element", offset: firstNonSpace(token.range))
      }
    case .cdata:
      throw PropertyListError(.malformedXML, "CDATA outside the root element", offset: token.range.start)
    case .endTag(let name):
      throw PropertyListError(.malformedXML, "unexpected '</\(scanner.text(of: name))>'", offset: token.range.start)
    case .startTag(let name, let selfClosing):
      guard root == nil else {
        throw PropertyListError(.malformedXML, "more than one root element", offset: token.range.start)
      }
      if name.element == .plist {
        guard !selfClosing else {
          throw PropertyListError(.invalidPropertyList, "'<plist/>' holds no value", offset: token.range.start)
        }
        stack.append(Frame(kind: .plist, startTag: token.range, keeping: rootKeeping, path: nil))
      } else {
        try startValue(name: name, selfClosing: selfClosing, tag: token.range, path: .root, keeping: rootKeeping)
      }
    }
  }

  /// Tokens inside `<plist>`, `<array>` or `<dict>`.
  private mutating func handleInsideContainer(_ token: XMLToken) throws {
    let last = stack.count - 1
    let kind = stack[last].kind
    switch token.kind {
    case .comment, .processingInstruction:
      break
    case .text:
      guard isWhitespace(token.range) else {
        throw PropertyListError(
          .invalidPropertyList, "unexpected text in '<\(kind.name)>'", offset: firstNonSpace(token.range))
      }
    case .cdata(let content):
      guard isWhitespace(content) else {
        throw PropertyListError(
          .invalidPropertyList, "unexpected CDATA in '<\(kind.name)>'", offset: token.range.start)
      }
    case .xmlDeclaration, .doctype:
      throw PropertyListError(
        .malformedXML, "unexpected declaration inside '<\(kind.name)>'", offset: token.range.start)
    case .endTag(let name):
      guard name.element == kind.element else {
        throw PropertyListError(
          .malformedXML, "expected '</\(kind.name)>', found '</\(scanner.text(of: name))>'", offset: token.range.start)
      }
      try closeContainer(endTag: token.range)
    case .startTag(let name, let selfClosing):
      if name.element == .key {
        guard kind == .dictionary else {
          throw PropertyListError(.invalidPropertyList, "'<key>' outside a '<dict>'", offset: token.range.start)
        }
        if let pending = stack[last].pendingKey {
          throw PropertyListError(
            .invalidPropertyList, "key '\(pending.text)' has no value", offset: pending.elementRange?.start)
        }
        if stack[last].keeping.keepsNothing {
          // A key no kept path goes through: checked, not decoded.
          let element = try skipText(element: name, tag: token.range, selfClosing: selfClosing)
          stack[last].pendingKey = PropertyListKey(text: "", elementRange: element)
        } else if case .only(let paths) = stack[last].keeping, !selfClosing,
          let element = try skipKeyStartingNoPath(paths, element: name, tag: token.range)
        {
          stack[last].pendingKey = PropertyListKey(text: "", elementRange: element)
        } else {
          let (text, map, element) = try readText(element: name, tag: token.range, selfClosing: selfClosing)
          stack[last].pendingKey = PropertyListKey(text: text, elementRange: element, sourceMap: map)
        }
        return
      }
      let path: PropertyListStoredPath
      let keeping: Keeping
      switch kind {
      case .plist:
        // The plist frame hands its value to `root`, never to its elements.
        if root != nil {
          throw PropertyListError(
            .invalidPropertyList, "'<plist>' holds more than one value", offset: token.range.start)
        }
        path = .root
        keeping = stack[last].keeping
      case .array:
        keeping = stack[last].keeping.belowElement
        path = keeping.keepsNothing
          ? .root : PropertyListStoredPath(prefix: stack[last].path, last: .index(stack[last].elements.count))
      case .dictionary:
        guard let key = stack[last].pendingKey else {
          throw PropertyListError(
            .invalidPropertyList, "expected '<key>' before '<\(scanner.text(of: name))>' in a '<dict>'",
            offset: token.range.start)
        }
        keeping = stack[last].keeping.below(key: key.text)
        path = keeping.keepsNothing ? .root : PropertyListStoredPath(prefix: stack[last].path, last: .key(key.text))
      }
      try startValue(name: name, selfClosing: selfClosing, tag: token.range, path: path, keeping: keeping)
    }
  }

  /// A value's start tag: opens a container or reads a whole scalar. A value `keeping` nothing is
  /// checked the same way, then dropped.
  private mutating func startValue(
    name: XMLName, selfClosing: Bool, tag: ByteRange, path: PropertyListStoredPath, keeping: Keeping
  ) throws {
    let kept = !keeping.keepsNothing
    valueCount += 1
    guard valueCount <= XMLPlistReader.maximumValueCount else {
      throw PropertyListError(
        .limitExceeded, "the plist holds more than \(XMLPlistReader.maximumValueCount) values; an Info.plist holds a few "
          + "hundred", offset: tag.start)
    }
    switch name.element {
    case .array, .dict:
      let kind: ContainerKind = name.element == .array ? .array : .dictionary
      if selfClosing {
        guard kept else { return skipped() }
        let content: PropertyListNode.Content = kind == .array ? .array([]) : .dictionary([])
        try deliver(
          PropertyListNode(
            content: content, storedPath: path, elementRange: tag, contentRange: .empty(at: tag.end)))
        return
      }
      // Only the bottom frame can be the plist's.
      let depth = stack.count - (stack.first?.kind == .plist ? 1 : 0) + 1
      guard depth <= XMLPlistReader.maximumNestingDepth else {
        throw PropertyListError(
          .limitExceeded, "arrays and dictionaries nested deeper than \(XMLPlistReader.maximumNestingDepth) levels",
          offset: tag.start)
      }
      stack.append(Frame(kind: kind, startTag: tag, keeping: keeping, path: kept ? path.link : nil))
    case .true, .false:
      let (text, map, element) = try readText(element: name, tag: tag, selfClosing: selfClosing)
      guard text.trimmingXMLWhitespace().isEmpty else {
        throw PropertyListError(.invalidPropertyList, "'<\(scanner.text(of: name))>' must be empty", offset: tag.end)
      }
      guard kept else { return skipped() }
      try deliver(
        PropertyListNode(
          content: .boolean(name.element == .true), storedPath: path, elementRange: element,
          contentRange: map.contentRange))
    case .string:
      guard kept else {
        _ = try skipText(element: name, tag: tag, selfClosing: selfClosing)
        return skipped()
      }
      let (text, map, element) = try readText(element: name, tag: tag, selfClosing: selfClosing)
      try deliver(
        PropertyListNode(
          content: .string(text), storedPath: path, elementRange: element, contentRange: map.contentRange,
          sourceMap: map))
    case .integer, .real, .date, .data:
      let (text, map, element) = try readText(element: name, tag: tag, selfClosing: selfClosing)
      let content: PropertyListNode.Content
      switch name.element {
      case .integer:
        guard let number = PropertyListScalars.integer(from: text) else {
          throw invalidScalar(text, name, map, detail: "a 64-bit decimal or 0x-hexadecimal integer")
        }
        content = .integer(number)
      case .real:
        guard let number = PropertyListScalars.real(from: text) else {
          throw invalidScalar(text, name, map, detail: "a decimal number")
        }
        content = .real(number)
      case .date:
        guard let date = PropertyListScalars.date(from: text) else {
          throw invalidScalar(text, name, map, detail: "a date like '2024-05-17T09:30:00Z'")
        }
        content = .date(date)
      default:
        guard let data = PropertyListScalars.data(from: text) else {
          throw invalidScalar(text, name, map, detail: "base64")
        }
        content = .data(data)
      }
      guard kept else { return skipped() }
      try deliver(
        PropertyListNode(content: content, storedPath: path, elementRange: element, contentRange: map.contentRange))
    case .plist, .key, .other:
      throw PropertyListError(
        .invalidPropertyList, "unknown element '<\(scanner.text(of: name))>'", offset: tag.start)
    }
  }

  private func invalidScalar(_ text: String, _ name: XMLName, _ map: TextSourceMap, detail: String)
    -> PropertyListError
  {
    let shown = text.trimmingXMLWhitespace()
    let quoted = shown.count > 40 ? String(shown.prefix(40)) + "…" : shown
    let elementName = scanner.text(of: name)
    let what = shown.isEmpty ? "empty '<\(elementName)>'" : "'\(quoted)' is not a valid '<\(elementName)>'"
    return PropertyListError(.invalidPropertyList, "\(what) (expected \(detail))", offset: map.contentRange.start)
  }

  /// Closes the innermost container and hands its node to its parent.
  private mutating func closeContainer(endTag: ByteRange) throws {
    let frame = stack.removeLast()
    switch frame.kind {
    case .plist:
      guard root != nil else {
        throw PropertyListError(.invalidPropertyList, "'<plist>' holds no value", offset: frame.startTag.start)
      }
    case .array, .dictionary:
      if let pending = frame.pendingKey {
        throw PropertyListError(
          .invalidPropertyList, "key '\(pending.text)' has no value", offset: pending.elementRange?.start)
      }
      guard !frame.keeping.keepsNothing else { return skipped() }
      let content: PropertyListNode.Content =
        frame.kind == .array ? .array(frame.elements) : .dictionary(frame.entries)
      try deliver(
        PropertyListNode(
          content: content, storedPath: PropertyListStoredPath(prefix: frame.path, last: nil),
          elementRange: ByteRange(start: frame.startTag.start, end: endTag.end),
          contentRange: ByteRange(start: frame.startTag.end, end: endTag.start)))
    }
  }

  /// Gives a finished value to the container it belongs to (or makes it the root).
  private mutating func deliver(_ node: consuming PropertyListNode) throws {
    guard !stack.isEmpty else {
      root = node
      return
    }
    let index = stack.count - 1
    switch stack[index].kind {
    case .plist:
      root = node
    case .array:
      stack[index].elements.append(node)
    case .dictionary:
      // The key and the node move into the entry (copying each cost retains and releases of every field).
      guard let key = stack[index].pendingKey.take(), let keyRange = key.elementRange else { return }
      if let firstRange = stack[index].appendEntry(key: key, keyRange: keyRange, value: node) {
        duplicateKeys.append(
          DuplicateKey(
            key: stack[index].entries[stack[index].entries.count - 1].key.text, dictionaryLink: stack[index].path,
            firstRange: firstRange, duplicateRange: keyRange))
      }
    }
  }

  /// A value that is not kept has ended: its key, if any, is used up.
  private mutating func skipped() {
    guard let index = stack.indices.last, stack[index].kind == .dictionary else { return }
    stack[index].pendingKey = nil
  }

  /// For a `<key>` whose content is plain ASCII text (no reference, markup or CDATA) that no path of
  /// `paths` starts with: checks and skips it as `skipText` does, and returns its element's range.
  /// Nil, with nothing consumed, for any other key, which the caller decodes: the keys of a pairing
  /// read's root dictionary are mostly ones it does not keep, and decoding each into a string was
  /// most of that read's allocations.
  private mutating func skipKeyStartingNoPath(_ paths: [[String]], element: XMLName, tag: ByteRange) throws
    -> ByteRange?
  {
    guard let lessThan = XMLScanner.firstIndex(of: UInt8(ascii: "<"), in: bytes, from: tag.end, to: bytes.count),
      scanner.hasPrefix("</key>", at: lessThan),
      XMLScanner.firstIndex(of: UInt8(ascii: "&"), in: bytes, from: tag.end, to: lessThan) == nil
    else { return nil }
    let content = bytes[tag.end..<lessThan]
    // ASCII text is equal as a string exactly when its bytes are; other text may be canonically
    // equivalent to a path's key (KELVIN SIGN to "K"), so it is decoded.
    guard content.allSatisfy({ $0 < 0x80 }) else { return nil }
    for path in paths {
      guard let first = path.first, !first.isEmpty,
        first.utf8.count != content.count || !first.utf8.elementsEqual(content)
      else { return nil }
    }
    return try skipText(element: element, tag: tag, selfClosing: false)
  }

  /// Checks the character content of a leaf element up to its end tag as `readText` does, without
  /// decoding it; returns the element's range.
  private mutating func skipText(element: XMLName, tag: ByteRange, selfClosing: Bool) throws -> ByteRange {
    if selfClosing { return tag }
    while let token = try scanner.next() {
      switch token.kind {
      case .text:
        var discarded = DiscardedText()
        try decodeText(token.range, into: &discarded)
      case .cdata, .comment, .processingInstruction:
        break
      case .endTag(let name) where name.element == element.element:
        return ByteRange(start: tag.start, end: token.range.end)
      case .endTag, .startTag, .xmlDeclaration, .doctype:
        throw interruption(token, inside: element)
      }
    }
    throw PropertyListError(.malformedXML, "'<\(scanner.text(of: element))>' is never closed", offset: tag.start)
  }

  /// Reads the character content of a leaf element up to its end tag: text with entity and
  /// character references decoded, CDATA taken as is, comments and processing instructions skipped.
  private mutating func readText(element: XMLName, tag: ByteRange, selfClosing: Bool) throws
    -> (text: String, map: TextSourceMap, element: ByteRange)
  {
    var builder = TextSourceMapBuilder()
    if selfClosing {
      let built = builder.build(contentRange: .empty(at: tag.end), source: bytes)
      return (built.text, built.map, tag)
    }
    while let token = try scanner.next() {
      switch token.kind {
      case .text:
        try decodeText(token.range, into: &builder)
      case .cdata(let content):
        builder.appendVerbatim(content, from: bytes)
      case .comment, .processingInstruction:
        break
      case .endTag(let name) where name.element == element.element:
        let built = builder.build(contentRange: ByteRange(start: tag.end, end: token.range.start), source: bytes)
        return (built.text, built.map, ByteRange(start: tag.start, end: token.range.end))
      case .endTag, .startTag, .xmlDeclaration, .doctype:
        throw interruption(token, inside: element)
      }
    }
    throw PropertyListError(.malformedXML, "'<\(scanner.text(of: element))>' is never closed", offset: tag.start)
  }

  /// The error for markup inside a leaf element, other than its own end tag.
  private func interruption(_ token: XMLToken, inside element: XMLName) -> PropertyListError {
    switch token.kind {
    case .endTag(let name):
      return PropertyListError(
        .malformedXML, "expected '</\(scanner.text(of: element))>', found '</\(scanner.text(of: name))>'",
        offset: token.range.start)
    case .startTag(let name, _):
      return PropertyListError(
        .invalidPropertyList,
        "unexpected element '<\(scanner.text(of: name))>' inside '<\(scanner.text(of: element))>'",
        offset: token.range.start)
    default:
      return PropertyListError(
        .malformedXML, "unexpected declaration inside '<\(scanner.text(of: element))>'", offset: token.range.start)
    }
  }

  /// Decodes the references in the text bytes `range`.
  private func decodeText<Text: DecodedText>(_ range: ByteRange, into builder: inout Text) throws {
    var runStart = range.start
    var cursor = range.start
    while cursor < range.end {
      guard let ampersand = XMLScanner.firstIndex(of: UInt8(ascii: "&"), in: bytes, from: cursor, to: range.end) else {
        break
      }
      cursor = ampersand
      builder.appendVerbatim(ByteRange(start: runStart, end: cursor), from: bytes)
      var end = cursor + 1
      while end < range.end, end - cursor <= 32, bytes[end] != UInt8(ascii: ";") { end += 1 }
      guard end < range.end, bytes[end] == UInt8(ascii: ";") else {
        throw PropertyListError(.malformedXML, "'&' must start a reference like '&amp;'", offset: cursor)
      }
      let name = String(decoding: bytes[cursor + 1..<end], as: UTF8.self)
      let reference = ByteRange(start: cursor, end: end + 1)
      builder.appendReference(try decodeReference(name, at: cursor), sourceRange: reference, source: bytes)
      cursor = end + 1
      runStart = cursor
    }
    builder.appendVerbatim(ByteRange(start: runStart, end: range.end), from: bytes)
  }

  /// The UTF-8 bytes of `&name;`.
  private func decodeReference(_ name: String, at offset: Int) throws -> [UInt8] {
    switch name {
    case "amp": return [UInt8(ascii: "&")]
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default: break
    }
    if name.hasPrefix("#") {
      let digits = name.dropFirst()
      let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      guard let value, !digits.isEmpty, !digits.contains("+"), !digits.contains("-"),
        let scalar = Unicode.Scalar(value), Self.isXMLCharacter(value)
      else {
        throw PropertyListError(.malformedXML, "'&\(name);' is not a valid character reference", offset: offset)
      }
      return Array(String(Character(scalar)).utf8)
    }
    throw PropertyListError(
      .unsupported,
      "entity reference '&\(name);' is not supported in a property list (only &amp; &lt; &gt; "
        + "&quot; &apos; and character references like &#34;)", offset: offset)
  }

  /// Whether `value` is a character XML 1.0 allows.
  private static func isXMLCharacter(_ value: UInt32) -> Bool {
    value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
      || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
  }

  private func isWhitespace(_ range: ByteRange) -> Bool {
    bytes[range.start..<range.end].allSatisfy(XMLScanner.isWhitespace)
  }

  private func firstNonSpace(_ range: ByteRange) -> Int {
    bytes[range.start..<range.end].firstIndex { !XMLScanner.isWhitespace($0) } ?? range.start
  }
}

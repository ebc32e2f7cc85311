import CLibXML2

/// Asks libxml2 whether bytes are well-formed XML, safely: no network (`XML_PARSE_NONET`), no
/// entity substitution (no `XML_PARSE_NOENT`), no DTD loading or validation, no error printing.
///
/// libxml2 parses with a SAX handler whose callbacks build nothing: the parser checks
/// well-formedness itself, so nothing is lost, and no document tree is built only to be freed
/// (that tree cost as much again as the parse).
///
/// `XML_PARSE_HUGE` lifts libxml2's own depth limit of 256 so that sharelint's limit (512, checked
/// by the scanner before libxml2 runs) is the one users meet; entity declarations, the only thing
/// that option would make more dangerous, are refused by the scanner before libxml2 sees them.
enum LibXML2WellFormedness {
  /// The first fatal error libxml2 reported.
  struct Failure: Sendable {
    /// The 1-based line, or 0 when unknown.
    var line: Int
    /// libxml2's 1-based column on that line, or 0 when unknown (unreliable on lines with
    /// non-ASCII text: libxml2 counts neither bytes nor scalars there).
    var column: Int
    /// The byte offset the parser had reached, from `xmlByteConsumed`, or `nil` when unknown.
    var byteOffset: Int?
    /// libxml2's message, trimmed, first letter lowercased.
    var message: String
  }

  private static let parserInitialized: Void = { xmlInitParser() }()

  /// The parser options used: no network, no entity substitution, no DTD, no output.
  static let options: Int32 = {
    let flags =
      XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
      | XML_PARSE_HUGE.rawValue
    return Int32(bitPattern: UInt32(flags))
  }()

  /// `nil` when `bytes` are well-formed XML, otherwise the first error.
  static func firstError(in bytes: [UInt8]) -> Failure? {
    _ = parserInitialized
    guard !bytes.isEmpty, bytes.count <= Int(Int32.max) else {
      return Failure(line: 0, column: 0, byteOffset: nil, message: "document is empty")
    }
    guard let context = xmlNewParserCtxt() else {
      return Failure(line: 0, column: 0, byteOffset: nil, message: "libxml2 could not create a parser")
    }
    defer { xmlFreeParserCtxt(context) }
    let collector = ErrorCollector()
    let unmanaged = Unmanaged.passRetained(collector)
    defer { unmanaged.release() }
    context.pointee._private = unmanaged.toOpaque()
    context.pointee.sax.pointee = xmlSAXHandler()
    context.pointee.sax.pointee.initialized = XML_SAX2_MAGIC
    // With no comment callback libxml2 skips gathering a comment's text, and its errors about a
    // comment then lose the excerpt users have always seen; an empty callback keeps them.
    context.pointee.sax.pointee.comment = { _, _ in }
    context.pointee.sax.pointee.serror = { userData, error in
      guard let userData, let error else { return }
      let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
      guard let box = context.pointee._private else { return }
      let collector = Unmanaged<ErrorCollector>.fromOpaque(box).takeUnretainedValue()
      guard collector.first == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      let raw = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
      let consumed = Int(xmlByteConsumed(context))
      collector.first = Failure(
        line: Int(error.pointee.line), column: Int(error.pointee.int2), byteOffset: consumed >= 0 ? consumed : nil,
        message: Self.tidy(raw))
    }
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), "plist.xml", "UTF-8", options)
      }
    }
    if let document { xmlFreeDoc(document) }  // none is built without SAX callbacks; freed should one ever be
    if context.pointee.wellFormed != 0 { return nil }
    return collector.first ?? Failure(line: 0, column: 0, byteOffset: nil, message: "malformed XML")
  }

  /// libxml2's message as one lowercase line without a trailing period.
  private static func tidy(_ message: String) -> String {
    var text = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    text = text.trimmingCharacters(in: " .")
    guard let first = text.first else { return "malformed XML" }
    return first.lowercased() + text.dropFirst()
  }

  private final class ErrorCollector {
    var first: Failure?
  }
}

extension String {
  fileprivate func trimmingCharacters(in characters: String) -> String {
    let set = Set(characters)
    var slice = Substring(self)
    while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
    while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
    return String(slice)
  }
}

import SharelintBase

/// A Swift or Objective-C source file read and split into tokens: what the source-code rules look at. Its text is
/// named by its display path, so a finding placed in it points at the file's line and column.
public struct SourceFile: Sendable {
  /// The text, named by the display path.
  public let text: SourceText
  /// The language it is read as.
  public let language: SourceLanguage
  /// Its tokens, in order.
  public let tokens: [SourceToken]

  /// The file made of `bytes`, named `name`, read as `language`.
  public init(name: String, bytes: [UInt8], language: SourceLanguage) {
    text = SourceText(name: name, bytes: bytes)
    self.language = language
    tokens = SourceLexer.tokens(of: bytes, language: language)
  }

  /// The display path.
  public var name: String { text.name }

  // MARK: - Reading tokens

  /// Whether token `index` is the identifier `name`.
  public func isIdentifier(_ index: Int, _ name: String) -> Bool {
    guard index >= 0, index < tokens.count, tokens[index].kind == .identifier else { return false }
    return equals(tokens[index].range, name)
  }

  /// Whether token `index` is the punctuation byte `character`.
  public func isPunctuation(_ index: Int, _ character: Unicode.Scalar) -> Bool {
    guard index >= 0, index < tokens.count, tokens[index].kind == .punctuation else { return false }
    return text.bytes[tokens[index].range.start] == UInt8(truncatingIfNeeded: character.value)
  }

  /// The text of token `index` (for a string literal, with its delimiters).
  public func spelling(_ index: Int) -> String {
    let range = tokens[index].range
    return String(decoding: text.bytes[range.start..<range.end], as: UTF8.self)
  }

  /// The content of the string literal at `index` as written (escapes not decoded), or nil for another token.
  public func stringContent(_ index: Int) -> String? {
    guard index >= 0, index < tokens.count, tokens[index].kind == .string else { return nil }
    let range = tokens[index].content
    return String(decoding: text.bytes[range.start..<range.end], as: UTF8.self)
  }

  /// Whether the bytes of `range` spell `name`.
  func equals(_ range: ByteRange, _ name: String) -> Bool {
    var offset = range.start
    for byte in name.utf8 {
      guard offset < range.end, text.bytes[offset] == byte else { return false }
      offset += 1
    }
    return offset == range.end
  }

  /// The indices of the identifiers spelled as one of `names`, in order.
  public func identifiers(named names: Set<String>) -> [Int] {
    let wanted = Dictionary(grouping: names.map { Array($0.utf8) }, by: \.count)
    var found: [Int] = []
    text.bytes.withUnsafeBufferPointer { bytes in
      for (index, token) in tokens.enumerated() where token.kind == .identifier {
        guard let candidates = wanted[token.range.count] else { continue }
        let slice = bytes[token.range.start..<token.range.end]
        if candidates.contains(where: { $0.elementsEqual(slice) }) { found.append(index) }
      }
    }
    return found
  }

  /// Whether an identifier of the file is one of `names` (in code: a name in a comment or a string does not count).
  public func mentions(anyOf names: Set<String>) -> Bool {
    !identifiers(named: names).isEmpty
  }

  /// Whether an identifier of the file starts with `prefix`.
  public func mentions(prefix: String) -> Bool {
    let bytes = Array(prefix.utf8)
    return tokens.contains { token in
      token.kind == .identifier && token.range.count >= bytes.count
        && text.bytes[token.range.start..<(token.range.start + bytes.count)].elementsEqual(bytes)
    }
  }

  /// Whether an identifier of the file contains one of `fragments`, ignoring ASCII case (`logout` finds
  /// `didTapLogOut`).
  public func mentions(fragmentsIgnoringCase fragments: [String]) -> Bool {
    let lowered = fragments.map { Array($0.lowercased().utf8) }.filter { !$0.isEmpty }
    return tokens.contains { token in
      guard token.kind == .identifier else { return false }
      let name = text.bytes[token.range.start..<token.range.end].map { byte in
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
      }
      return lowered.contains { fragment in
        guard name.count >= fragment.count else { return false }
        return (0...(name.count - fragment.count)).contains { start in
          name[start..<(start + fragment.count)].elementsEqual(fragment)
        }
      }
    }
  }
}

extension SourceFile {
  /// The words of the identifier at `index`, lowercased: split where camel case turns (`didTapLogOut` → `did`,
  /// `tap`, `log`, `out`; `URLSession` → `url`, `session`), at `_` and at digits.
  public func words(ofIdentifier index: Int) -> [String] {
    Self.words(of: text.bytes[tokens[index].range.start..<tokens[index].range.end])
  }

  /// The words of an identifier's bytes (see `words(ofIdentifier:)`).
  static func words(of name: ArraySlice<UInt8>) -> [String] {
    func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") || byte >= 0x80 }
    var words: [String] = []
    var current: [UInt8] = []
    let bytes = Array(name)
    for (offset, byte) in bytes.enumerated() {
      guard isUpper(byte) || isLower(byte) else {
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        current = []
        continue
      }
      if isUpper(byte), !current.isEmpty {
        let last = bytes[offset - 1]
        let nextIsLower = offset + 1 < bytes.count && isLower(bytes[offset + 1])
        // `logOut`: a capital after a lowercase letter; `URLSession`: the last capital before a lowercase one.
        if isLower(last) || (isUpper(last) && nextIsLower) {
          words.append(String(decoding: current, as: UTF8.self))
          current = []
        }
      }
      current.append(isUpper(byte) ? byte + 32 : byte)
    }
    if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
    return words
  }

  /// The first identifier whose words hold one of `phrases` as consecutive words (`["log", "out"]` finds
  /// `didTapLogOut` and `LOG_OUT`, not `logOutput`), with the phrase found.
  public func firstIdentifier(withWords phrases: [[String]]) -> (token: Int, phrase: [String])? {
    for (index, token) in tokens.enumerated() where token.kind == .identifier {
      let words = words(ofIdentifier: index)
      for phrase in phrases where !phrase.isEmpty && words.count >= phrase.count {
        for start in 0...(words.count - phrase.count) where Array(words[start..<(start + phrase.count)]) == phrase {
          return (index, phrase)
        }
      }
    }
    return nil
  }
}

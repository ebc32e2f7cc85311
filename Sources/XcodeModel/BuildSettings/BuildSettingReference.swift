/// A `$(NAME)`, `${NAME}`, `$[NAME]` or `$NAME` reference found in a string, with its modifiers
/// (`$(PRODUCT_NAME:rfc1034identifier)`, `$(X:default=value)`) and any references nested in its
/// name or in a modifier's operand (`$(FOO_$(BAR))`).
///
/// Offsets are UTF-8 offsets into the decoded string (after XML entities are decoded); a caller
/// maps them to file offsets with the string node's `TextSourceMap`.
public struct BuildSettingReference: Hashable, Sendable {
  /// The brackets after the `$`.
  public enum Delimiter: String, Hashable, Sendable {
    /// `$(NAME)`, the usual form.
    case parentheses
    /// `${NAME}`, the older form Xcode still accepts.
    case braces
    /// `$[NAME]`, an older form Xcode still accepts (with a deprecation warning).
    case brackets
    /// `$NAME` with no brackets, which Xcode still accepts: the name is a letter or `_` followed by letters,
    /// digits, `_` and `.`; a setting that has no value leaves the reference as written.
    case none
  }

  /// The whole reference, from `$` to the closing bracket (or to the end of the string when the
  /// reference is never closed; to the end of the name for `$NAME`).
  public var range: Range<Int>
  /// The name between the opening bracket and the first `:` or the closing bracket (for `$NAME`, the name and
  /// a `$(…)` written right after it, which Xcode takes as part of the name).
  public var name: BuildSettingText
  /// The modifiers after the name, in the order written (and applied).
  public var modifiers: [BuildSettingModifierSyntax]
  /// The brackets used.
  public var delimiter: Delimiter
  /// Whether the closing bracket was found.
  public var isTerminated: Bool

  /// A reference covering `range` with `name` and `modifiers`.
  public init(
    range: Range<Int>, name: BuildSettingText, modifiers: [BuildSettingModifierSyntax] = [],
    delimiter: Delimiter = .parentheses, isTerminated: Bool = true
  ) {
    self.range = range
    self.name = name
    self.modifiers = modifiers
    self.delimiter = delimiter
    self.isTerminated = isTerminated
  }

  /// The name as written when it contains no nested reference (`PRODUCT_BUNDLE_IDENTIFIER`), else `nil`.
  public var literalName: String? { name.literalText }

  /// The reference as written: `$(NAME:modifier=operand)`, the closing bracket left out when missing.
  public var spelling: String {
    let (open, close): (String, String)
    switch delimiter {
    case .parentheses: (open, close) = ("$(", ")")
    case .braces: (open, close) = ("${", "}")
    case .brackets: (open, close) = ("$[", "]")
    case .none: (open, close) = ("$", "")
    }
    let modifierText = modifiers.map { ":" + $0.name + ($0.operand.map { "=" + $0.spelling } ?? "") }.joined()
    return open + name.spelling + modifierText + (isTerminated ? close : "")
  }

  /// The references directly inside this one's name and modifier operands.
  public var nestedReferences: [BuildSettingReference] {
    name.references + modifiers.flatMap { $0.operand?.references ?? [] }
  }
}

/// One `:modifier` or `:modifier=operand` of a reference.
public struct BuildSettingModifierSyntax: Hashable, Sendable {
  /// The modifier's name, e.g. `rfc1034identifier` or `default`.
  public var name: String
  /// The text after `=`, for modifiers that replace (`:default=value`, `:suffix=.txt`); `nil` otherwise.
  public var operand: BuildSettingText?
  /// From the `:` to the end of the operand.
  public var range: Range<Int>

  /// A modifier named `name` with an optional `operand`, covering `range`.
  public init(name: String, operand: BuildSettingText? = nil, range: Range<Int>) {
    self.name = name
    self.operand = operand
    self.range = range
  }
}

/// A string split into literal text and build-setting references: the value of a plist string, a
/// reference's name, or a modifier's operand.
public struct BuildSettingText: Hashable, Sendable {
  /// One piece of the text.
  public enum Part: Hashable, Sendable {
    /// Text taken as is, with its range. `$$`, Xcode's escape for a `$`, is a literal of its own, `"$$"`, which
    /// evaluates to `$` (see `isEscapedDollar`).
    case literal(String, Range<Int>)
    /// A `$(…)` reference.
    case reference(BuildSettingReference)
  }

  /// The pieces in order.
  public var parts: [Part]

  /// Text made of `parts`.
  public init(parts: [Part]) {
    self.parts = parts
  }

  /// Splits `text` into literal pieces and references as swift-build's `MacroExpressionParser.parseAsString`
  /// does (`parseSubstitutionSubexpression`): `$(`, `${` and `$[` start a bracketed reference; `$` followed by a
  /// letter or `_` starts a `$NAME` reference, whose name runs over letters, digits, `_` and `.`
  /// (`isValidMacroNameNthChar`) and takes in a `$(…)` written right after it; `$$` is an escaped `$`; a `$`
  /// followed by anything else (or nothing) is literal. A `$NAME` whose setting has no value stays as written
  /// (`preserveOriginalIfUnresolved`), so `$attachment` in an activation rule is what Xcode leaves in a processed
  /// Info.plist.
  public init(parsing text: String) {
    var parser = BuildSettingTextParser(bytes: Array(text.utf8))
    self = parser.parseText(stoppingAt: [])
  }

  /// Whether `text` may hold a reference or an escaped `$`: a `$` followed by a bracket, a letter, `_` or `$`.
  /// Looked for in the bytes, to skip parsing the many strings that hold none.
  public static func mayHoldReferences(_ text: String) -> Bool {
    var afterDollar = false
    for byte in text.utf8 {
      if afterDollar, BuildSettingTextParser.followsDollarInReference(byte) { return true }
      afterDollar = byte == UInt8(ascii: "$")
    }
    return false
  }

  /// Whether `literal` is the `$$` escape, which Xcode evaluates to `$`.
  static func isEscapedDollar(_ literal: String) -> Bool { literal == "$$" }

  /// The top-level references, in order.
  public var references: [BuildSettingReference] {
    parts.compactMap { part in
      if case .reference(let reference) = part { return reference }
      return nil
    }
  }

  /// Every reference at any depth, outer ones before the ones nested in them.
  public var allReferences: [BuildSettingReference] {
    references.flatMap { reference in [reference] + BuildSettingText.nested(in: reference) }
  }

  /// The text as written, references included.
  public var spelling: String {
    parts.map { part in
      switch part {
      case .literal(let text, _): return text
      case .reference(let reference): return reference.spelling
      }
    }.joined()
  }

  /// The text when it holds no reference, else `nil`.
  public var literalText: String? {
    var text = ""
    for part in parts {
      guard case .literal(let literal, _) = part else { return nil }
      text += literal
    }
    return text
  }

  private static func nested(in reference: BuildSettingReference) -> [BuildSettingReference] {
    reference.nestedReferences.flatMap { [$0] + nested(in: $0) }
  }
}

/// Reads references out of UTF-8 bytes. It splits only at ASCII bytes, so every literal piece is
/// valid UTF-8 when the input is.
struct BuildSettingTextParser {
  private let bytes: [UInt8]
  private var offset = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private static let dollar = UInt8(ascii: "$")
  private static let colon = UInt8(ascii: ":")
  private static let equals = UInt8(ascii: "=")

  private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private func byte(after index: Int) -> UInt8? { index + 1 < bytes.count ? bytes[index + 1] : nil }

  private static func closingDelimiter(of opening: UInt8?) -> UInt8? {
    switch opening {
    case UInt8(ascii: "("): return UInt8(ascii: ")")
    case UInt8(ascii: "{"): return UInt8(ascii: "}")
    case UInt8(ascii: "["): return UInt8(ascii: "]")
    default: return nil
    }
  }

  /// A letter or `_`: what may start a `$NAME` (swift-build's `isValidMacroName1stChar`).
  private static func startsName(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
  }

  /// A letter, digit, `_` or `.`: what may continue a `$NAME` (swift-build's `isValidMacroNameNthChar`).
  private static func continuesName(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return startsName(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
  }

  /// Whether `byte` after a `$` makes a reference or the `$$` escape.
  static func followsDollarInReference(_ byte: UInt8) -> Bool {
    closingDelimiter(of: byte) != nil || startsName(byte) || byte == dollar
  }

  /// text: (literal | reference)* up to the end or to one of `stops` outside a nested reference.
  mutating func parseText(stoppingAt stops: Set<UInt8>) -> BuildSettingText {
    var parts: [BuildSettingText.Part] = []
    var literalStart = offset
    func flushLiteral(upTo end: Int) {
      guard end > literalStart else { return }
      parts.append(.literal(String(decoding: bytes[literalStart..<end], as: UTF8.self), literalStart..<end))
    }
    while let byte = current, !stops.contains(byte) {
      let next = self.byte(after: offset)
      if byte == Self.dollar, Self.closingDelimiter(of: next) != nil {
        flushLiteral(upTo: offset)
        parts.append(.reference(parseReference()))
        literalStart = offset
      } else if byte == Self.dollar, Self.startsName(next) {
        flushLiteral(upTo: offset)
        parts.append(.reference(parseUnbracketedReference()))
        literalStart = offset
      } else if byte == Self.dollar, next == Self.dollar {
        flushLiteral(upTo: offset)
        parts.append(.literal("$$", offset..<offset + 2))
        offset += 2
        literalStart = offset
      } else {
        offset += 1
      }
    }
    flushLiteral(upTo: offset)
    return BuildSettingText(parts: parts)
  }

  /// reference: '$' ('(' | '{') text (':' modifier)* (')' | '}').
  private mutating func parseReference() -> BuildSettingReference {
    let start = offset
    let opening = bytes[offset + 1]
    let closing = Self.closingDelimiter(of: opening) ?? UInt8(ascii: ")")
    offset += 2
    let name = parseText(stoppingAt: [Self.colon, closing])
    var modifiers: [BuildSettingModifierSyntax] = []
    while current == Self.colon {
      modifiers.append(parseModifier(closing: closing))
    }
    let isTerminated = current == closing
    if isTerminated { offset += 1 }
    let delimiter: BuildSettingReference.Delimiter =
      switch opening {
      case UInt8(ascii: "{"): .braces
      case UInt8(ascii: "["): .brackets
      default: .parentheses
      }
    return BuildSettingReference(
      range: start..<offset, name: name, modifiers: modifiers, delimiter: delimiter, isTerminated: isTerminated)
  }

  /// unbracketed reference: '$' name-start name-char* ('$(' … ')')?. A `$(…)` right after the name is part of the
  /// name (swift-build's hack for `$FOO$(BAR)`, rdar://12769727).
  private mutating func parseUnbracketedReference() -> BuildSettingReference {
    let start = offset
    offset += 1
    let nameStart = offset
    while Self.continuesName(current) { offset += 1 }
    var nameParts: [BuildSettingText.Part] = [
      .literal(String(decoding: bytes[nameStart..<offset], as: UTF8.self), nameStart..<offset)
    ]
    if current == Self.dollar, byte(after: offset) == UInt8(ascii: "(") {
      nameParts.append(.reference(parseReference()))
    }
    return BuildSettingReference(
      range: start..<offset, name: BuildSettingText(parts: nameParts), delimiter: .none)
  }

  /// modifier: ':' name ('=' text)?; the name runs to the next `:`, `=` or closing bracket.
  private mutating func parseModifier(closing: UInt8) -> BuildSettingModifierSyntax {
    let start = offset
    offset += 1
    let nameStart = offset
    while let byte = current, byte != Self.colon, byte != closing, byte != Self.equals {
      offset += 1
    }
    let name = String(decoding: bytes[nameStart..<offset], as: UTF8.self)
    var operand: BuildSettingText?
    if current == Self.equals {
      offset += 1
      operand = parseText(stoppingAt: [Self.colon, closing])
    }
    return BuildSettingModifierSyntax(name: name, operand: operand, range: start..<offset)
  }
}

import Foundation
import PropertyList
import SharelintBase

/// What suppressed a finding: a `sharelint:` comment in the file, with the reason written after its codes.
public struct InlineSuppression: Sendable, Equatable {
  /// The comment's directive: `disable-next-line`, `disable-line` or `disable`.
  public var directive: String
  /// The text after `--` (or `-`), trimmed; nil when the comment gives none.
  public var reason: String?
  /// The file the comment is in.
  public var file: String
  /// The comment's line (1-based).
  public var line: Int
}

/// One `sharelint:` comment of a file, read: what it does, the rules it names (each with the lines it covers), its
/// reason, and the bytes to remove when it suppresses nothing.
///
/// The forms, in any file kind's comments (`<!-- -->` in XML plists, `//` in `.xcconfig`, `#` in YAML, `/* */` or
/// `//` in `project.pbxproj`):
///
/// - `sharelint:disable-next-line US004,AR007 -- reason`: the next line holding content (blank lines and other
///   `sharelint:` comments skipped);
/// - `sharelint:disable-line US004 -- reason`: the comment's own lines;
/// - `sharelint:disable US004 -- reason` … `sharelint:enable US004`: the lines between, to the end of the file
///   without an `enable` (an `enable` naming no rule ends every open range).
///
/// Rules are named by code or identifier, separated by commas or spaces; the reason follows `--`, or `-` (an XML
/// comment cannot hold `--`).
struct SuppressionDirective: Sendable {
  /// What the comment does.
  enum Action: String, Sendable, CaseIterable {
    case disableNextLine = "disable-next-line"
    case disableLine = "disable-line"
    case disable
    case enable
  }

  /// A rule the comment names, as written.
  struct NamedRule: Sendable {
    /// The text (`US004`, `missing-mam-types`).
    var text: String
    /// Its bytes in the file.
    var range: ByteRange
    /// The code of the rule it names; nil when no rule has that code or identifier.
    var code: String?
    /// The lines (1-based) it covers; empty when none.
    var lines: ClosedRange<Int>?
  }

  /// What the comment does; nil when the word after `sharelint:` is none of the actions (`actionText` says it).
  var action: Action?
  /// The word after `sharelint:`.
  var actionText: String
  /// The bytes of that word.
  var actionRange: ByteRange
  /// The rules it names, in order.
  var rules: [NamedRule]
  /// The reason, when given.
  var reason: String?
  /// The comment's bytes.
  var comment: ByteRange
  /// The bytes removing the comment removes: its whole line when nothing else is on it, else the comment and the
  /// blanks before it.
  var removal: ByteRange
  /// Whether nothing but blanks is beside the comment on its lines.
  var isAlone: Bool
  /// The comment's first and last lines (1-based).
  var firstLine: Int
  var lastLine: Int

  /// How the comments of a file are written, from its name and first bytes; nil for files without suppressions.
  enum CommentSyntax: Sendable {
    /// `<!-- … -->`: XML plists and entitlements.
    case xml
    /// `// …` to the end of the line: `.xcconfig`.
    case slashes
    /// `# …` to the end of the line: YAML (`project.yml`, `.sharelint.yml`).
    case hash
    /// `/* … */` and `// …` outside quoted strings: `project.pbxproj`.
    case openStep

    /// The syntax of the file `name` whose bytes are `bytes`.
    init?(file name: String, bytes: [UInt8]) {
      if name.hasSuffix(".xcconfig") {
        self = .slashes
      } else if name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
        self = .hash
      } else if name.hasSuffix(".pbxproj") {
        self = .openStep
      } else if let first = bytes.drop(while: { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || Self.isBlank($0) }).first,
        first == UInt8(ascii: "<")
      {
        self = .xml
      } else {
        return nil
      }
    }

    static func isBlank(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\n")
    }
  }

  /// The most `sharelint:` comments read in one file; the rest are ignored, and PL007 says so at the first of them.
  static let maximumCount = 1_000

  /// The action text of the comment standing for those past `maximumCount`.
  static let tooManyText = "\u{0}too-many"

  /// The marker every directive starts with.
  static let marker = Array("sharelint:".utf8)

  /// The `sharelint:` comments of `source`, in order, with the lines each rule covers; empty (and quick) for a file
  /// whose bytes never say `sharelint:`.
  static func directives(in source: SourceText) -> [SuppressionDirective] {
    let bytes = source.bytes
    guard contains(marker, in: bytes[...]), let syntax = CommentSyntax(file: source.name, bytes: bytes) else {
      return []
    }
    var directives: [SuppressionDirective] = []
    for (comment, body) in comments(in: bytes, syntax: syntax) {
      guard let directive = parse(body: body, comment: comment, in: source) else { continue }
      // A file is hostile input: past the bound its comments are read as one that says so (PL007).
      guard directives.count < maximumCount else {
        directives.append(SuppressionDirective(
          action: nil, actionText: tooManyText, actionRange: directive.comment, rules: [], reason: nil,
          comment: directive.comment, removal: directive.removal, isAlone: directive.isAlone,
          firstLine: directive.firstLine, lastLine: directive.lastLine))
        break
      }
      directives.append(directive)
    }
    resolveLines(&directives, in: source)
    return directives
  }

  /// Whether `needle` occurs in `haystack` (`ByteSearch`: a loop comparing every `s` of a plist's `<string>` tags
  /// with the marker's first byte was 1.4% of a run over 10,000 plists).
  static func contains(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
    haystack.withUnsafeBufferPointer { ByteSearch.firstOffset(of: needle, in: $0) != nil }
  }

  /// Each comment of `bytes`: its whole bytes and the bytes of its text (inside the delimiters).
  static func comments(in bytes: [UInt8], syntax: CommentSyntax) -> [(comment: ByteRange, body: ByteRange)] {
    let newline = UInt8(ascii: "\n")
    func lineEnd(from offset: Int) -> Int {
      var end = offset
      while end < bytes.count, bytes[end] != newline { end += 1 }
      return end
    }
    var found: [(ByteRange, ByteRange)] = []
    switch syntax {
    case .xml:
      for range in XMLComments.ranges(in: bytes) where range.end - range.start >= 7 {
        found.append((range, ByteRange(start: range.start + 4, end: range.end - 3)))
      }
    case .slashes, .hash:
      var offset = 0
      var atLineStart = true
      var previous: UInt8 = newline
      while offset < bytes.count {
        let byte = bytes[offset]
        let starts: Int? =
          switch syntax {
          case .hash: byte == UInt8(ascii: "#") && (atLineStart || CommentSyntax.isBlank(previous)) ? 1 : nil
          default:
            byte == UInt8(ascii: "/") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/") ? 2 : nil
          }
        if let opener = starts {
          let end = lineEnd(from: offset)
          found.append((ByteRange(start: offset, end: end), ByteRange(start: offset + opener, end: end)))
          offset = end
          continue
        }
        atLineStart = byte == newline
        previous = byte
        offset += 1
      }
    case .openStep:
      var offset = 0
      while offset < bytes.count {
        let byte = bytes[offset]
        let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        if byte == UInt8(ascii: "\"") {
          offset += 1
          while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
            offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
          }
          offset += 1
        } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
          var end = offset + 2
          while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
            end += 1
          }
          guard end + 1 < bytes.count else { return found }   // a comment never closed: the reader reports it
          found.append((ByteRange(start: offset, end: end + 2), ByteRange(start: offset + 2, end: end)))
          offset = end + 2
        } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "/") {
          let end = lineEnd(from: offset)
          found.append((ByteRange(start: offset, end: end), ByteRange(start: offset + 2, end: end)))
          offset = end
        } else {
          offset += 1
        }
      }
    }
    return found
  }

  /// The directive a comment's text holds, if it starts with `sharelint:`.
  static func parse(body: ByteRange, comment: ByteRange, in source: SourceText) -> SuppressionDirective? {
    let bytes = source.bytes
    var cursor = body.start
    func skip(while predicate: (UInt8) -> Bool) {
      while cursor < body.end, predicate(bytes[cursor]) { cursor += 1 }
    }
    skip(while: CommentSyntax.isBlank)
    guard bytes[cursor..<body.end].starts(with: marker) else { return nil }
    cursor += marker.count
    skip { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }   // `sharelint: disable-line` reads as well
    let actionStart = cursor
    skip { !CommentSyntax.isBlank($0) && $0 != UInt8(ascii: ",") }
    let actionRange = ByteRange(start: actionStart, end: cursor)
    let actionText = String(decoding: bytes[actionStart..<cursor], as: UTF8.self)
    var rules: [NamedRule] = []
    var reason: String?
    while cursor < body.end {
      skip { CommentSyntax.isBlank($0) || $0 == UInt8(ascii: ",") }
      guard cursor < body.end else { break }
      let start = cursor
      skip { !CommentSyntax.isBlank($0) && $0 != UInt8(ascii: ",") }
      let word = String(decoding: bytes[start..<cursor], as: UTF8.self)
      if word == "--" || word == "-" {
        let text = String(decoding: bytes[cursor..<body.end], as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)
        reason = text.isEmpty ? nil : text
        break
      }
      let code = RuleRegistry.rule(named: word)?.description.code
      rules.append(NamedRule(text: word, range: ByteRange(start: start, end: cursor), code: code, lines: nil))
    }
    let first = source.position(of: comment.start).line
    let last = source.position(of: max(comment.start, comment.end - 1)).line
    let removing = removal(of: comment, in: bytes)
    return SuppressionDirective(
      action: Action(rawValue: actionText), actionText: actionText, actionRange: actionRange, rules: rules,
      reason: reason, comment: comment, removal: removing.range, isAlone: removing.isAlone, firstLine: first,
      lastLine: last)
  }

  /// What removing `comment` removes: from its line's start to past its line end when only blanks are beside it,
  /// else the comment and the blanks before it.
  static func removal(of comment: ByteRange, in bytes: [UInt8]) -> (range: ByteRange, isAlone: Bool) {
    let newline = UInt8(ascii: "\n")
    func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var before = comment.start
    while before > 0, isSpace(bytes[before - 1]) { before -= 1 }
    var after = comment.end
    while after < bytes.count, isSpace(bytes[after]) || bytes[after] == UInt8(ascii: "\r") { after += 1 }
    let aloneBefore = before == 0 || bytes[before - 1] == newline
    let aloneAfter = after == bytes.count || bytes[after] == newline
    if aloneBefore && aloneAfter { return (ByteRange(start: before, end: min(bytes.count, after + 1)), true) }
    return (ByteRange(start: before, end: comment.end), false)
  }

  /// Gives each named rule the lines it covers: the next line with content, the comment's own lines, or the lines
  /// up to the `enable` that ends its range.
  static func resolveLines(_ directives: inout [SuppressionDirective], in source: SourceText) {
    // Lines holding nothing but a `sharelint:` comment are skipped by `disable-next-line`, as blank lines are:
    // `nextContent[line]` is the first line from `line` on that is neither (0 when none), found in one pass.
    var directiveOnly: Set<Int> = []
    for directive in directives where directive.isAlone {
      directiveOnly.formUnion(directive.firstLine...directive.lastLine)
    }
    let lineCount = source.lineStarts.count
    var nextContent = [Int](repeating: 0, count: lineCount + 2)
    if directives.contains(where: { $0.action == .disableNextLine }) {
      for line in stride(from: lineCount, through: 1, by: -1) {
        let hasContent = source.lineBytes(line - 1).contains { !CommentSyntax.isBlank($0) }
        nextContent[line] = hasContent && !directiveOnly.contains(line) ? line : nextContent[line + 1]
      }
    }
    // Backwards, so each `disable` knows the nearest `enable` after it: of every rule, or of each code.
    var enableAll: Int?
    var enableCode: [String: Int] = [:]
    for index in directives.indices.reversed() {
      let directive = directives[index]
      var covered: ClosedRange<Int>?
      switch directive.action {
      case .disableLine?:
        covered = directive.firstLine...directive.lastLine
      case .disableNextLine?:
        let line = directive.lastLine + 1 <= lineCount ? nextContent[directive.lastLine + 1] : 0
        covered = line > 0 ? line...line : nil
      case .disable?:
        for rule in directive.rules.indices {
          guard let code = directive.rules[rule].code else { continue }
          let closing = [enableAll, enableCode[code]].compactMap { $0 }.min()
          let end = closing.map { $0 - 1 } ?? Int.max
          directives[index].rules[rule].lines = directive.lastLine + 1 <= end ? (directive.lastLine + 1)...end : nil
        }
        continue
      case .enable?:
        if directive.rules.isEmpty { enableAll = directive.firstLine }
        for rule in directive.rules { if let code = rule.code { enableCode[code] = directive.firstLine } }
        continue
      case nil:
        continue
      }
      for rule in directives[index].rules.indices { directives[index].rules[rule].lines = covered }
    }
  }
}

import Foundation
import Yams

/// Reads one YAML (or JSON, which is YAML) document into a `YAMLValue`, with bounded time and memory whatever the
/// text: sharelint reads XcodeGen specs, `.sharelint.yml` and Intune policies from the repositories and pull
/// requests it checks, and a crafted file must not stop it.
/// - a file larger than `maximumFileSize` is refused before it is parsed;
/// - a look at the text first (`YAMLPrescan`) refuses nesting deeper than `maximumNesting` (Yams composes
///   recursively, so a deep enough document would overflow the stack) and, when the file has anchors, aliases used
///   inside mapping keys (Yams hashes every key to find duplicates, and an aliased key costs its whole expansion);
/// - Yams composes aliases by sharing nodes, so a "billion laughs" costs little until the tree is walked; the walk
///   here charges every value it materializes to a `YAMLBudget`.
/// `<<` merge keys are applied as YAML 1.1 (and XcodeGen, through Yams' constructor) do: the merged mappings'
/// entries come first, the mapping's own entries replace them. Mapping keys must be strings.
package enum BoundedYAMLReader {
  /// The largest file read (a large real XcodeGen spec is tens of kilobytes).
  package static let maximumFileSize = 4 << 20
  /// How deep values may nest (real specs nest about ten deep). Yams composes recursively, and a debug build
  /// needs about 3 KB of stack per level: 64 levels fit a 512 KB thread stack twice over.
  package static let maximumNesting = 64

  /// The value of the YAML `bytes` of `file` (its display path); `nil` for an empty document. Errors and the
  /// budget's limits name the document as `budget.document` does.
  package static func read(_ bytes: [UInt8], file: String, budget: YAMLBudget) throws(YAMLError) -> YAMLValue? {
    let document = budget.document
    guard bytes.count <= maximumFileSize else {
      throw YAMLError(
        "\(document) is \(bytes.count) bytes, more than the \(maximumFileSize) read; it is not read", file: file)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw YAMLError("\(document) is not UTF-8 text", file: file)
    }
    try YAMLPrescan.check(bytes, file: file, document: document, maximumNesting: maximumNesting)
    let root: Node?
    do {
      // As XcodeGen reads specs: without the null rule, so `~` and an empty value are strings (the values here
      // are typed from their text and style, never from Yams' tags).
      root = try Parser(yaml: text, resolver: Resolver.default.removing(.null)).singleRoot()
    } catch let error as YamlError {
      throw located(error, file: file)
    } catch {
      throw YAMLError("invalid YAML: \(error)", file: file)
    }
    guard let root else { return nil }
    var converter = Converter(file: file, document: document, budget: budget)
    return try converter.value(of: root, depth: 0)
  }

  /// A Yams error as a located error: `file:line:column: invalid YAML: problem`.
  private static func located(_ error: YamlError, file: String) -> YAMLError {
    func firstLine(_ text: String) -> String {
      String(text.split(separator: "\n", omittingEmptySubsequences: true).first ?? "")
    }
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
      .composer(_, let problem, let mark, _):
      return YAMLError(
        "invalid YAML: \(firstLine(problem))", file: file, line: mark.line, column: mark.column)
    case .duplicatedKeysInMapping(let duplicates, let context):
      let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
      let repeated = duplicates.count == 1
        ? repeatedKeyLine(duplicates[0], firstAt: context.mark.line, column: context.mark.column, in: context.text)
        : nil
      return YAMLError(
        "invalid YAML: a mapping has the key \(keys) more than once", file: file,
        line: repeated ?? context.mark.line, column: context.mark.column)
    case .reader(let problem, _, _, _):
      return YAMLError("invalid YAML: \(firstLine(problem))", file: file)
    default:
      return YAMLError("invalid YAML: \(firstLine(String(describing: error)))", file: file)
    }
  }

  /// The line where the block-mapping key `key`, first written at `line`:`column` (1-based), is written again: Yams
  /// names the first of two equal keys, and the mistake is the second. The lines below are looked through while
  /// they stay inside the mapping (indented at least to `column`); nil when the key is not found again that way
  /// (a flow mapping, `{a: 1, a: 2}`, or a key spelled differently).
  static func repeatedKeyLine(_ key: String, firstAt line: Int, column: Int, in text: String) -> Int? {
    guard line >= 1, column >= 1 else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let spellings = [key, "'\(key)'", "\"\(key)\""]
    var index = line   // the line after the first key's (0-based index of 1-based line + 1)
    while index < lines.count {
      let current = lines[index].utf8
      let indentation = current.prefix { $0 == UInt8(ascii: " ") }.count
      let rest = current.dropFirst(indentation)
      index += 1
      if rest.isEmpty || rest.first == UInt8(ascii: "#") { continue }
      if indentation < column - 1 { return nil }
      guard indentation == column - 1 else { continue }
      for spelling in spellings where rest.starts(with: spelling.utf8) {
        let after = rest.dropFirst(spelling.utf8.count).drop { $0 == UInt8(ascii: " ") }
        if after.first == UInt8(ascii: ":") { return index }
      }
    }
    return nil
  }

  /// Turns Yams nodes into values, charging each to the budget.
  private struct Converter {
    let file: String
    let document: String
    let budget: YAMLBudget

    func location(of node: Node) -> YAMLLocation {
      YAMLLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    mutating func value(of node: Node, depth: Int) throws(YAMLError) -> YAMLValue {
      let location = location(of: node)
      guard depth <= BoundedYAMLReader.maximumNesting else {
        throw YAMLError(
          "values nest more than \(BoundedYAMLReader.maximumNesting) deep; \(document) is not read", at: location)
      }
      switch node {
      case .scalar(let scalar):
        try budget.charge(bytes: scalar.string.utf8.count, at: location)
        return YAMLValue(kind: .scalar(Self.scalar(scalar)), location: location)
      case .sequence(let sequence):
        try budget.charge(at: location)
        var elements: [YAMLValue] = []
        elements.reserveCapacity(min(sequence.count, 1024))
        for element in sequence { elements.append(try value(of: element, depth: depth + 1)) }
        return YAMLValue(kind: .sequence(elements), location: location)
      case .mapping(let mapping):
        try budget.charge(at: location)
        return YAMLValue(kind: .mapping(try entries(of: mapping, depth: depth)), location: location)
      case .alias:
        // Yams resolves aliases while composing; a node of this kind is never in a parsed tree.
        throw YAMLError("unexpected alias", at: location)
      }
    }

    /// The entries of `mapping`, `<<` merge keys applied: the entries of the merged mappings first (for a list,
    /// the earlier ones win), then the mapping's own, which replace merged entries of the same key.
    mutating func entries(of mapping: Node.Mapping, depth: Int) throws(YAMLError) -> [YAMLValue.Entry] {
      var merged: [YAMLValue.Entry] = []
      var mergedKeys: Set<String> = []
      var own: [YAMLValue.Entry] = []
      for (keyNode, valueNode) in mapping {
        let keyLocation = location(of: keyNode)
        guard case .scalar(let keyScalar) = keyNode else {
          throw YAMLError("a mapping key must be a string", at: keyLocation)
        }
        try budget.charge(bytes: keyScalar.string.utf8.count, at: keyLocation)
        if keyScalar.string == "<<", keyScalar.style == .plain {
          let sources: [Node] = valueNode.sequence.map { Array($0) } ?? [valueNode]
          for source in sources {
            guard let sourceMapping = source.mapping else {
              throw YAMLError("'<<' merges mappings only", at: location(of: source))
            }
            for entry in try entries(of: sourceMapping, depth: depth + 1) where mergedKeys.insert(entry.key).inserted {
              merged.append(entry)
            }
          }
          continue
        }
        own.append(
          YAMLValue.Entry(
            key: keyScalar.string, keyLocation: keyLocation, value: try value(of: valueNode, depth: depth + 1)))
      }
      guard !merged.isEmpty else { return own }
      let ownKeys = Set(own.map(\.key))
      return merged.filter { !ownKeys.contains($0.key) } + own
    }

    /// A scalar typed as YAML 1.1 types plain scalars (what Yams' default resolver does, XcodeGen's reading).
    static func scalar(_ scalar: Node.Scalar) -> YAMLValue.Scalar {
      let text = scalar.string
      guard scalar.style == .plain || scalar.style == .any else {
        return .init(text: text, kind: .string, isPlain: false)
      }
      switch text {
      case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON":
        return .init(text: text, kind: .boolean(true))
      case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF":
        return .init(text: text, kind: .boolean(false))
      default:
        break
      }
      if let first = text.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: ".")
      {
        let digits = text.filter { $0 != "_" }
        if let integer = Int(digits) { return .init(text: text, kind: .integer(integer)) }
        if digits.contains(where: { $0.isNumber }), digits.allSatisfy({ "0123456789.eE+-".contains($0) }),
          let real = Double(digits)
        {
          return .init(text: text, kind: .real(real))
        }
      }
      return .init(text: text, kind: .string)
    }
  }
}

/// A look at a YAML text before Yams parses it, for what would make parsing itself unbounded: nesting deep enough
/// to overflow Yams' recursive composer, and aliases inside mapping keys (Yams hashes each key, so an aliased key
/// costs its whole expansion). It knows quotes, comments, flow collections and block scalars well enough to find
/// these; it is not a YAML parser, and errs on the side of refusing (only files with anchors are checked for
/// aliased keys, and the documents read have string keys only).
enum YAMLPrescan {
  /// Throws a located error when `bytes` nest deeper than `maximumNesting` (indentation, `- ` and flow
  /// brackets counted) or, when the text has anchors, when a mapping key may hold an alias.
  static func check(_ bytes: [UInt8], file: String, document: String, maximumNesting: Int) throws(YAMLError) {
    var scanner = Scanner(bytes: bytes, maximumNesting: maximumNesting)
    scanner.scan()
    if let (line, column) = scanner.tooDeep {
      throw YAMLError(
        "values nest more than \(maximumNesting) deep; \(document) is not read", file: file, line: line,
        column: column)
    }
    if scanner.anchorCount > 0, let hazard = scanner.keyHazards.first {
      throw YAMLError(
        "\(hazard.what) in a file with YAML anchors: a key that may hold an alias is not read (\(document)'s keys "
          + "are strings)", file: file, line: hazard.line, column: hazard.column)
    }
  }

  private struct Scanner {
    let bytes: [UInt8]
    let maximumNesting: Int
    var anchorCount = 0
    var keyHazards: [(what: String, line: Int, column: Int)] = []
    var tooDeep: (Int, Int)?

    init(bytes: [UInt8], maximumNesting: Int) {
      self.bytes = bytes
      self.maximumNesting = maximumNesting
    }

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    private func isBlank(_ byte: UInt8) -> Bool {
      byte == Self.space || byte == Self.tab || byte == Self.newline || byte == Self.carriageReturn
    }

    /// What libyaml accepts in an anchor or alias name: letters, digits, `-` and `_`.
    private static func isAnchorNameByte(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "_")
    }

    private func isFlowIndicator(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
        || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    /// The index of the first byte at or after `index` on the line that is not a space or tab.
    private func skippingSpaces(from index: Int, to end: Int) -> Int {
      var index = index
      while index < end, bytes[index] == Self.space || bytes[index] == Self.tab { index += 1 }
      return index
    }

    mutating func scan() {
      var index = 0
      var line = 0
      var inSingleQuote = false
      var inDoubleQuote = false
      var flowDepth = 0
      var blockScalarIndent: Int?
      var indentations: [Int] = []
      while index < bytes.count, tooDeep == nil {
        line += 1
        let lineStart = index
        var lineEnd = lineStart
        while lineEnd < bytes.count, bytes[lineEnd] != Self.newline { lineEnd += 1 }
        index = lineEnd + 1
        var indent = 0
        while lineStart + indent < lineEnd, bytes[lineStart + indent] == Self.space { indent += 1 }
        let firstContent = skippingSpaces(from: lineStart, to: lineEnd)
        let isBlankLine = firstContent == lineEnd || bytes[firstContent] == Self.carriageReturn
        if let blockIndent = blockScalarIndent {
          if isBlankLine || indent > blockIndent { continue }
          blockScalarIndent = nil
        }
        if !isBlankLine, !inSingleQuote, !inDoubleQuote, flowDepth == 0, bytes[firstContent] != UInt8(ascii: "#") {
          // Block nesting: one level per indentation deeper than the enclosing lines'.
          while let last = indentations.last, last > indent { indentations.removeLast() }
          if (indentations.last ?? -1) < indent { indentations.append(indent) }
        }
        var position = inSingleQuote || inDoubleQuote ? lineStart : lineStart + indent
        var atTokenStart = true
        var previousToken: UInt8 = 0   // the first byte of the previous token on this line, 0 at its start
        var nesting = indentations.count + flowDepth
        func column(_ offset: Int) -> Int { offset - lineStart + 1 }
        while position < lineEnd {
          let byte = bytes[position]
          if inDoubleQuote {
            if byte == UInt8(ascii: "\\") {
              position += 2
              continue
            }
            if byte == UInt8(ascii: "\"") { inDoubleQuote = false }
            position += 1
            continue
          }
          if inSingleQuote {
            if byte == UInt8(ascii: "'") {
              if position + 1 < lineEnd, bytes[position + 1] == UInt8(ascii: "'") {
                position += 2
                continue
              }
              inSingleQuote = false
            }
            position += 1
            continue
          }
          if byte == Self.space || byte == Self.tab {
            atTokenStart = true
            position += 1
            continue
          }
          let next: UInt8? = position + 1 < lineEnd ? bytes[position + 1] : nil
          let nextIsBlank = next.map(isBlank) ?? true
          if atTokenStart || (flowDepth > 0 && isFlowIndicator(byte)) {
            switch byte {
            case UInt8(ascii: "#"):
              position = lineEnd
              continue
            case UInt8(ascii: "\""):
              inDoubleQuote = true
            case UInt8(ascii: "'"):
              inSingleQuote = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
              flowDepth += 1
              nesting += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
              if flowDepth > 0 { flowDepth -= 1 }
              let after = skippingSpaces(from: position + 1, to: lineEnd)
              if after < lineEnd, bytes[after] == UInt8(ascii: ":") {
                keyHazards.append(("a flow collection used as a key", line, column(position)))
              }
            case UInt8(ascii: "&"):
              anchorCount += 1
            case UInt8(ascii: "*"):
              var end = position + 1
              while end < lineEnd, Self.isAnchorNameByte(bytes[end]) { end += 1 }
              let after = skippingSpaces(from: end, to: lineEnd)
              if end > position + 1, after < lineEnd, bytes[after] == UInt8(ascii: ":") {
                keyHazards.append(("an alias used as a key", line, column(position)))
              }
            case UInt8(ascii: "?") where nextIsBlank:
              keyHazards.append(("an explicit key ('?')", line, column(position)))
              nesting += 1
            case UInt8(ascii: "-") where nextIsBlank && flowDepth == 0:
              nesting += 1
            case UInt8(ascii: "|") where flowDepth == 0, UInt8(ascii: ">") where flowDepth == 0:
              // A block scalar's header: the first token of a value (after `key:`, `- `, or an anchor or tag),
              // then only indentation and chomping indicators and perhaps a comment.
              let startsValue = previousToken == 0 || previousToken == UInt8(ascii: ":")
                || previousToken == UInt8(ascii: "-") || previousToken == UInt8(ascii: "&")
                || previousToken == UInt8(ascii: "!") || previousToken == UInt8(ascii: "?")
              var rest = position + 1
              while rest < lineEnd, "+-0123456789".utf8.contains(bytes[rest]) { rest += 1 }
              rest = skippingSpaces(from: rest, to: lineEnd)
              let onlyHeader =
                rest == lineEnd || bytes[rest] == UInt8(ascii: "#") || bytes[rest] == Self.carriageReturn
              if startsValue, onlyHeader {
                blockScalarIndent = indent
                position = lineEnd
                continue
              }
            default:
              break
            }
            previousToken = byte
          }
          if nesting > maximumNesting, tooDeep == nil { tooDeep = (line, column(position)) }
          if byte == UInt8(ascii: ":"), nextIsBlank || (flowDepth > 0 && next.map(isFlowIndicator) == true) {
            previousToken = byte
            atTokenStart = true
          } else {
            atTokenStart = flowDepth > 0 && (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[")
              || byte == UInt8(ascii: "{"))
          }
          position += 1
        }
        if nesting > maximumNesting, tooDeep == nil { tooDeep = (line, column(lineStart + indent)) }
      }
    }
  }
}

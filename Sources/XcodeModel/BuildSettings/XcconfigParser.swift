/// One meaningful line of an `.xcconfig` file.
enum XcconfigStatement: Hashable, Sendable {
  /// `NAME[param=pattern]… = value`, at 1-based `line`.
  case assignment(name: String, conditions: [BuildSettingCondition], value: String, line: Int)
  /// `#include "path"` or `#include? "path"` (`isOptional`), at 1-based `line`.
  case include(path: String, isOptional: Bool, line: Int)
}

/// Reads the statements of an `.xcconfig` file with Xcode's rules: `//` starts a comment anywhere
/// (values included, so `https://` must be written `https:/$()/`), whitespace around the value and
/// one trailing `;` are dropped, a value ending in `\` continues on the next line, and a
/// malformed line is reported (with file and line) and skipped, the rest of the file still counting
/// (swift-build's `MacroConfigFileParser.parse`).
struct XcconfigParser {
  /// The name errors are reported under.
  let fileName: String

  /// The statements of `text`, in order, and the lines that are none.
  func parse(_ text: String) -> (statements: [XcconfigStatement], malformed: [BuildSettingsError]) {
    var statements: [XcconfigStatement] = []
    var malformed: [BuildSettingsError] = []
    let lines = Self.lines(of: text)
    var index = 0
    while index < lines.count {
      let lineNumber = index + 1
      var content = Self.withoutComment(lines[index])
      index += 1
      let trimmed = content.trimmingSpaces
      if trimmed.isEmpty { continue }
      if trimmed.hasPrefix("#") {
        do {
          statements.append(try include(trimmed, line: lineNumber))
        } catch {
          malformed.append(error)
        }
        continue
      }
      while content.trimmingSpaces.hasSuffix("\\"), index < lines.count {
        let head = String(content.trimmingSpaces.dropLast()).trimmingSpaces
        let next = Self.withoutComment(lines[index]).trimmingSpaces
        content = head.isEmpty || next.isEmpty ? head + next : head + " " + next
        index += 1
      }
      do {
        statements.append(try assignment(content.trimmingSpaces, line: lineNumber))
      } catch {
        malformed.append(error)
      }
    }
    return (statements, malformed)
  }

  /// Lines split at `\n`, `\r\n`, `\r`, U+2028 and U+2029.
  private static func lines(of text: String) -> [Substring] {
    var lines: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "\n" || character == "\r\n" || character == "\r" || character == "\u{2028}"
        || character == "\u{2029}"
      {
        lines.append(text[start..<index])
        start = text.index(after: index)
      }
      index = text.index(after: index)
    }
    if start < text.endIndex { lines.append(text[start...]) }
    return lines
  }

  private static func withoutComment(_ line: Substring) -> String {
    guard let comment = line.range(of: "//") else { return String(line) }
    return String(line[..<comment.lowerBound])
  }

  private func error(_ message: String, line: Int) -> BuildSettingsError {
    BuildSettingsError(.malformedLine, message, file: fileName, line: line)
  }

  /// `#include "path"` or `#include? "path"`.
  private func include(_ text: String, line: Int) throws(BuildSettingsError) -> XcconfigStatement {
    let directive = text.dropFirst().drop { $0 == " " || $0 == "\t" }
    let keyword = directive.prefix { $0 != " " && $0 != "\t" && $0 != "\"" }
    guard keyword == "include" || keyword == "include?" else {
      throw error("unsupported directive '#\(keyword)'; expected '#include \"file.xcconfig\"'", line: line)
    }
    let rest = directive.dropFirst(keyword.count).trimmingSpaces
    guard rest.hasPrefix("\""), rest.count >= 2, rest.hasSuffix("\"") else {
      throw error("expected a quoted file name after '#\(keyword)'", line: line)
    }
    let path = String(rest.dropFirst().dropLast())
    guard !path.isEmpty, !path.contains("\"") else {
      throw error("expected one quoted file name after '#\(keyword)'", line: line)
    }
    return .include(path: path, isOptional: keyword == "include?", line: line)
  }

  /// `NAME[param=pattern]… = value`.
  private func assignment(_ line: String, line lineNumber: Int) throws(BuildSettingsError) -> XcconfigStatement {
    let scalars = Array(line.unicodeScalars)
    var position = 0
    func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isASCII && (scalar.properties.isAlphabetic || scalar == "_")
    }
    func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
      isNameStart(scalar) || ("0"..."9").contains(scalar)
    }
    func skipSpaces() {
      while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" { position += 1 }
    }
    func slice(_ range: Range<Int>) -> String {
      var result = ""
      result.unicodeScalars.append(contentsOf: scalars[range])
      return result
    }
    guard let first = scalars.first, isNameStart(first) else {
      throw error("expected a setting name, found '\(line.prefix(20))'", line: lineNumber)
    }
    while position < scalars.count, isNameContinuation(scalars[position]) { position += 1 }
    let name = slice(0..<position)
    skipSpaces()
    var conditions: [BuildSettingCondition] = []
    while position < scalars.count, scalars[position] == "[" {
      guard let close = scalars[position...].firstIndex(of: "]") else {
        throw error("unterminated condition after '\(name)'", line: lineNumber)
      }
      let inside = slice(position + 1..<close)
      guard let equals = inside.firstIndex(of: "="), inside.startIndex != equals else {
        throw error("expected 'parameter=pattern' in condition '[\(inside)]'", line: lineNumber)
      }
      conditions.append(
        BuildSettingCondition(
          parameter: String(inside[..<equals]).trimmingSpaces,
          pattern: String(inside[inside.index(after: equals)...]).trimmingSpaces))
      position = close + 1
      skipSpaces()
    }
    guard position < scalars.count, scalars[position] == "=" else {
      throw error("expected '=' after '\(name)'", line: lineNumber)
    }
    var value = slice(position + 1..<scalars.count).trimmingSpaces
    if value.hasSuffix(";") { value = String(value.dropLast()).trimmingSpaces }
    return .assignment(name: name, conditions: conditions, value: value, line: lineNumber)
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}

/// Text that came from input (a plist value quoted in a message, a file path, a source excerpt, a note),
/// made safe to print on a line of output: the one escaping every reporter and command uses.
///
/// A repository in a pull request is hostile, and what sharelint prints lands in a terminal or a CI log. A
/// value holding a line feed could start a line of its own, and GitHub Actions runs a line that begins with
/// `::` (after blanks) as a workflow command (`::error file=README.md::…`, `::add-mask::…`), and `##[command]`
/// anywhere in a line (`##[stop-commands]` turns every later annotation off). ESC and the other C0 and C1
/// controls rewrite the terminal, and bidirectional overrides show text in another order than it is.
///
/// So every such character is shown as a visible escape, in Swift's notation: `\n`, `\r`, `\t` (where a tab
/// would break a column), and `\u{1B}` for the others (hexadecimal, capitals, no leading zeros): the C0
/// controls, DEL, the C1 controls, the line and paragraph separators U+2028 and U+2029, and the bidirectional
/// controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069). The second `#` of `##[` is shown
/// as `\u{23}`. A backslash is left as it is: a value can look like it holds an escape, but no escape can
/// bring a control character back, and messages quote source text as written. Escaping only adds printable
/// text: escaping twice gives the same text as escaping once.
public enum PrintableText {
  /// Whether a tab is printed as it is or escaped.
  public enum Tabs: Sendable {
    /// Printed: it breaks no line (and keeps a caret excerpt aligned in a terminal).
    case kept
    /// Shown as `\t`: in a tab-separated row it would add a column.
    case escaped
  }

  /// `text` with every control, separator and bidirectional character shown as an escape, and `##[`
  /// broken. Text that needs none (nearly all) is returned as it is, without a copy.
  public static func escaped(_ text: String, tabs: Tabs = .kept) -> String {
    guard needsEscaping(text, tabs: tabs) else { return text }
    let scalars = Array(text.unicodeScalars)
    var output = ""
    output.reserveCapacity(text.utf8.count + 16)
    for index in scalars.indices {
      if let escape = escape(at: index, in: scalars, tabs: tabs) {
        output += escape
      } else {
        output.unicodeScalars.append(scalars[index])
      }
    }
    return output
  }

  /// Whether `escaped(text, tabs:)` is `text` itself: nothing in it needs an escape.
  public static func isPrintable(_ text: String, tabs: Tabs = .kept) -> Bool { !needsEscaping(text, tabs: tabs) }

  /// `escaped(text)` for text that begins a line: when its first characters after blanks are `::`, the
  /// first colon is shown as `\u{3A}`, so the line cannot be taken for a workflow command.
  public static func lineStart(_ text: String, tabs: Tabs = .kept) -> String {
    let shown = escaped(text, tabs: tabs)
    guard let colon = commandColon(in: shown) else { return shown }
    return String(shown[..<colon]) + "\\u{3A}" + String(shown[shown.index(after: colon)...])
  }

  /// A file path as sharelint prints it, at the start of a line or not: `escaped`, and a relative path
  /// whose first characters after blanks are `::` (a folder can be named `::error::x`) is written
  /// `./::error::x/…`, which names the same file and begins no workflow command.
  public static func path(_ path: String) -> String {
    let shown = escaped(path)
    return commandColon(in: shown) == nil ? shown : "./" + shown
  }

  /// `text` of several lines, each escaped as `lineStart`, the line feeds between them kept: for messages
  /// written to standard error, whose lines are all text.
  public static func lines(_ text: String) -> String {
    guard needsEscaping(text, tabs: .kept, keepingLineFeeds: true) || text.contains("::") else { return text }
    // Split by scalars: a `String` holds CR LF as one character, which a split on "\n" would not cut.
    var output = ""
    var line = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\n" {
        output += lineStart(String(line)) + "\n"
        line = String.UnicodeScalarView()
      } else {
        line.append(scalar)
      }
    }
    return output + lineStart(String(line))
  }

  /// The escape shown for the scalar at `index` of `scalars`, or `nil` when it is printed as it is: what
  /// `escaped` does to each scalar, for callers that align something under the text (carets).
  public static func escape(at index: Int, in scalars: [Unicode.Scalar], tabs: Tabs = .kept) -> String? {
    let scalar = scalars[index]
    switch scalar {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return tabs == .kept ? nil : "\\t"
    case "#":
      let breaksCommand = index > 0 && scalars[index - 1] == "#" && index + 1 < scalars.count
        && scalars[index + 1] == "["
      return breaksCommand ? "\\u{23}" : nil
    default:
      return isEscaped(scalar) ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : nil
    }
  }

  /// Whether `scalar` is always shown as an escape: a C0 control other than tab, DEL, a C1 control, a line
  /// or paragraph separator, a bidirectional control.
  public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x08, 0x0A...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Whether `text` holds anything `escaped` changes, looked for in its UTF-8 bytes: a byte below 0x20 or
  /// DEL, the lead byte of a C1 control (0xC2), of U+061C (0xD8) or of a separator or bidirectional control
  /// (0xE2), or `##[`. A lead byte alone only sends the text to the slow path, which decides by scalar.
  private static func needsEscaping(_ text: String, tabs: Tabs, keepingLineFeeds: Bool = false) -> Bool {
    var hashes = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\t"): if tabs == .escaped { return true }
      case UInt8(ascii: "\n"): if !keepingLineFeeds { return true }
      case 0x00...0x1F, 0x7F, 0xC2, 0xD8, 0xE2: return true
      case UInt8(ascii: "["): if hashes >= 2 { return true }
      default: break
      }
      hashes = byte == UInt8(ascii: "#") ? hashes + 1 : 0
    }
    return false
  }

  /// The first colon of `text` when its first characters after blanks (as .NET's `TrimStart`, which the
  /// Actions runner uses, counts them) are `::`.
  private static func commandColon(in text: String) -> String.Index? {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }), text[first...].hasPrefix("::") else {
      return nil
    }
    return first
  }
}

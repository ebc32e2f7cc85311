/// How a file indents nested elements and ends its lines, so inserted lines look like their
/// neighbours.
public struct IndentationStyle: Hashable, Sendable {
  /// One level of indentation: a tab, or some spaces.
  public var unit: String
  /// `"\n"` or `"\r\n"`.
  public var lineEnding: String

  /// An indentation of `unit` per level and `lineEnding` after each line.
  public init(unit: String, lineEnding: String) {
    self.unit = unit
    self.lineEnding = lineEnding
  }

  /// What Xcode and `plutil` write: tabs and line feeds.
  public static let xcode = IndentationStyle(unit: "\t", lineEnding: "\n")

  /// The style of `bytes`: tabs when most indented lines start with a tab, otherwise the greatest
  /// common divisor of the space indentations (2 or 4 in practice); CRLF when the first line break
  /// is one. Files without indented lines get `xcode`'s style.
  public static func detect(in bytes: [UInt8]) -> IndentationStyle {
    var tabLines = 0
    var spaceLines = 0
    var spaceUnit = 0
    var firstBreak: Int?
    var lineStart = 0
    var index = 0
    while index <= bytes.count {
      if index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
        if firstBreak == nil, index < bytes.count { firstBreak = index }
        if lineStart < bytes.count, lineStart < index {
          if bytes[lineStart] == UInt8(ascii: "\t") {
            tabLines += 1
          } else if bytes[lineStart] == UInt8(ascii: " ") {
            var spaces = 0
            while lineStart + spaces < index, bytes[lineStart + spaces] == UInt8(ascii: " ") { spaces += 1 }
            if lineStart + spaces < index, bytes[lineStart + spaces] == UInt8(ascii: "<") {
              spaceLines += 1
              spaceUnit = greatestCommonDivisor(spaceUnit, spaces)
            }
          }
        }
        lineStart = index + 1
      }
      index += 1
    }
    let crlf = firstBreak.map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } ?? false
    let lineEnding = crlf ? "\r\n" : "\n"
    guard spaceLines > tabLines, spaceUnit > 0 else { return IndentationStyle(unit: "\t", lineEnding: lineEnding) }
    return IndentationStyle(unit: String(repeating: " ", count: min(spaceUnit, 8)), lineEnding: lineEnding)
  }

  private static func greatestCommonDivisor(_ first: Int, _ second: Int) -> Int {
    second == 0 ? first : greatestCommonDivisor(second, first % second)
  }
}

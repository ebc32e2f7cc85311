import SharelintBase

/// A unified diff of two texts, line by line, with three lines of context: what `fix --diff` and
/// `configure --diff` print.
///
/// The lines come from the repository and land in a terminal or a CI log: the path and each line are printed
/// through `PrintableText` (a line's final CR, of a file with CR LF line ends, is kept). A file holding a
/// control character, `##[`, or a context line starting with `::` (which GitHub Actions would run as a workflow
/// command) gives a diff that shows it escaped: one to read, not to apply.
public enum UnifiedDiff {
  /// The diff of `old` and `new` for `path`, or "" when they are equal.
  public static func diff(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
    guard old != new else { return "" }
    let a = lines(old)
    let b = lines(new)
    let operations = editScript(a, b)
    // git's prefixes; an absolute path keeps its own slash (`a/tmp/x`, not `a//tmp/x`).
    let shown = PrintableText.escaped(path.hasPrefix("/") ? String(path.dropFirst()) : path)
    var output = "--- a/\(shown)\n+++ b/\(shown)\n"
    var index = 0
    while index < operations.count {
      guard let changeStart = operations[index...].firstIndex(where: { $0.kind != .same }) else { break }
      var hunkStart = max(index, changeStart - context)
      var hunkEnd = changeStart
      var lastChange = changeStart
      while hunkEnd < operations.count {
        if operations[hunkEnd].kind != .same { lastChange = hunkEnd }
        if hunkEnd - lastChange > 2 * context { break }
        hunkEnd += 1
      }
      hunkEnd = min(operations.count, lastChange + context + 1)
      if hunkStart < index { hunkStart = index }
      let slice = operations[hunkStart..<hunkEnd]
      let oldStart = slice.first.map { $0.oldIndex } ?? 0
      let newStart = slice.first.map { $0.newIndex } ?? 0
      let oldCount = slice.filter { $0.kind != .insert }.count
      let newCount = slice.filter { $0.kind != .delete }.count
      output += "@@ -\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount) +\(newCount == 0 ? newStart : newStart + 1),\(newCount) @@\n"
      for operation in slice {
        switch operation.kind {
        case .same: output += printable(" ", a[operation.oldIndex])
        case .delete: output += printable("-", a[operation.oldIndex])
        case .insert: output += printable("+", b[operation.newIndex])
        }
      }
      index = hunkEnd
    }
    return output
  }

  /// The diff line of `line` after `marker`, escaped as `PrintableText.lineStart` escapes a line, its final CR
  /// kept.
  static func printable(_ marker: String, _ line: String) -> String {
    guard line.unicodeScalars.last == "\r" else { return PrintableText.lineStart(marker + line) + "\n" }
    var content = line
    content.unicodeScalars.removeLast()
    return PrintableText.lineStart(marker + content) + "\r\n"
  }

  struct Operation {
    enum Kind { case same, delete, insert }
    var kind: Kind
    /// Index in the old lines (for `insert`: where it goes).
    var oldIndex: Int
    /// Index in the new lines (for `delete`: where it was).
    var newIndex: Int
  }

  static func lines(_ bytes: [UInt8]) -> [String] {
    var result = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    if result.last == "" { result.removeLast() }
    return result
  }

  /// The shortest edit script by longest common subsequence, after trimming the common prefix and
  /// suffix (fixes touch a few lines of long files, so the table stays small).
  static func editScript(_ a: [String], _ b: [String]) -> [Operation] {
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
      suffix += 1
    }
    let middleA = Array(a[prefix..<(a.count - suffix)])
    let middleB = Array(b[prefix..<(b.count - suffix)])
    var operations = (0..<prefix).map { Operation(kind: .same, oldIndex: $0, newIndex: $0) }
    let n = middleA.count
    let m = middleB.count
    if n * m > 4_000_000 {
      operations += (0..<n).map { Operation(kind: .delete, oldIndex: prefix + $0, newIndex: prefix) }
      operations += (0..<m).map { Operation(kind: .insert, oldIndex: prefix + n, newIndex: prefix + $0) }
    } else {
      var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
      for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
          table[i][j] = middleA[i] == middleB[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < n || j < m {
        if i < n, j < m, middleA[i] == middleB[j] {
          operations.append(Operation(kind: .same, oldIndex: prefix + i, newIndex: prefix + j))
          i += 1
          j += 1
        } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
          operations.append(Operation(kind: .insert, oldIndex: prefix + i, newIndex: prefix + j))
          j += 1
        } else {
          operations.append(Operation(kind: .delete, oldIndex: prefix + i, newIndex: prefix + j))
          i += 1
        }
      }
    }
    let oldEnd = a.count - suffix
    let newEnd = b.count - suffix
    operations += (0..<suffix).map { Operation(kind: .same, oldIndex: oldEnd + $0, newIndex: newEnd + $0) }
    return operations
  }
}

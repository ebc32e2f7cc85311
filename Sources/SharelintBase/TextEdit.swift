/// A byte-range replacement in some text: the unit of every fix sharelint makes.
public struct TextEdit: Hashable, Sendable, Comparable {
  /// The bytes replaced; empty for an insertion.
  public var range: ByteRange
  /// The text put in their place; empty for a deletion.
  public var replacement: String

  /// Replace `range` with `replacement`.
  public init(range: ByteRange, replacement: String) {
    self.range = range
    self.replacement = replacement
  }

  /// Insert `text` at `offset`.
  public static func insert(_ text: String, at offset: Int) -> TextEdit {
    TextEdit(range: .empty(at: offset), replacement: text)
  }

  public static func < (lhs: TextEdit, rhs: TextEdit) -> Bool {
    (lhs.range, lhs.replacement) < (rhs.range, rhs.replacement)
  }
}

extension Array where Element == UInt8 {
  /// These bytes with `edits` applied. Edits are applied in offset order; an edit overlapping one
  /// already applied is skipped and returned in `skipped`, so a caller never corrupts text.
  public func applying(_ edits: [TextEdit]) -> (result: [UInt8], skipped: [TextEdit]) {
    var result: [UInt8] = []
    result.reserveCapacity(count)
    var cursor = 0
    var skipped: [TextEdit] = []
    for edit in edits.sorted() {
      guard edit.range.start >= cursor, edit.range.end <= count else {
        skipped.append(edit)
        continue
      }
      result.append(contentsOf: self[cursor..<edit.range.start])
      result.append(contentsOf: Array(edit.replacement.utf8))
      cursor = edit.range.end
    }
    result.append(contentsOf: self[cursor...])
    return (result, skipped)
  }
}

import PredicateSyntax
import PropertyList
import SharelintBase

/// Applies fixes to documents in memory: XML files get their byte edits (sorted by offset, any
/// edit overlapping one already taken is skipped, every other byte kept); binary files get their
/// value tree changed and re-serialized. Writing is the caller's job (atomically).
public enum Fixer {
  /// The new contents of one file.
  public struct FixedFile: Sendable {
    /// The file's text as it was read (not its parsed tree: a fix over thousands of files plans
    /// them all at once).
    public var original: SourceText
    /// Its new bytes.
    public var bytes: [UInt8]
    /// The fixes applied (each names its rule: `LintFix.code`).
    public var applied: [LintFix]
    /// The titles of the fixes left out because they overlapped another or could not be made.
    public var skipped: [String]

    /// Whether the bytes differ from the original.
    public var changed: Bool { bytes != original.bytes }
  }

  /// Which fixes a run applies.
  public static func isApplied(_ fix: LintFix, includingUnsafe: Bool) -> Bool {
    switch fix.applicability {
    case .safe: return true
    case .unsafe: return includingUnsafe
    case .displayOnly: return false
    }
  }

  /// Applies `fixes` whose edits are already on the file's bytes (`LintFix.sourceEdits`) to `source`, as
  /// `apply(_:to:)` does for an XML document: in offset order, skipping a fix that overlaps one taken.
  public static func apply(_ fixes: [LintFix], toText source: SourceText) -> FixedFile {
    var applied: [LintFix] = []
    var skipped: [String] = []
    var edits: [TextEdit] = []
    var taken: [ByteRange] = []
    for fix in fixes {
      guard let fixEdits = fix.sourceEdits,
        !fixEdits.contains(where: { edit in taken.contains { $0.overlaps(edit.range) } })
      else {
        skipped.append(fix.title)
        continue
      }
      taken += fixEdits.map(\.range)
      edits += fixEdits
      applied.append(fix)
    }
    let (bytes, notApplied) = source.bytes.applying(edits)
    if !notApplied.isEmpty { skipped.append("\(notApplied.count) overlapping edits") }
    return FixedFile(original: source, bytes: bytes, applied: applied, skipped: skipped)
  }

  /// Applies `fixes` (all to `document`) and returns the file's new contents.
  public static func apply(_ fixes: [LintFix], to document: PropertyListDocument) -> FixedFile {
    var applied: [LintFix] = []
    var skipped: [String] = []
    switch document.format {
    case .xml:
      var edits: [TextEdit] = []
      var taken: [ByteRange] = []
      for fix in fixes {
        // A fix of the file's text (PL006 removing a comment) needs no plist structure.
        guard let fixEdits = try? fix.sourceEdits ?? fix.changes.flatMap({ try $0.textEdits(in: document) }) else {
          skipped.append(fix.title)
          continue
        }
        let overlaps = fixEdits.contains { edit in taken.contains { $0.overlaps(edit.range) } }
        if overlaps {
          skipped.append(fix.title)
          continue
        }
        taken += fixEdits.map(\.range)
        edits += fixEdits
        applied.append(fix)
      }
      let (bytes, notApplied) = document.source.bytes.applying(edits)
      if !notApplied.isEmpty { skipped.append("\(notApplied.count) overlapping edits") }
      return FixedFile(original: document.source, bytes: bytes, applied: applied, skipped: skipped)
    case .binary:
      var value = document.root.value
      var editedStrings: [[PropertyListPathComponent]] = []
      for fix in fixes {
        // `.editString` offsets point into the string as read: a second fix editing a string this
        // pass already edited waits for the next pass, as overlapping XML edits do.
        let stringPaths = fix.changes.compactMap { change -> [PropertyListPathComponent]? in
          if case .editString(let path, _) = change { return path }
          return nil
        }
        if stringPaths.contains(where: editedStrings.contains) {
          skipped.append(fix.title)
          continue
        }
        do {
          var changed = value
          for change in fix.changes { changed = try change.applied(to: changed) }
          value = changed
          applied.append(fix)
          editedStrings += stringPaths
        } catch {
          skipped.append(fix.title)
        }
      }
      guard !applied.isEmpty, let bytes = try? document.serialized(value) else {
        let titles = skipped + applied.map(\.title)
        return FixedFile(original: document.source, bytes: document.source.bytes, applied: [], skipped: titles)
      }
      return FixedFile(original: document.source, bytes: bytes, applied: applied, skipped: skipped)
    }
  }
}

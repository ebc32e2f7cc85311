import PredicateSyntax
import PropertyList
import SharelintBase
import XcodeModel

/// One finding of one rule, ready for a reporter or the fixer.
public struct LintDiagnostic: Sendable {
  /// The rule's identifier (`missing-mam-types`).
  public var rule: String
  /// The rule's code (`AR004`).
  public var code: String
  /// The severity after configuration.
  public var severity: Severity
  /// The one-line message.
  public var message: String
  /// The file, as given on the command line (or inside an `.ipa`: `App.ipa/Payload/…`).
  public var file: String
  /// The bytes it is about; nil in a binary plist, which has no positions.
  public var range: ByteRange?
  /// 1-based start and end, from `range`; nil without one.
  public var start: SourceText.Position?
  public var end: SourceText.Position?
  /// The key path of the value concerned, `NSExtension.NSExtensionAttributes.NSExtensionActivationRule`.
  public var keyPath: String
  /// A short label shown under the caret.
  public var label: String?
  /// Secondary messages.
  public var notes: [String]
  /// The fix, when the rule offers one.
  public var fix: LintFix?
  /// The Xcode configurations the finding holds in (`["Debug", "Release"]`), for a plist linted through its
  /// project; empty for a plist linted on its own.
  public var configurations: [String] = []
  /// The `sharelint:` comment that suppresses the finding, for a finding in `LintReport.suppressed`.
  public var suppression: InlineSuppression?

  /// A diagnostic; positions are computed from `range` in `source`.
  public init(
    rule: String, code: String, severity: Severity, message: String, source: SourceText, range: ByteRange?,
    keyPath: String, label: String? = nil, notes: [String] = [], fix: LintFix? = nil
  ) {
    self.rule = rule
    self.code = code
    self.severity = severity
    self.message = message
    file = source.name
    self.range = range
    start = range.map { source.position(of: $0.start) }
    end = range.map { source.position(of: $0.end) }
    self.keyPath = keyPath
    self.label = label
    self.notes = notes
    self.fix = fix
  }

  /// Points the diagnostic at `range` of `source` (its file and positions follow).
  mutating func relocate(_ range: ByteRange?, in source: SourceText) {
    file = source.name
    self.range = range
    start = range.map { source.position(of: $0.start) }
    end = range.map { source.position(of: $0.end) }
  }

  /// Moves a finding about a preprocessed Info.plist (its range is in the preprocessed text, `document`) to the
  /// source file it came from: the same bytes when they were copied verbatim, else the start of the macro or
  /// line they came from. Its fix is kept when every edit it makes falls on bytes copied verbatim from the
  /// source and outside every `#if` block (so it means the same in every configuration); otherwise it is
  /// dropped, with a note saying why.
  mutating func locateInSource(of preprocessed: PreprocessedInfoPlist, document: PropertyListDocument?) {
    guard let source = preprocessed.files.first else { return }
    // What the finding is about, in the preprocessed text: a fix about something inside an `#if` block is no
    // fix for every build, wherever its edits land (a twin inserted after the block would outlive it).
    let about = range.map { preprocessed.conditions(atOutputOffset: $0.start) } ?? []
    if let range {
      if let mapped = preprocessed.sourceRange(ofOutputRange: range.start..<range.end), mapped.file == source.name {
        relocate(ByteRange(start: mapped.range.lowerBound, end: mapped.range.upperBound), in: source)
      } else if let point = preprocessed.sourceLocation(ofOutputOffset: range.start), point.file == source.name {
        relocate(ByteRange(start: point.offset, end: min(source.bytes.count, point.offset + 1)), in: source)
        notes.append("the text comes from a macro or an included file; the position is where it starts")
      } else {
        relocate(nil, in: source)
      }
    } else {
      file = source.name
    }
    guard var fix else { return }
    let placed = about.last.map { condition in
      .failure(UnplaceableFix(description: "for '\(condition.opening)', which not every build includes"))
    } ?? Self.sourceEdits(of: fix, in: preprocessed, document: document)
    switch placed {
    case .success(let edits):
      fix.changes = []
      fix.sourceEdits = edits
      self.fix = fix
    case .failure(let reason):
      self.fix = nil
      notes.append("not fixed automatically: the Info.plist is preprocessed (INFOPLIST_PREPROCESS = YES) and the "
        + "fix would be \(reason.description); edit it by hand")
    }
  }

  /// Why a fix of a preprocessed Info.plist cannot be written back into its source.
  struct UnplaceableFix: Error, CustomStringConvertible {
    var description: String
  }

  /// The source-file edits that make `fix` (planned on the preprocessed `document`), or why there are none.
  static func sourceEdits(
    of fix: LintFix, in preprocessed: PreprocessedInfoPlist, document: PropertyListDocument?
  ) -> Result<[TextEdit], UnplaceableFix> {
    guard let document, document.format == .xml, let source = preprocessed.files.first,
      let edits = try? fix.changes.flatMap({ try $0.textEdits(in: document) }), !edits.isEmpty
    else { return .failure(UnplaceableFix(description: "in text sharelint cannot place")) }
    var mapped: [TextEdit] = []
    for edit in edits {
      // An insertion is placed before the byte at its offset; a replacement must lie wholly outside `#if` blocks.
      let lastByte = edit.range.start == edit.range.end ? edit.range.start : edit.range.end - 1
      if let condition = preprocessed.conditions(atOutputOffset: edit.range.start).last
        ?? preprocessed.conditions(atOutputOffset: lastByte).last
      {
        return .failure(UnplaceableFix(description: "inside '\(condition.opening)', which not every build includes"))
      }
      guard let range = preprocessed.sourceRange(ofOutputRange: edit.range.start..<edit.range.end),
        range.file == source.name
      else {
        return .failure(UnplaceableFix(description: "in text that comes from a macro or an included file"))
      }
      mapped.append(TextEdit(range: ByteRange(start: range.range.lowerBound, end: range.range.upperBound),
                             replacement: edit.replacement))
    }
    return .success(mapped)
  }

  /// Sorting: by file, then position (diagnostics without one first), then code.
  static func ordered(_ lhs: LintDiagnostic, _ rhs: LintDiagnostic) -> Bool {
    if lhs.file != rhs.file { return lhs.file < rhs.file }
    let left = lhs.range?.start ?? -1
    let right = rhs.range?.start ?? -1
    if left != right { return left < right }
    if lhs.code != rhs.code { return lhs.code < rhs.code }
    if lhs.keyPath != rhs.keyPath { return lhs.keyPath < rhs.keyPath }
    return lhs.message < rhs.message
  }
}

/// A fix: the code of the rule that offers it, a title, its applicability, and the changes it makes to one file.
public struct LintFix: Sendable {
  /// The code of the rule that offers it (`US001`).
  public var code: String
  /// What it does, imperative: "add 'contoso-intunemam' after 'contoso'".
  public var title: String
  /// How far it can be trusted.
  public var applicability: FixIt.Applicability
  /// The file it changes (a path as in `LintDiagnostic.file`).
  public var file: String
  /// The changes, expressed on the plist's structure; lowered to byte edits for XML files.
  public var changes: [PlistChange]
  /// Byte edits of the file as written, for a file that is no plist until preprocessed (`INFOPLIST_PREPROCESS`):
  /// the changes lowered on the preprocessed text and mapped back to the source. When set, `changes` is empty.
  public var sourceEdits: [TextEdit]?

  /// A fix of `file`, offered by the rule with code `code`.
  public init(
    code: String, title: String, applicability: FixIt.Applicability, file: String, changes: [PlistChange]
  ) {
    self.code = code
    self.title = title
    self.applicability = applicability
    self.file = file
    self.changes = changes
  }
}

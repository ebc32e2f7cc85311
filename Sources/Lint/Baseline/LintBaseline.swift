import Foundation
import PredicateSyntax
import PropertyList
import SharelintBase

/// The findings a repository had when it adopted sharelint (`lint --write-baseline FILE`), so that a run with it
/// (`lint --baseline FILE`, or `baseline: FILE` in `.sharelint.yml`) reports only the findings not in it.
///
/// The file is JSON with sorted keys, one finding per line, sorted by file, rule, key path, message and occurrence,
/// so that a review sees one line come or go per finding, and writing it again with nothing new changes no byte:
///
/// ```json
/// {
///   "findings": [
///     {"code":"US001","file":"App/Info.plist","fingerprint":"…","keyPath":"…","message":"…","rule":"…"}
///   ],
///   "version": 1
/// }
/// ```
///
/// `file` is relative to the baseline's own folder (both with symbolic links resolved), so a baseline written on
/// one machine, or from one working folder, matches on another. A finding is in the baseline when its
/// `FindingFingerprint` (the file taken relative to that folder) is: rule, file, key path without array indexes,
/// message and occurrence, no line or column, so moving a finding, or inserting an array element before it, keeps it
/// matched (and the file's bytes). `occurrence` (written when not 0) tells identical
/// findings of one file apart: with two in the baseline and three found, one is new. The other fields are there for
/// the reader; only `fingerprint` is matched. PL001 (a file that cannot be read) is never written: it stops the run
/// (exit 2) whatever the baseline.
public struct LintBaseline: Sendable, Equatable {
  /// One finding of the baseline.
  public struct Entry: Sendable, Hashable {
    /// The rule's identifier.
    public var rule: String
    /// The rule's code.
    public var code: String
    /// The file, relative to the baseline's folder.
    public var file: String
    /// The key path of the value concerned, without array indexes (`FindingFingerprint.stableKeyPath`).
    public var keyPath: String
    /// The finding's message.
    public var message: String
    /// How many earlier findings of the file have the same rule, key path and message.
    public var occurrence: Int
    /// `FindingFingerprint`'s fingerprint of the above: what is matched.
    public var fingerprint: String

    /// An entry.
    public init(rule: String, code: String, file: String, keyPath: String, message: String, occurrence: Int) {
      self.rule = rule
      self.code = code
      self.file = file
      self.keyPath = keyPath
      self.message = message
      self.occurrence = occurrence
      fingerprint = FindingFingerprint.fingerprint(
        rule: rule, file: file, keyPath: keyPath, message: message, occurrence: occurrence)
    }

    /// The order of the file: file, rule, key path, message, occurrence (text compared byte by byte).
    static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
      for (left, right) in [(lhs.file, rhs.file), (lhs.rule, rhs.rule), (lhs.keyPath, rhs.keyPath),
                            (lhs.message, rhs.message)] where left != right {
        return left.utf8.lexicographicallyPrecedes(right.utf8)
      }
      return lhs.occurrence < rhs.occurrence
    }

    /// The entry as one line of the file.
    var json: JSONValue {
      var object: [String: JSONValue] = [
        "rule": .string(rule), "code": .string(code), "file": .string(file), "keyPath": .string(keyPath),
        "message": .string(message), "fingerprint": .string(fingerprint),
      ]
      if occurrence != 0 { object["occurrence"] = .integer(Int64(occurrence)) }
      return .object(object)
    }
  }

  /// What a baseline did to a report: how many findings it held back, and its entries no finding matched.
  public struct Outcome: Sendable {
    /// The baseline file, as named.
    public var file: String
    /// How many findings were in the baseline, and not reported.
    public var unchanged: Int
    /// The entries that matched no finding of a file the run linted: fixed (or changed) since.
    public var absent: [Entry]
  }

  /// The version of the file's format this sharelint writes and reads.
  public static let formatVersion = 1
  /// The largest baseline read (a baseline of 50,000 findings is about 15 MB).
  public static let maximumFileSize = 64 << 20

  /// The entries, sorted.
  public private(set) var entries: [Entry]

  /// A baseline of `entries`.
  public init(entries: [Entry]) {
    self.entries = entries.sorted(by: Entry.precedes)
  }

  /// The baseline of `report`'s findings (except PL001), written to a file in `folder`.
  public init(findingsOf report: LintReport, folder: String) {
    var paths = BaselinePaths(folder: folder)
    var seen: [String: Int] = [:]
    var entries: [Entry] = []
    for diagnostic in report.diagnostics where diagnostic.code != MalformedPlistRule.description.code {
      let file = paths.relative(diagnostic.file)
      let keyPath = FindingFingerprint.stableKeyPath(diagnostic.keyPath)
      let key = [diagnostic.rule, file, keyPath, diagnostic.message].joined(separator: "\0")
      let occurrence = seen[key] ?? 0
      seen[key] = occurrence + 1
      entries.append(Entry(
        rule: diagnostic.rule, code: diagnostic.code, file: file, keyPath: keyPath, message: diagnostic.message,
        occurrence: occurrence))
    }
    self.init(entries: entries)
  }

  /// The folder of the baseline file at `path`: where its paths start.
  public static func folder(of path: String) -> String {
    let folder = PathText.removingLastComponent(of: path)
    return folder.isEmpty ? "." : folder
  }

  // MARK: - Matching

  /// Removes from `report` the findings this baseline holds (never PL001), and records in `report.baseline` how
  /// many, and which entries found nothing among the files under `scope` (the paths linted): `file` is the
  /// baseline's path as named, its folder where the entries' paths start.
  public func apply(to report: inout LintReport, file: String, scope: [String]) {
    var paths = BaselinePaths(folder: Self.folder(of: file))
    let fingerprints = FindingFingerprint.fingerprints(of: report.diagnostics) { paths.relative($0) }
    let held = Set(entries.map(\.fingerprint))
    var matched = Set<String>()
    var kept: [LintDiagnostic] = []
    kept.reserveCapacity(report.diagnostics.count)
    for (index, diagnostic) in report.diagnostics.enumerated() {
      if diagnostic.code != MalformedPlistRule.description.code, held.contains(fingerprints[index]) {
        matched.insert(fingerprints[index])
      } else {
        kept.append(diagnostic)
      }
    }
    report.diagnostics = kept
    let scopeFolders = scope.map { FileIdentity.of($0) }
    let absent = entries.filter { entry in
      guard !matched.contains(entry.fingerprint) else { return false }
      let path = PathText.joined(paths.folder, entry.file)
      return scopeFolders.contains { RepositoryBoundary.isInside(path, $0) }
    }
    report.baseline = Outcome(file: file, unchanged: matched.count, absent: absent)
  }

  // MARK: - The file

  /// The file's bytes: the same entries give the same bytes.
  public func encoded() -> [UInt8] {
    var text = "{\n  \"findings\": ["
    for (index, entry) in entries.enumerated() {
      text += index == 0 ? "\n    " : ",\n    "
      entry.json.write(into: &text)
    }
    text += entries.isEmpty ? "],\n" : "\n  ],\n"
    text += "  \"version\": \(Self.formatVersion)\n}\n"
    return Array(text.utf8)
  }

  /// The baseline in `bytes`; `file` names it in errors.
  public static func decode(_ bytes: [UInt8], file: String) throws(BaselineError) -> LintBaseline {
    func fail(_ reason: String) -> BaselineError { BaselineError(file: file, reason: reason) }
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) else {
      throw fail("is not JSON (write one with 'sharelint lint --write-baseline FILE')")
    }
    guard let top = object as? [String: Any], let findings = top["findings"] as? [Any] else {
      throw fail("is not a sharelint baseline: it needs a 'findings' array and a 'version'")
    }
    guard let version = top["version"] as? Int else { throw fail("has no 'version' number") }
    guard version == formatVersion else {
      throw fail("is version \(version); this sharelint reads version \(formatVersion)")
    }
    var entries: [Entry] = []
    entries.reserveCapacity(findings.count)
    for (index, finding) in findings.enumerated() {
      guard let fields = finding as? [String: Any] else { throw fail("finding \(index + 1) is not an object") }
      func text(_ key: String) throws(BaselineError) -> String {
        guard let value = fields[key] as? String else {
          throw fail("finding \(index + 1) has no '\(key)' string")
        }
        return value
      }
      var entry = Entry(
        rule: try text("rule"), code: (fields["code"] as? String) ?? "", file: try text("file"),
        keyPath: try text("keyPath"), message: try text("message"), occurrence: (fields["occurrence"] as? Int) ?? 0)
      let fingerprint = try text("fingerprint")
      let isHex = fingerprint.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
      guard fingerprint.utf8.count == 32, isHex else {
        throw fail("finding \(index + 1) has a 'fingerprint' that is not 32 hex digits")
      }
      // The fingerprint written is what is matched: an entry edited by hand keeps matching what it was written for.
      entry.fingerprint = fingerprint
      entries.append(entry)
    }
    return LintBaseline(entries: entries)
  }

  /// Reads the baseline at `path` through `boundary`.
  public static func load(path: String, boundary: RepositoryBoundary = .current) throws(BaselineError)
    -> LintBaseline
  {
    switch RepositoryFile.read(path, limit: maximumFileSize, boundary: boundary) {
    case .success(let bytes): return try decode(bytes, file: path)
    case .failure(let failure): throw BaselineError(file: path, reason: failure.description)
    }
  }

  /// Writes the baseline to `path` atomically, unless the file holds these bytes already; whether it wrote.
  @discardableResult
  public func write(to path: String) throws(BaselineError) -> Bool {
    let bytes = encoded()
    if case .success(let existing) = RepositoryFile.read(path, limit: Self.maximumFileSize, boundary: .unconfined),
      existing == bytes
    {
      return false
    }
    do {
      try AtomicFileWriter.write(bytes, to: path, boundary: .unconfined)
    } catch {
      throw BaselineError(file: path, reason: "cannot be written: \(error)")
    }
    return true
  }
}

/// A baseline that cannot be read or written: one line, exit status 2.
public struct BaselineError: Error, Sendable, CustomStringConvertible {
  /// The line: `baseline 'FILE' does not exist`.
  public var description: String

  /// `baseline 'FILE' REASON`, REASON saying what is wrong (`does not exist`, `is not JSON …`).
  public init(file: String, reason: String) { description = "baseline '\(file)' \(reason)" }

  /// An error whose line is `description` as it is.
  public init(_ description: String) { self.description = description }
}

/// Paths of findings relative to a baseline's folder: both resolved (`FileIdentity`, symbolic links followed, a
/// relative path taken from the working folder), then the path from the folder to the file, `..` where needed.
struct BaselinePaths {
  /// The baseline's folder, resolved.
  let folder: String
  private var known: [String: String] = [:]

  init(folder: String) { self.folder = FileIdentity.of(folder) }

  /// `file` (as a finding names it) relative to the folder.
  mutating func relative(_ file: String) -> String {
    if let path = known[file] { return path }
    let path = Self.relative(FileIdentity.of(file), from: folder)
    known[file] = path
    return path
  }

  /// The path leading from the absolute `folder` to the absolute `path`.
  static func relative(_ path: String, from folder: String) -> String {
    let target = path.split(separator: "/")
    let base = folder.split(separator: "/")
    var common = 0
    while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
    let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }
}

extension LintBaseline {
  /// The baseline a run's configuration names (`baseline: FILE`, relative to the configuration), nil when none: the
  /// `--config` file's, else (unless `.sharelint.yml` files are ignored) that of the `.sharelint.yml` at the top of
  /// each path's repository (the folder holding `.git`, else the folder named): the one a repository adopting
  /// sharelint writes. Different baselines named for different paths are an error, as is a configuration that
  /// cannot be read. The boundary is the one to read the baseline through.
  public static func configured(for options: LintSession.Options) throws(BaselineError)
    -> (path: String, boundary: RepositoryBoundary)?
  {
    var files: [(path: String, boundary: RepositoryBoundary)] = []
    let current = RepositoryBoundary.current
    if let path = options.configurationPath {
      files = [(path, current)]
    } else if !options.ignoresRepositoryConfiguration {
      let lookup = ConfigurationLookup(paths: options.paths, ignoresRepositoryFiles: false)
      for top in lookup.tops {
        let file = PathText.joined(top, Configuration.fileName)
        if access(file, F_OK) == 0, !files.contains(where: { $0.path == file }) {
          files.append((file, lookup.readingBoundary))
        }
      }
    }
    var named: [(path: String, boundary: RepositoryBoundary)] = []
    for file in files {
      let configuration: Configuration
      do {
        configuration = try Configuration.load(path: file.path, boundary: file.boundary)
      } catch {
        throw BaselineError(error.description)
      }
      guard let path = configuration.baselinePath.map(PathText.relativeToWorkingFolder),
        !named.contains(where: { $0.path == path })
      else { continue }
      // The baseline is read where its configuration may be read, and in the configuration's folder.
      let folder = PathText.removingLastComponent(of: FileIdentity.of(file.path))
      let boundary = file.boundary.isConfined
        ? RepositoryBoundary(roots: file.boundary.roots + [folder], allowedOutside: file.boundary.allowedOutside)
        : file.boundary
      named.append((path, boundary))
    }
    guard named.count <= 1 else {
      throw BaselineError(
        "the configurations name two baselines, '\(named[0].path)' and '\(named[1].path)'; "
          + "name one with --baseline")
    }
    return named.first
  }
}

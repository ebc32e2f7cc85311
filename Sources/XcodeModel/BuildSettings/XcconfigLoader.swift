import Foundation
import SharelintBase

/// What reading an `.xcconfig` file and its includes gave: the assignments in the order they take effect,
/// and what Xcode would say about the files (missing includes, include cycles, malformed lines, names found
/// only by case).
struct XcconfigLoad {
  /// The assignments, included files inlined where they are included.
  var definitions: [BuildSettingDefinition] = []
  /// Located problems, each once, in the order met; none of them stops the rest being read.
  var diagnostics: [BuildSettingsError] = []
  /// Whether the file itself could not be read (then `definitions` is empty).
  var isFileReadFailure = false
  /// The files read (the file itself and every include found), each once, in the order first read.
  var files: [String] = []
  /// The includes (without `?`) found nowhere, as written.
  var missingIncludes: [String] = []
}

/// Reads `.xcconfig` files as Xcode's build system does (swift-build's `MacroConfigFileLoader` and
/// `MacroConfigFileParser`):
///
/// - `#include "name"` is looked up in the including file's folder, then in the folders of the files that
///   included it, then in the search paths (the project's folder for a base configuration); `.xcconfig` is
///   added when the name has no extension; `#include?` is silent when nothing is found;
/// - an include that is not found, or would include a file being read (a cycle), is reported at its line and
///   skipped; the rest of the file and of the chain still counts; so does the rest of a file with a
///   malformed line;
/// - where Xcode's (case-insensitive) disk would find a file and this one does not, the name is matched
///   ignoring case, with a note;
/// - every file is read through `RepositoryFile` within the reader's `RepositoryBoundary`: an include outside the
///   linted folders, inside `.git` or the system's folders, or of a FIFO or device is reported at its line and
///   nothing of it is read; includes nest at most `maximumIncludeDepth` deep (Xcode sets no limit; a chain of
///   thousands of files is hostile input, and each level is a frame of `expand`).
///
/// Each file is read and parsed once, however often it is included, and a file's included assignments are
/// reused wherever the same include gives the same result, so files that each include the next twice take
/// linear time. Assignments made unreachable by a later literal one are dropped, and at most
/// `maximumDefinitions` are kept.
final class XcconfigReader {
  /// The largest `.xcconfig` file read.
  static let maximumFileSize = 4 << 20
  /// The most assignments one load keeps (repeated includes of assignments that use `$(inherited)` double).
  static let maximumDefinitions = 10_000
  /// The deepest chain of includes followed (GNU cpp's limit for `#include`, which the Info.plist preprocessor
  /// shares).
  static let maximumIncludeDepth = 200

  private struct ParsedFile {
    var statements: [XcconfigStatement] = []
    var diagnostics: [BuildSettingsError] = []
    var readFailure: String?
  }

  private struct ExpansionKey: Hashable {
    var identity: String
    var searchPaths: [String]
  }

  /// One file's assignments with its includes inlined, and what its result depended on.
  private struct Expansion {
    var definitions: [BuildSettingDefinition] = []
    var diagnostics: [BuildSettingsError] = []
    /// Every file read for it (its own identity included).
    var visited: Set<String> = []
    /// Files outside it whose inclusion was skipped as a cycle.
    var cycleHits: Set<String> = []
    /// The paths of the files read, as found, in order (its own first).
    var files: [String] = []
    /// The includes found nowhere, as written.
    var missingIncludes: [String] = []
  }

  private var parsedFiles: [String: ParsedFile] = [:]
  private var expansions: [ExpansionKey: Expansion] = [:]
  private var identities: [String: String] = [:]
  private let finder: CaseInsensitiveFileFinder
  /// Contents to read instead of the files on disk (a fix's edits, before they are written).
  private let overlay: XcodeFileOverlay
  /// The folders files may be read from.
  private let boundary: RepositoryBoundary

  /// A reader taking `overlay`'s contents instead of the files it names, reading nothing `boundary` refuses.
  init(overlay: XcodeFileOverlay = XcodeFileOverlay(), boundary: RepositoryBoundary = .current) {
    self.overlay = overlay
    self.boundary = boundary
    finder = CaseInsensitiveFileFinder(boundary: boundary)
  }

  /// The assignments of the file at `path`, its includes looked up in `searchPaths` after the folders of the
  /// including files.
  func load(path: String, searchPaths: [String] = []) -> XcconfigLoad {
    var ancestors: [String] = []
    let expansion = expand(path, searchPaths: Self.unique(searchPaths), ancestors: &ancestors)
    var load = XcconfigLoad(definitions: expansion.definitions, diagnostics: [])
    var seenFiles: Set<String> = []
    load.files = expansion.files.filter { seenFiles.insert($0).inserted }
    var seenMissing: Set<String> = []
    load.missingIncludes = expansion.missingIncludes.filter { seenMissing.insert($0).inserted }
    var seen: Set<BuildSettingsError> = []
    var saidTooMany = false
    for diagnostic in expansion.diagnostics where seen.insert(diagnostic).inserted {
      // Every includer of the file that first made too many says so too: once is enough.
      if diagnostic.kind == .tooManyAssignments {
        guard !saidTooMany else { continue }
        saidTooMany = true
      }
      load.diagnostics.append(diagnostic)
    }
    if let failure = parsedFiles[identity(of: path)]?.readFailure {
      load.isFileReadFailure = true
      load.diagnostics.insert(BuildSettingsError(.unreadableFile, "xcconfig file '\(path)' \(failure)"), at: 0)
    }
    return load
  }

  /// The assignments of `text`, read as the file `path`.
  func load(text: String, path: String, searchPaths: [String] = []) -> XcconfigLoad {
    let key = identity(of: path)
    parsedFiles[key] = Self.parse(text, displayPath: path)
    return load(path: path, searchPaths: searchPaths)
  }

  private func expand(_ path: String, searchPaths: [String], ancestors: inout [String]) -> Expansion {
    let identity = identity(of: path)
    let key = ExpansionKey(identity: identity, searchPaths: searchPaths)
    if let known = expansions[key], Self.isValid(known, under: ancestors) { return known }
    let parsed = parsedFile(at: path, identity: identity)
    var result = Expansion(diagnostics: parsed.diagnostics, visited: [identity])
    if parsed.readFailure == nil { result.files = [path] }
    var isTruncated = false
    var compactionThreshold = 1_024
    func add(_ definitions: some Collection<BuildSettingDefinition>) {
      result.definitions += definitions
      guard result.definitions.count >= compactionThreshold else { return }
      result.definitions = Self.withoutShadowed(result.definitions)
      if result.definitions.count > Self.maximumDefinitions {
        // The latest assignments win: the earliest are the ones to lose.
        isTruncated = true
        result.definitions.removeFirst(result.definitions.count - Self.maximumDefinitions)
      }
      compactionThreshold = max(compactionThreshold, result.definitions.count * 2)
    }
    let folder = PathText.removingLastComponent(of: path)
    let nestedSearchPaths = Self.unique([folder] + searchPaths)
    ancestors.append(identity)
    for statement in parsed.statements {
      switch statement {
      case .assignment(let name, let conditions, let value, let line):
        add(
          CollectionOfOne(
            BuildSettingDefinition(
              name: name, value: value, conditions: conditions, origin: .xcconfig(file: path, line: line))))
      case .include(let name, let isOptional, let line):
        let folders = name.hasPrefix("/") ? [""] : nestedSearchPaths
        guard let found = finder.find(name, in: folders, defaultExtension: "xcconfig") else {
          if !isOptional {
            result.missingIncludes.append(name)
            result.diagnostics.append(
              BuildSettingsError(
                .missingInclude,
                "included file '\(name)' is not in the repository; the rest of '\(path)' still counts",
                file: path, line: line))
          }
          continue
        }
        if let refusal = found.refusal {
          // Not a missing file (its note says why it is not read): the settings it would give are passed with -D.
          result.diagnostics.append(
            BuildSettingsError(
              .unreadableFile, "included file '\(name)' is \(refusal.consequence)", file: path, line: line))
          continue
        }
        if let actual = found.caseDifference {
          result.diagnostics.append(
            BuildSettingsError(
              .caseMismatch,
              "included file '\(name)' is '\(actual)' on disk: found ignoring case, as Xcode's "
                + "case-insensitive disk does",
              file: path, line: line))
        }
        let includedIdentity = self.identity(of: found.path)
        if ancestors.contains(includedIdentity) {
          let cycle = (ancestors.drop(while: { $0 != includedIdentity }) + [includedIdentity]).map {
            PathText.lastComponent(of: $0)
          }
          result.diagnostics.append(
            BuildSettingsError(
              .includeCycle,
              "skipping the include of '\(PathText.lastComponent(of: found.path))' as it would create a cycle: "
                + cycle.joined(separator: " → "), file: path, line: line))
          result.cycleHits.insert(includedIdentity)
          continue
        }
        guard ancestors.count <= Self.maximumIncludeDepth else {
          result.diagnostics.append(
            BuildSettingsError(
              .includeTooDeep,
              "included file '\(name)' is more than \(Self.maximumIncludeDepth) includes deep: not read",
              file: path, line: line))
          continue
        }
        let included = expand(found.path, searchPaths: nestedSearchPaths, ancestors: &ancestors)
        if let failure = parsedFiles[includedIdentity]?.readFailure {
          result.diagnostics.append(
            BuildSettingsError(.unreadableFile, "included file '\(name)' \(failure)", file: path, line: line))
        }
        add(included.definitions)
        result.diagnostics += included.diagnostics.prefix(1_000)
        result.visited.formUnion(included.visited)
        result.cycleHits.formUnion(included.cycleHits)
        if result.files.count < 1_000 { result.files += included.files.prefix(1_000) }
        if result.missingIncludes.count < 100 { result.missingIncludes += included.missingIncludes.prefix(100) }
      }
    }
    ancestors.removeLast()
    result.cycleHits.remove(identity)
    result.definitions = Self.withoutShadowed(result.definitions)
    if isTruncated {
      result.diagnostics.append(
        BuildSettingsError(
          .tooManyAssignments,
          "'\(path)' and its includes make more than \(Self.maximumDefinitions) assignments; the earliest are dropped",
          file: path))
    }
    if result.diagnostics.count > 1_000 { result.diagnostics = Array(result.diagnostics.prefix(1_000)) }
    expansions[key] = result
    return result
  }

  /// Whether an expansion made under other includers holds under `ancestors`: the files it read that are being
  /// read now must be exactly those whose inclusion it skipped as cycles.
  private static func isValid(_ expansion: Expansion, under ancestors: [String]) -> Bool {
    var matched = 0
    for ancestor in ancestors where expansion.visited.contains(ancestor) {
      guard expansion.cycleHits.contains(ancestor) else { return false }
      matched += 1
    }
    return matched == expansion.cycleHits.count
  }

  /// `definitions` without the assignments a later unconditional, literal one of the same setting hides:
  /// nothing can reach them, not even `$(inherited)`.
  private static func withoutShadowed(_ definitions: [BuildSettingDefinition]) -> [BuildSettingDefinition] {
    var shadowed: Set<String> = []
    var kept: [BuildSettingDefinition] = []
    kept.reserveCapacity(definitions.count)
    for definition in definitions.reversed() where !shadowed.contains(definition.name) {
      kept.append(definition)
      if definition.conditions.isEmpty, !definition.value.utf8.contains(UInt8(ascii: "$")) {
        shadowed.insert(definition.name)
      }
    }
    return kept.count == definitions.count ? definitions : kept.reversed()
  }

  private func parsedFile(at path: String, identity: String) -> ParsedFile {
    if let known = parsedFiles[identity] { return known }
    let parsed: ParsedFile
    if let overlaid = overlay.bytes(at: path) {
      parsed = Self.parse(String(decoding: overlaid, as: UTF8.self), displayPath: path)
      parsedFiles[identity] = parsed
      return parsed
    }
    switch RepositoryFile.read(path, limit: Self.maximumFileSize, boundary: boundary) {
    case .success(let bytes): parsed = Self.parse(String(decoding: bytes, as: UTF8.self), displayPath: path)
    case .failure(let failure): parsed = ParsedFile(readFailure: failure.description)
    }
    parsedFiles[identity] = parsed
    return parsed
  }

  private static func parse(_ text: String, displayPath: String) -> ParsedFile {
    let (statements, malformed) = XcconfigParser(fileName: displayPath).parse(text)
    return ParsedFile(statements: statements, diagnostics: malformed)
  }

  /// A file's identity for cycles and reuse (`FileIdentity`), remembered per path as written.
  private func identity(of path: String) -> String {
    if let known = identities[path] { return known }
    let identity = FileIdentity.of(path)
    identities[path] = identity
    return identity
  }

  private static func unique(_ folders: [String]) -> [String] {
    var seen: Set<String> = []
    return folders.filter { seen.insert($0).inserted }
  }
}

/// Finds files as a case-insensitive disk (a Mac's) would, on any disk: the exact name first, then a name
/// that differs only by case, folder by folder; listings are read once. Nothing the finder's `RepositoryBoundary`
/// refuses is examined or listed.
package final class CaseInsensitiveFileFinder {
  /// A file found, and how its name on disk differs from the one asked for.
  package struct Found {
    package var path: String
    /// The path as found on disk when it differs from the one asked for only by case.
    package var caseDifference: String?
    /// Why the path may not be read, when the boundary refuses it: then whether it exists is not known.
    package var refusal: BoundaryRefusal?
  }

  private var listings: [String: [String]] = [:]
  /// The folders that may be examined and listed.
  private let boundary: RepositoryBoundary

  /// A finder looking only where `boundary` lets it.
  package init(boundary: RepositoryBoundary = .current) {
    self.boundary = boundary
  }

  /// The first of `name` (and `name.defaultExtension` when `name` has no extension) found in `folders`,
  /// exactly; failing that, ignoring case. An empty folder stands for `name` as it is. A candidate the boundary
  /// refuses ends the search: it is found, with its refusal (Xcode would read it, if it is there).
  package func find(_ name: String, in folders: [String], defaultExtension: String? = nil) -> Found? {
    var candidates = [name]
    let last = PathText.lastComponent(of: name)
    if let defaultExtension, !last.dropFirst().contains(".") { candidates.append(name + "." + defaultExtension) }
    for folder in folders {
      for candidate in candidates {
        let path = folder.isEmpty ? candidate : PathText.joined(folder, candidate)
        switch RepositoryEntry.at(path, boundary: boundary) {
        case .file: return Found(path: path)
        case .refused(let refusal): return Found(path: path, refusal: refusal)
        case .missing, .folder: continue
        }
      }
    }
    for folder in folders {
      for candidate in candidates {
        if let path = findIgnoringCase(candidate, in: folder) {
          return Found(path: path, caseDifference: path)
        }
      }
    }
    return nil
  }

  /// Why `path` may not be read, when the finder's boundary refuses it.
  package func refusal(toRead path: String) -> BoundaryRefusal? {
    boundary.refusal(toRead: path)
  }

  /// `path` when it is a file, else the file whose path differs from it only by case, if exactly one does; nil when
  /// neither is, or the boundary refuses the path.
  package func findIgnoringCase(_ path: String) -> Found? {
    switch RepositoryEntry.at(path, boundary: boundary) {
    case .file: return Found(path: path)
    case .refused: return nil
    case .missing, .folder: return findIgnoringCase(path, in: "").map { Found(path: $0, caseDifference: $0) }
    }
  }

  private func findIgnoringCase(_ relative: String, in folder: String) -> String? {
    var current = folder.isEmpty ? (relative.hasPrefix("/") ? "/" : "") : folder
    let components = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    guard !components.isEmpty else { return nil }
    for (index, component) in components.enumerated() {
      let exact = current.isEmpty ? component : PathText.joined(current, component)
      let isLast = index == components.count - 1
      let passes =
        isLast
        ? RepositoryEntry.at(exact, boundary: boundary).isFile
        : RepositoryEntry.isFolderOnTheWay(exact, boundary: boundary)
      if component == "." || component == ".." || passes {
        current = exact
        continue
      }
      let lowered = component.lowercased()
      let matches = listing(of: current.isEmpty ? "." : current).filter { $0.lowercased() == lowered }
      guard matches.count == 1, let match = matches.first else { return nil }
      current = current.isEmpty ? match : PathText.joined(current, match)
    }
    return RepositoryEntry.at(current, boundary: boundary).isFile ? current : nil
  }

  /// The names in `folder`; none when the boundary refuses it.
  private func listing(of folder: String) -> [String] {
    if let known = listings[folder] { return known }
    let names = (try? RepositoryFile.listFolder(folder, boundary: boundary).get()) ?? []
    listings[folder] = names
    return names
  }
}

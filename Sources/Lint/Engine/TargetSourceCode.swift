import SharelintBase
import SourceCode
import Synchronization
import XcodeModel

/// The source files of one run, each read (and lexed) at most once, whichever targets and configurations compile
/// it, and only when a rule asks for it. Safe to share between threads.
final class SourceFileCache: Sendable {
  private let slots = Mutex<[String: ComputedOnce<SourceFileReader.Outcome>]>([:])
  private let skipped = Mutex<[String: String]>([:])

  /// The file at `path`, read on first use; shown as its display path.
  func outcome(at path: String) -> SourceFileReader.Outcome {
    let slot = slots.withLock { slots in
      if let known = slots[path] { return known }
      let slot = ComputedOnce<SourceFileReader.Outcome>()
      slots[path] = slot
      return slot
    }
    return slot.value {
      let outcome = SourceFileReader.read(path, name: XcodeProjectSources.displayPath(path))
      if let note = Self.note(for: outcome, at: path) { skipped.withLock { $0[path] = note } }
      return outcome
    }
  }

  /// What a rule could not read, said once per file whatever the findings: the run's notes.
  var skippedFileNotes: [String] {
    skipped.withLock { $0.sorted { $0.key < $1.key }.map { $0.value + "; the rules that read code did not see it" } }
  }

  /// Why the file at `path` was not read, or nil when it was.
  static func note(for outcome: SourceFileReader.Outcome, at path: String) -> String? {
    switch outcome {
    case .read: return nil
    case .tooLarge(let limit):
      return "'\(XcodeProjectSources.displayPath(path))' was not read: larger than the \(limit >> 20) MiB sharelint "
        + "reads of a source file"
    case .unreadable(let reason): return "'\(XcodeProjectSources.displayPath(path))' \(reason)"
    }
  }

  /// The text of the file shown as `name`, when a rule has read it.
  func readText(named name: String) -> SourceText? {
    let candidates = slots.withLock { slots in slots.filter { XcodeProjectSources.displayPath($0.key) == name } }
    for slot in candidates.values {
      if case .read(let file)? = slot.valueIfComputed { return file.text }
    }
    return nil
  }
}

/// The Swift and Objective-C sources of a target of an Xcode project, for the rules that read code: the files it
/// compiles and, separately, those of what it builds with from the repository (`XcodeTargetBuildFacts`'s
/// `compiledSources` and `dependencySources`). Nothing is read until a rule asks; what is read is kept for the run
/// (`SourceFileCache`), so the configurations of a target, and targets sharing files, read each file once.
public final class TargetSourceCode: Sendable {
  /// Files read, and what could not be.
  public struct Files: Sendable {
    /// The files read, in the project's order.
    public var files: [SourceFile] = []
    /// What was not read, for the notes of findings that say a name is missing: files over the size limit,
    /// unreadable files, a folder walk cut short.
    public var notes: [String] = []
  }

  private let own: XcodeCompiledSources
  private let dependencies: XcodeCompiledSources
  private let cache: SourceFileCache
  private let ownFiles = ComputedOnce<Files>()
  private let dependencyFiles = ComputedOnce<Files>()

  init(own: XcodeCompiledSources, dependencies: XcodeCompiledSources, cache: SourceFileCache) {
    self.own = own
    self.dependencies = dependencies
    self.cache = cache
  }

  /// Whether the project names sources for the target (files of a phase, or a folder).
  public var hasSources: Bool { !own.isEmpty }

  /// The files the target compiles, read.
  public var files: Files { ownFiles.value { read(own) } }

  /// The files of what it builds with from the repository (frameworks of the project, local packages), read.
  public var dependencyFileSet: Files { dependencyFiles.value { read(dependencies) } }

  /// The files it compiles and those of what it builds with: where a name must be missing from for a rule to say
  /// the app never uses it.
  public var filesWithDependencies: Files {
    var all = files
    let others = dependencyFileSet
    let names = Set(all.files.map(\.name))
    all.files += others.files.filter { !names.contains($0.name) }
    all.notes += others.notes
    return all
  }

  /// The text of the file shown as `name`, when a rule has read it (the reporters' excerpts use it, so a file is
  /// not read twice).
  func readText(named name: String) -> SourceText? {
    cache.readText(named: name)
  }

  private func read(_ sources: XcodeCompiledSources) -> Files {
    var result = Files()
    let listed = sources.allFiles()
    for path in listed.files {
      let outcome = cache.outcome(at: path)
      if case .read(let file) = outcome { result.files.append(file) }
      if let note = SourceFileCache.note(for: outcome, at: path) { result.notes.append(note) }
    }
    if listed.truncated {
      result.notes.append(
        "only the first \(XcodeCompiledSources.maximumFolderEntries) entries of the target's source folders were read")
    }
    return result
  }
}

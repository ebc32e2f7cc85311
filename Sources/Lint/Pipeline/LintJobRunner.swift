import Foundation
import PredicateSyntax
import ProjectDiscovery
import PropertyList
import SharelintBase
import XcodeModel

/// What one job found: stage 3's output, which the merge (stage 4) adds to the report.
struct LintJobResult: Sendable {
  var diagnostics: [LintDiagnostic] = []
  /// The files read, by display path, for the report.
  var sources: [(file: String, contents: PlistContents)] = []
  /// Whether the rules ran (an unreadable Info.plist stops a job before them).
  var linted = false
  /// The Xcode configuration the job linted, for a project target.
  var configuration: String?
  /// The index of the job's target in the plan.
  var targetIndex: Int
  /// Whether rules whose advice depends on the Intune App SDK release assumed the newest, the target's files not
  /// telling which it links.
  var assumedNewestSDKRelease = false
  /// The `sharelint:` comments of the files read that have any, by display path.
  var suppressions: [String: FileSuppressions] = [:]

  /// Reads the `sharelint:` comments of `source`, reported as `linter` reports PL006 and PL007.
  mutating func readSuppressions(in source: SourceText, linter: Linter) {
    guard suppressions[source.name] == nil, let found = FileSuppressions(source, linter: linter) else { return }
    suppressions[source.name] = found
  }
  /// The extension's insight, when the run collects them.
  var extensionInsight: ExtensionInsight?
}

/// Stage 3 of a lint run (plan → jobs → rules → merge → report): runs the rules of each job on every core, a few
/// jobs at a time in plan order, so that the documents in memory at once are those of the jobs in flight
/// (`DocumentLifetimes` releases each after its last use), and hands each result on in job order, whatever the
/// scheduling.
enum LintJobRunner {
  /// Runs `jobs[i]` for each `i` in `indices` (ascending), reading `overlay`'s bytes instead of the files it names,
  /// and calls `deliver` with each job's index and result in that order. The caller keeps the jobs (how `fix`
  /// lints again what changed).
  static func run(
    _ jobs: [LintJob], indices: [Int], overlay: [String: [UInt8]],
    progress: (@Sendable (_ linted: Int, _ total: Int) -> Void)? = nil,
    deliver: (Int, LintJobResult) -> Void
  ) async {
    var selected: [LintJob?] = indices.map { jobs[$0] }
    await run(&selected, overlay: overlay, progress: progress) { position, result in
      deliver(indices[position], result)
    }
  }

  /// Runs every job of `pending` (each is taken out when it starts, so what it alone holds is freed as soon as it
  /// is done) and calls `deliver` with each job's position and result in order. `plistUses`, when given, counts the
  /// jobs reading each plist (`SharedFiles.plistUses` of these jobs): not counted again.
  static func run(
    _ pending: inout [LintJob?], overlay: [String: [UInt8]], plistUses: [String: Int]? = nil,
    progress: (@Sendable (_ linted: Int, _ total: Int) -> Void)? = nil,
    deliver: (Int, LintJobResult) -> Void
  ) async {
    let lifetimes = plistUses.map(DocumentLifetimes.init(uses:)) ?? DocumentLifetimes(pending)
    var next = 0
    let total = pending.count
    await withTaskGroup(of: (Int, LintJobResult).self) { group in
      func startNext() {
        guard next < total, let job = pending[next] else { return }
        pending[next] = nil
        let position = next
        next += 1
        group.addTask { (position, job.run(overlay: overlay, lifetimes: lifetimes)) }
      }
      let inFlight = max(2, ProcessInfo.processInfo.activeProcessorCount * 4)
      while next < min(inFlight, total) { startNext() }
      var finished: [Int: LintJobResult] = [:]   // results that came back before an earlier job's
      var delivered = 0
      for await (position, result) in group {
        finished[position] = result
        while let ready = finished.removeValue(forKey: delivered) {
          deliver(delivered, ready)
          delivered += 1
          progress?(delivered, total)
        }
        startNext()
      }
    }
  }
}

extension LintJob {
  /// Reads the job's plists (preprocessing the Info.plist when its configuration asks), runs the rules, and
  /// returns the findings, located in the files as written.
  func run(overlay: [String: [UInt8]], lifetimes: DocumentLifetimes) -> LintJobResult {
    // The merged Info.plist as linted, for aiming its fixes at the files it is merged from (read before the run
    // releases it).
    let merged = build.mergedInfoPlists.isEmpty ? nil : (try? build.target.infoPlist?.document())?.root.value
    var result = lint(overlay: overlay, lifetimes: lifetimes)
    guard !build.generatedFiles.isEmpty else { return result }
    // A plist a project generator writes (XcodeGen's `info: properties:`) is there once the project is generated,
    // and is no file to fix: its source is the spec. XcodeGen's findings move to the spec, and their fixes become
    // edits of its `properties:` (`locateInSpec`); any other generator's keep no fix, with a note.
    result.diagnostics.removeAll { diagnostic in
      diagnostic.code == MissingInfoPlistFileRule.description.code && build.generatedFiles[diagnostic.file] != nil
    }
    var specSources: Set<String> = []
    // The value of each generated plist, read once for all its findings' fixes.
    var generatedValues: [String: PropertyListValue?] = [:]
    // The files merged plists are made of, each read once (as a fix left them: `overlay`).
    var documents: [String: PropertyListDocument?] = [:]
    for index in result.diagnostics.indices {
      let file = result.diagnostics[index].file
      guard let writer = build.generatedFiles[file] else { continue }
      if let generated = build.xcodeGenPlists[file], let spec = generated.spec,
        let text = settings.buildFacts?.sources?.text(of: spec.entry.keyLocation.file)
      {
        if result.diagnostics[index].fix != nil, generatedValues[file] == nil {
          generatedValues[file] = .some(try? PropertyListDocument(bytes: generated.bytes, name: file).root.value)
        }
        result.diagnostics[index].locateInSpec(
          spec, text: text, generated: generated, value: generatedValues[file] ?? nil, plistName: file)
        if !specSources.contains(text.name), !result.sources.contains(where: { $0.file == text.name }) {
          specSources.insert(text.name)
          result.sources.append((text.name, PlistContents(bytes: text.bytes)))
        }
        continue
      }
      guard let fix = result.diagnostics[index].fix else { continue }
      if let infoPlist = build.mergedInfoPlists[file], let merged {
        // A .NET app's Info.plist merged from PartialAppManifest items: fixed in the file the value comes from.
        let merge = MergedInfoPlistFixes.Merge(
          infoPlist: infoPlist, merged: merged, keyOrigins: build.mergedKeyOrigins[file] ?? [:])
        switch MergedInfoPlistFixes.redirecting(fix, merge: merge, document: { mergedFile($0, &documents, overlay) }) {
        case .fix(let redirected): result.diagnostics[index].fix = redirected
        case .note(let note):
          result.diagnostics[index].fix = nil
          result.diagnostics[index].notes.append(note)
        }
        continue
      }
      result.diagnostics[index].fix = nil
      result.diagnostics[index].notes.append(
        "not fixed automatically: the file is written by \(writer); change it there")
    }
    if !build.mergedInfoPlists.isEmpty {
      for index in result.diagnostics.indices {
        relocateToMergedFile(&result.diagnostics[index], documents: &documents, overlay: overlay)
      }
      // The merged files' text, for the carets of the findings moved there and the fixes aimed at them.
      let read = Set(result.sources.map(\.file))
      for (file, document) in documents where !read.contains(file) {
        if let document { result.sources.append((file, PlistContents(bytes: document.source.bytes))) }
      }
    }
    return result
  }

  /// Moves a finding about a key a merged file set (a PartialAppManifest's) from the merged plist to that file, and
  /// one about a key only the Info.plist sets to the Info.plist, where their fixes are written, at the same key path:
  /// the range of its value there (or of the key, for a finding at the key). A finding about a key no file has stays.
  private func relocateToMergedFile(
    _ diagnostic: inout LintDiagnostic, documents: inout [String: PropertyListDocument?], overlay: [String: [UInt8]]
  ) {
    guard let infoPlist = build.mergedInfoPlists[diagnostic.file], !diagnostic.keyPath.isEmpty else { return }
    let origins = build.mergedKeyOrigins[diagnostic.file] ?? [:]
    let path = Self.pathComponents(ofKeyPath: diagnostic.keyPath)
    // The keys the path starts with (up to its first array index): the longest that a merged file set decides
    // (partial manifests merge dictionaries at any depth).
    var keys: [String] = []
    for component in path {
      guard case .key(let key) = component else { break }
      keys.append(key)
    }
    var origin = infoPlist
    for length in stride(from: keys.count, through: 1, by: -1) {
      if let file = origins[keys.prefix(length).joined(separator: ".")] {
        origin = file
        break
      }
    }
    guard let document = mergedFile(origin, &documents, overlay) else { return }
    // The deepest node of the key path the file has.
    var node: PropertyListNode?
    for length in stride(from: path.count, through: 1, by: -1) {
      if let found = document.root.value(at: Array(path.prefix(length))) {
        node = found
        break
      }
    }
    guard let range = node?.elementRange else { return }
    diagnostic.file = origin
    diagnostic.range = range
    diagnostic.start = document.source.position(of: range.start)
    diagnostic.end = document.source.position(of: range.end)
  }

  /// The components of a finding's key path (`CFBundleURLTypes[0].CFBundleURLSchemes[1]`: keys and indexes).
  static func pathComponents(ofKeyPath keyPath: String) -> [PropertyListPathComponent] {
    var path: [PropertyListPathComponent] = []
    for part in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
      var key = Substring(part)
      var indexes: [Int] = []
      while key.hasSuffix("]"), let open = key.lastIndex(of: "["),
        let index = Int(key[key.index(after: open)..<key.index(before: key.endIndex)])
      {
        indexes.insert(index, at: 0)
        key = key[..<open]
      }
      path.append(.key(String(key)))
      path += indexes.map { .index($0) }
    }
    return path
  }

  /// The file `path` a merged plist is made of, read once into `documents`: the bytes a fix left in `overlay`, else
  /// the file; nil when it cannot be read as a plist.
  private func mergedFile(
    _ path: String, _ documents: inout [String: PropertyListDocument?], _ overlay: [String: [UInt8]]
  ) -> PropertyListDocument? {
    if let known = documents[path] { return known }
    // The project's sources read each file once per run (its `sharelint:` comments were looked for there).
    let bytes =
      overlay[path] ?? settings.buildFacts?.sources?.text(of: path)?.bytes
      ?? (try? RepositoryFile.read(path, limit: XMLPlistReader.maximumInputSize).get())
    let document = bytes.flatMap { try? PropertyListDocument(bytes: $0, name: path) }
    documents[path] = .some(document)
    return document
  }

  private func lint(overlay: [String: [UInt8]], lifetimes: DocumentLifetimes) -> LintJobResult {
    defer { lifetimes.finished(with: plists) }
    var result = LintJobResult(configuration: build.configuration, targetIndex: targetIndex)
    func document(_ plist: DiscoveredPlist) throws -> PropertyListDocument {
      try overlay[plist.displayPath].map { try PropertyListDocument(bytes: $0, name: plist.displayPath) }
        ?? plist.document()
    }
    func load(_ plist: DiscoveredPlist?) -> PropertyListDocument? {
      guard let plist else { return nil }
      let contents = overlay[plist.displayPath].map { PlistContents(bytes: $0) } ?? plist.contents
      result.sources.append((plist.displayPath, contents))
      do {
        let read = try document(plist)
        result.readSuppressions(in: read.source, linter: linter)
        return read
      } catch {
        let source = SourceText(name: plist.displayPath, bytes: (try? contents.bytes()) ?? [])
        result.diagnostics.append(LintSession.unreadableDiagnostic(error, source: source))
        return nil
      }
    }
    var preprocessed: PreprocessedInfoPlist?
    var info: PropertyListDocument?
    if let preprocessing = build.preprocessing, let plist = build.target.infoPlist {
      // `fix` lints its planned bytes through `overlay`; they are preprocessed like the file.
      let planned = overlay[plist.displayPath]
      result.sources.append((plist.displayPath, planned.map { PlistContents(bytes: $0) } ?? plist.contents))
      do {
        let source = SourceText(name: plist.displayPath, bytes: try planned ?? plist.bytes())
        result.readSuppressions(in: source, linter: linter)
        let output = try preprocessing.preprocessor.preprocess(source, prefixHeader: preprocessing.prefixHeader)
        preprocessed = output
        info = try PropertyListDocument(bytes: output.output, name: plist.displayPath)
      } catch let error as InfoPlistPreprocessorError {
        let source = SourceText(name: plist.displayPath, bytes: (try? plist.bytes()) ?? [])
        var diagnostic = LintSession.unreadableDiagnostic(error, source: source)
        if error.file == plist.displayPath, let offset = error.offset {
          diagnostic.relocate(ByteRange(start: offset, end: min(source.bytes.count, offset + 1)), in: source)
        }
        diagnostic.message = error.message
        result.diagnostics.append(diagnostic)
        return result
      } catch {
        var diagnostic = LintSession.unreadableDiagnostic(
          error, source: SourceText(name: plist.displayPath, bytes: preprocessed?.output ?? []))
        if let preprocessed { diagnostic.locateInSource(of: preprocessed, document: nil) }
        diagnostic.notes.append("in the Info.plist as preprocessed (INFOPLIST_PREPROCESS = YES)")
        result.diagnostics.append(diagnostic)
        return result
      }
    } else {
      info = load(build.target.infoPlist)
    }
    let entitlements = load(build.target.entitlements)
    let appInfo = build.containingApp.flatMap { try? document($0) }
    if info == nil, build.target.kind == .entitlementsOnly, let entitlements {
      // An entitlements file no Info.plist goes with: the entitlements rules that need no Info.plist still
      // apply (an empty one stands in; the rules that need its values find none and stay silent).
      let empty = try? PropertyListDocument(bytes: Array("<plist><dict/></plist>".utf8), name: "")
      if let empty {
        let lintTarget = LintTarget(infoPlist: empty, entitlements: entitlements, settings: settings)
        result.diagnostics += linter.lint(lintTarget, families: [.entitlements])
          .filter { $0.file == entitlements.source.name }
        result.linted = true
      }
      return result
    }
    guard let info else {
      // The target's other configurations still get the target rules, and their findings the project's text.
      let before = result.diagnostics.count
      runTargetRules(own: nil, into: &result, overlay: overlay)
      if result.diagnostics.count > before { addProjectSources(to: &result, overlay: overlay) }
      return result
    }
    let lintTarget = LintTarget(
      infoPlist: info, entitlements: entitlements, containingAppInfoPlist: appInfo, settings: settings)
    let linted = linter.lintNotingRelease(lintTarget, includingTargetRules: false)
    var diagnostics = linted.diagnostics
    result.assumedNewestSDKRelease = linted.assumedNewestSDKRelease
    if let preprocessed {
      for index in diagnostics.indices where diagnostics[index].file == info.source.name {
        diagnostics[index].locateInSource(of: preprocessed, document: info)
      }
    }
    result.diagnostics += diagnostics
    result.linted = true
    runTargetRules(own: lintTarget, into: &result, overlay: overlay)
    if collectsExtensionInsight { result.extensionInsight = ExtensionInsight.make(for: lintTarget) }
    addProjectSources(to: &result, overlay: overlay)
    return result
  }

  /// Asks the target rules about the job's target, with its own build (`own`, nil when its Info.plist did not read)
  /// and those of the target's other configurations, when the job is its target's first (`runsTargetRules`).
  private func runTargetRules(own: LintTarget?, into result: inout LintJobResult, overlay: [String: [UInt8]]) {
    // Loose files and built bundles are no project's target: only a project build has anything for them.
    guard runsTargetRules, linter.runsTargetRules, build.buildFacts?.project != nil else { return }
    var builds = own.map { [$0] } ?? []
    // Each build's own linter (its folder's `.sharelint.yml`) says whether a rule runs on it.
    var linters = own.map { _ in [linter] } ?? []
    for other in otherBuildsOfTarget {
      guard let build = other.buildForTargetRules(overlay: overlay) else { continue }
      builds.append(build)
      linters.append(other.linter)
    }
    let linted = linter.lintTarget(builds, linters: otherBuildsOfTarget.isEmpty ? nil : linters)
    result.diagnostics += linted.diagnostics
    if linted.assumedNewestSDKRelease { result.assumedNewestSDKRelease = true }
  }

  /// The job's build as the target rules see it, read as `lint` reads it; nil when its Info.plist does not read
  /// (the job itself reports why) or it has none.
  private func buildForTargetRules(overlay: [String: [UInt8]]) -> LintTarget? {
    guard let plist = build.target.infoPlist else { return nil }
    func document(_ plist: DiscoveredPlist) -> PropertyListDocument? {
      guard let bytes = overlay[plist.displayPath] else { return try? plist.document() }
      return try? PropertyListDocument(bytes: bytes, name: plist.displayPath)
    }
    var info: PropertyListDocument?
    if let preprocessing = build.preprocessing {
      guard let bytes = overlay[plist.displayPath] ?? (try? plist.bytes()) else { return nil }
      let source = SourceText(name: plist.displayPath, bytes: bytes)
      guard let output = try? preprocessing.preprocessor.preprocess(source, prefixHeader: preprocessing.prefixHeader)
      else { return nil }
      info = try? PropertyListDocument(bytes: output.output, name: plist.displayPath)
    } else {
      info = document(plist)
    }
    guard let info else { return nil }
    return LintTarget(
      infoPlist: info, entitlements: build.target.entitlements.flatMap(document),
      containingAppInfoPlist: build.containingApp.flatMap(document), settings: settings)
  }

  /// Adds to `result.sources` the project files its findings are about (a `project.pbxproj`, an `.xcconfig`) or
  /// that hold `sharelint:` comments, for the reporters' excerpts and the fixes' edits.
  private func addProjectSources(to result: inout LintJobResult, overlay: [String: [UInt8]]) {
    guard let sources = settings.buildFacts?.sources else { return }
    // The project files' `sharelint:` comments; a file with some is among the sources, for PL006's fix.
    for file in projectFiles where sources.mentions(SuppressionDirective.marker, inFile: file) {
      guard let text = sources.text(of: file) else { continue }
      result.readSuppressions(in: text, linter: linter)
    }
    let read = Set(result.sources.map(\.file))
    var added: Set<String> = []
    let files = result.diagnostics.map(\.file) + result.suppressions.keys.sorted()
    for file in files where !read.contains(file) && !added.contains(file) {
      // A Swift or Objective-C file a rule read is not read again.
      if let text = settings.buildFacts?.sourceCode?.readText(named: file) {
        added.insert(file)
        result.sources.append((file, PlistContents(bytes: text.bytes)))
        continue
      }
      // A `.strings` file's findings are located in its text as UTF-8 (`StringsFile` transcodes UTF-16, which Xcode's
      // templates wrote for years): the excerpt shows that text, not the raw UTF-16 bytes.
      if file.hasSuffix(".strings"),
        case .success(let bytes) = RepositoryFile.read(file, limit: StringsFile.maximumSize),
        let strings = try? StringsFile(bytes: bytes, name: file)
      {
        added.insert(file)
        result.sources.append((file, PlistContents(bytes: strings.source.bytes)))
        continue
      }
      guard let text = sources.text(of: file) else { continue }
      // An XcodeGen include a finding is about has its comments too.
      result.readSuppressions(in: text, linter: linter)
      added.insert(file)
      let contents =
        overlay[file] != nil || sources.isGenerated
        ? PlistContents(bytes: text.bytes) : PlistContents(file: file, firstRead: text.bytes)
      result.sources.append((file, contents))
    }
  }
}

/// How many jobs still need each plist's parsed tree; the last one to finish releases it, and the bytes kept from the
/// file's first read, so a run over thousands of files holds only the trees of the targets in flight, and the bytes
/// of the files not linted yet.
final class DocumentLifetimes: @unchecked Sendable {
  private let lock = NSLock()
  private var remainingUses: [String: Int] = [:]

  init(_ jobs: [LintJob?]) {
    for index in jobs.indices {
      for plist in jobs[index]?.plists ?? [] { remainingUses[plist.displayPath, default: 0] += 1 }
    }
  }

  /// Lifetimes from the uses counted already (`SharedFiles.plistUses`), when every job of the count runs.
  init(uses: [String: Int]) {
    remainingUses = uses
  }

  func finished(with plists: [DiscoveredPlist]) {
    for plist in plists {
      lock.lock()
      let remaining = (remainingUses[plist.displayPath] ?? 1) - 1
      remainingUses[plist.displayPath] = remaining
      lock.unlock()
      if remaining <= 0 { plist.releaseDocumentAndBytes() }
    }
  }
}

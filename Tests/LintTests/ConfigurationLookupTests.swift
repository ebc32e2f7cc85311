import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import Lint

/// The `.sharelint.yml` lookup stays inside the repository linted (never a file above it, such as the CI runner's
/// home), reads what it finds through the boundary, and `ignoresRepositoryConfiguration` ignores every one found.
@Suite struct ConfigurationLookupTests {
  /// Turns every rule off, as a pull request's own `.sharelint.yml` may.
  static let everythingOff = "disabled_rules: [PL, IM, EN, AR, US, XC, SC]\n"

  /// `base/` holding `repo/App/Info.plist` (a duplicate key: PL002), `repo` a git repository when `isRepository`.
  static func layout(isRepository: Bool = true) throws -> (base: String, repo: String) {
    let base = try TemporaryFolders.make("sharelint-lookup").path
    let repo = base + "/repo"
    try FileManager.default.createDirectory(atPath: repo + "/App", withIntermediateDirectories: true)
    if isRepository {
      try FileManager.default.createDirectory(atPath: repo + "/.git", withIntermediateDirectories: true)
    }
    try write(repo + "/App/Info.plist", RuleExample.document(for: """
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes2</string>
      """))
    return (base, repo)
  }

  static func write(_ path: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// The rule codes `options` finds.
  static func codes(_ options: LintSession.Options) async throws -> Set<String> {
    Set(try await LintSession.run(options).diagnostics.map(\.code))
  }

  /// A `.sharelint.yml` above the repository (`/home/runner/.sharelint.yml`) is never read.
  @Test func aFileAboveTheRepositoryIsNotRead() async throws {
    let (base, repo) = try Self.layout()
    try Self.write(base + "/.sharelint.yml", Self.everythingOff)
    #expect(try await Self.codes(.init(paths: [repo])).contains("PL002"))
    #expect(try await Self.codes(.init(paths: [repo + "/App"])).contains("PL002"))
    #expect(try await Self.codes(.init(paths: [repo + "/App/Info.plist"])).contains("PL002"))
  }

  /// Outside any repository the folder named is the top: a file above it is not read.
  @Test func outsideARepositoryTheFolderNamedIsTheTop() async throws {
    let (base, repo) = try Self.layout(isRepository: false)
    try Self.write(base + "/.sharelint.yml", Self.everythingOff)
    try Self.write(repo + "/.sharelint.yml", Self.everythingOff)
    #expect(try await Self.codes(.init(paths: [repo + "/App"])).contains("PL002"))
    #expect(try await Self.codes(.init(paths: [repo])).isEmpty)
  }

  /// The repository's own `.sharelint.yml` applies to a folder or a file named inside it alike.
  @Test func theRepositorysTopFileAppliesToWhatIsNamedInside() async throws {
    let (_, repo) = try Self.layout()
    try Self.write(repo + "/.sharelint.yml", Self.everythingOff)
    #expect(try await Self.codes(.init(paths: [repo])).isEmpty)
    #expect(try await Self.codes(.init(paths: [repo + "/App"])).isEmpty)
    #expect(try await Self.codes(.init(paths: [repo + "/App/Info.plist"])).isEmpty)
  }

  /// CI's trusted configuration: every `.sharelint.yml` in the repository is ignored; `--config` (or the defaults)
  /// applies.
  @Test func ignoringTheRepositorysFilesUsesOnlyTheTrustedOne() async throws {
    let (base, repo) = try Self.layout()
    try Self.write(repo + "/.sharelint.yml", Self.everythingOff)
    try Self.write(repo + "/App/.sharelint.yml", Self.everythingOff)
    var options = LintSession.Options(paths: [repo])
    options.ignoresRepositoryConfiguration = true
    #expect(try await Self.codes(options).contains("PL002"))
    try Self.write(base + "/trusted.yml", "severity:\n  PL002: warning\n")
    options.configurationPath = base + "/trusted.yml"
    let report = try await LintSession.run(options)
    #expect(report.diagnostics.filter { $0.code == "PL002" }.map(\.severity) == [.warning])
  }

  /// The folders the walk listed are not asked of the disk again: the cache finds the same configuration file for
  /// each folder from their names as from the disk, for a folder listed, one below it that was not, and one above.
  @Test func theWalksListingAnswersAsTheDiskWould() throws {
    let (_, repo) = try Self.layout()
    try FileManager.default.createDirectory(atPath: repo + "/Ext/Sub", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: repo + "/App/Sub", withIntermediateDirectories: true)
    try Self.write(repo + "/.sharelint.yml", "intune: false\n")
    try Self.write(repo + "/App/.sharelint.yml", Self.everythingOff)
    try Self.write(repo + "/App/Sub/.sharelint.yml", Self.everythingOff)
    let lookup = ConfigurationLookup(paths: [repo + "/App", repo + "/Ext"], ignoresRepositoryFiles: false)
    // The walks of App and Ext listed them and Ext/Sub; App/Sub was not listed.
    let listed = ListedFolders(namesByDisplayPath: [
      repo + "/App": [".sharelint.yml"], repo + "/Ext": [], repo + "/Ext/Sub": [],
    ])
    var fromListing = ConfigurationCache(fixed: nil, rules: [], lookup: lookup, listedFolders: listed)
    fromListing.lookUpConfigurationFiles(in: lookup.namedFolders)
    let fromDisk = ConfigurationCache(fixed: nil, rules: [], lookup: lookup)
    for folder in [repo + "/App", repo + "/App/Sub", repo + "/Ext", repo + "/Ext/Sub", repo] {
      var known: [String: String?] = [:]
      var knownOnDisk: [String: String?] = [:]
      #expect(
        fromListing.configurationFile(in: folder, known: &known)
          == fromDisk.configurationFile(in: folder, known: &knownOnDisk), "\(folder)")
    }
    var known: [String: String?] = [:]
    #expect(fromListing.configurationFile(in: repo + "/Ext/Sub", known: &known) == repo + "/.sharelint.yml")
    #expect(fromListing.configurationFile(in: repo + "/App/Sub", known: &known) == repo + "/App/Sub/.sharelint.yml")
    #expect(fromListing.configurationFile(in: repo + "/App", known: &known) == repo + "/App/.sharelint.yml")
  }

  /// A `.sharelint.yml` that is a link out of the repository is refused where it resolves, with a located error.
  @Test func aLinkedFileOutsideIsRefused() throws {
    let (base, repo) = try Self.layout()
    try Self.write(base + "/outside.yml", Self.everythingOff)
    try FileManager.default.createSymbolicLink(
      atPath: repo + "/.sharelint.yml", withDestinationPath: base + "/outside.yml")
    let boundary = RepositoryBoundary(roots: [repo + "/App"])
    var cache = ConfigurationCache(
      fixed: nil, rules: RuleRegistry.rules,
      lookup: ConfigurationLookup(paths: [repo + "/App"], ignoresRepositoryFiles: false, boundary: boundary))
    #expect(throws: ConfigurationError.self) { try cache.linter(forFolder: repo + "/App") }
    do {
      _ = try cache.linter(forFolder: repo + "/App")
    } catch {
      #expect(error.description == repo + "/.sharelint.yml: the configuration is outside the linted folders: not read "
        + "(--allow-outside admits a path)")
    }
  }

  /// The repository's top is added to a confined boundary for the files found there, and only it.
  @Test func theTopsWidenTheBoundaryForReading() throws {
    let (base, repo) = try Self.layout()
    let lookup = ConfigurationLookup(
      paths: [repo + "/App"], ignoresRepositoryFiles: false, boundary: RepositoryBoundary(roots: [repo + "/App"]))
    #expect(lookup.tops == [repo])
    #expect(lookup.readingBoundary.refusal(toRead: repo + "/.sharelint.yml") == nil)
    #expect(lookup.readingBoundary.refusal(toRead: base + "/.sharelint.yml")?.reason == .outsideRoots)
    #expect(lookup.outermostTop(containing: repo + "/App") == repo)
    #expect(lookup.outermostTop(containing: base) == nil)
  }
}

import Foundation
import SharelintBase
import Synchronization

/// Which `.xcconfig` files under a folder assign which settings: read once, the first time a setting needs
/// explaining, by any thread, on `SourceFolderWalker`'s walk (in path order; it skips hidden folders and those of
/// dependencies and builds), which stops after `maximumFiles` files. Files are read within a `RepositoryBoundary`.
public final class XcconfigDefinitionIndex: Sendable {
  /// The most `.xcconfig` files read.
  public static let maximumFiles = 2_000

  private let root: String
  /// The folders files may be read in.
  private let boundary: RepositoryBoundary
  private let files = Mutex<[String: [String]]?>(nil)

  /// An index of the `.xcconfig` files under `root`, not read yet, to be read within `boundary`.
  public init(root: String, boundary: RepositoryBoundary = .current) {
    self.root = root
    self.boundary = boundary
  }

  /// The files (as shown) that assign `name`, in path order.
  public func files(assigning name: String) -> [String] {
    files.withLock { index in
      if index == nil { index = Self.read(root, boundary: boundary) }
      return index?[name] ?? []
    }
  }

  private static func read(_ root: String, boundary: RepositoryBoundary) -> [String: [String]] {
    var index: [String: [String]] = [:]
    var count = 0
    let folder = root.isEmpty ? "." : root
    var walker = SourceFolderWalker()
    walker.walk(folder: folder, displayPath: folder) { entry, _ in
      if entry.isDirectory { return .enter }
      guard entry.name.hasSuffix(".xcconfig") else { return .leave }
      guard count < maximumFiles else { return .stop }
      guard
        let bytes = try? RepositoryFile.read(entry.path, limit: XcconfigReader.maximumFileSize, boundary: boundary)
          .get()
      else { return .leave }
      count += 1
      let shown = PathText.relativeToWorkingFolder(PathText.tidied(entry.path))
      var assigned: Set<String> = []
      for statement in XcconfigParser(fileName: entry.path).parse(String(decoding: bytes, as: UTF8.self)).statements {
        if case .assignment(let setting, _, _, _) = statement, assigned.insert(setting).inserted {
          index[setting, default: []].append(shown)
        }
      }
      return .leave
    }
    return index
  }
}

/// Where one target's settings in one configuration come from, and where they could have: enough to say why
/// a setting is undefined.
public struct BuildSettingProvenance: Sendable {
  /// The configuration being built.
  public var configuration: String
  /// The `.xcconfig` files each configuration of the target reads, in the target's order.
  public var xcconfigFilesByConfiguration: [(configuration: String, files: [String])]
  /// The `.xcconfig` files this configuration would read that the repository lacks.
  public var missingXcconfigFiles: [String]
  /// The `.xcconfig` files of the repository.
  public var index: XcconfigDefinitionIndex?

  /// The provenance of a build of `configuration`.
  public init(
    configuration: String, xcconfigFilesByConfiguration: [(configuration: String, files: [String])],
    missingXcconfigFiles: [String], index: XcconfigDefinitionIndex?
  ) {
    self.configuration = configuration
    self.xcconfigFilesByConfiguration = xcconfigFilesByConfiguration
    self.missingXcconfigFiles = missingXcconfigFiles
    self.index = index
  }

  /// The likeliest reason `name` is undefined in this build, in words; nil when nothing points anywhere.
  ///
  /// In order: files of the repository assign it that this configuration does not read (another configuration
  /// reads them, or none does); an `.xcconfig` this configuration would read is not in the repository (one that
  /// CocoaPods or Flutter generates only for the settings they own: `PODS_…`, `FLUTTER_…`).
  public func likeliestCause(of name: String) -> String? {
    let readHere = Set(xcconfigFilesByConfiguration.first { $0.configuration == configuration }?.files ?? [])
    let assigning = (index?.files(assigning: name) ?? []).filter { !readHere.contains($0) }
    if !assigning.isEmpty {
      let names = Self.list(assigning.prefix(3).map { PathText.lastComponent(of: $0) })
      let readers = xcconfigFilesByConfiguration.filter { entry in
        entry.configuration != configuration && entry.files.contains { assigning.contains($0) }
      }.map(\.configuration)
      if readers.isEmpty {
        return "'\(name)' is defined only in \(names), which no configuration of this target uses"
      }
      return "'\(name)' is defined only in \(names), which configuration \(Self.list(readers)) uses, not "
        + "'\(configuration)'"
    }
    let missing = missingXcconfigFiles.filter { Self.couldDefine(name, file: $0) }
    if !missing.isEmpty {
      let names = Self.list(missing.prefix(3).map { PathText.lastComponent(of: $0) })
      return "the xcconfig \(names) it would come from \(missing.count == 1 ? "is" : "are") not in the repository"
    }
    return nil
  }

  /// Whether a missing `.xcconfig` could be where `name` comes from: files that CocoaPods and Flutter generate
  /// define only their own settings.
  private static func couldDefine(_ name: String, file: String) -> Bool {
    let fileName = PathText.lastComponent(of: file)
    if file.contains("Pods/") || fileName.hasPrefix("Pods-") || fileName.hasPrefix("Pods_") {
      return name.hasPrefix("PODS_")
    }
    if fileName == "Generated.xcconfig" || file.contains("Flutter/") {
      return name.hasPrefix("FLUTTER_") || name.hasPrefix("DART_")
    }
    return true
  }

  private static func list(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " and " + last
  }
}

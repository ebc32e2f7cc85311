import Foundation
import SharelintBase

/// What a discovery walk saw of the folders it listed: for each, the names of the entries a later step looks for
/// (`isKept`: the package manifests `IntuneDependencyLookup` reads, `.git`, `.sharelint.yml`), by absolute path.
/// The steps after the walk ask it instead of the disk: on a tree of 10,000 targets, a `stat` per folder for
/// `.sharelint.yml` and a listing per folder for package manifests were most of the time before the first job.
/// Built once per run; safe to share between threads.
public final class ListedFolders: Sendable {
  /// The kept names of each folder listed, by absolute path (the working folder put before a relative one, as
  /// `IntuneDependencyLookup` and `ConfigurationCache` climb).
  private let namesByFolder: [String: [String]]

  /// No folder listed: every question goes to the disk.
  public static let none = ListedFolders()

  /// The folders of `namesByDisplayPath` (a walk's kept names by the folder's display path, `.` for the working
  /// folder), relative to `workingFolder` when not absolute.
  public init(
    namesByDisplayPath: [String: [String]] = [:],
    workingFolder: String = FileManager.default.currentDirectoryPath
  ) {
    var absolute: [String: [String]] = [:]
    absolute.reserveCapacity(namesByDisplayPath.count)
    for (folder, names) in namesByDisplayPath {
      absolute[Self.absolute(folder, workingFolder: workingFolder)] = names
    }
    namesByFolder = absolute
  }

  /// Whether a later step looks for an entry named `name` in the folders a walk lists: `IntuneDependencyLookup`'s
  /// files, or `ConfigurationCache`'s `.sharelint.yml`.
  public static func isKept(_ name: String) -> Bool {
    name == Configuration.fileName || IntuneDependencyLookup.isLookedAt(name)
  }

  /// How many folders were listed.
  public var count: Int { namesByFolder.count }

  /// The kept names of the folder at the absolute path `folder`, or nil when the walk did not list it.
  public func names(inFolder folder: String) -> [String]? {
    namesByFolder[folder]
  }

  /// `folder` as an absolute path: as it is when it starts with `/`, the working folder for `.`, else after it.
  static func absolute(_ folder: String, workingFolder: String) -> String {
    folder == "." ? workingFolder : folder.hasPrefix("/") ? folder : workingFolder + "/" + folder
  }
}

import Foundation
import SharelintBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which `.sharelint.yml` files a lint run may read, and how high above its targets it looks for them.
///
/// A target takes the nearest `.sharelint.yml` in its folder or a folder above it, but the search never leaves the
/// repository being linted: it climbs no higher than the top of the git repository holding each path named on the
/// command line (the nearest folder at or above it with a `.git` entry), or that path's own folder when it is in no
/// repository. A `.sharelint.yml` in the CI runner's home (`/home/runner/.sharelint.yml`) or in a folder above
/// the checkout is never read: it is not the repository's, and whoever can write there chooses what is checked.
/// The top of the repository, not only the folder named, is searched so that `lint App/` and `lint App/Info.plist`
/// take the same `.sharelint.yml` (the command line makes a file's repository its boundary root, and a folder's
/// own folder). A file found is read inside the run's boundary widened to those tops, so a `.sharelint.yml` that is a
/// symbolic link out of the repository is still refused.
///
/// A pull request can carry its own `.sharelint.yml` (`disabled_rules: [PL, IM, EN, AR, US, XC, SC]`): CI that
/// lints strangers' pull requests sets `ignoresRepositoryFiles` (`--ignore-repository-config`) and names a
/// trusted file with `--config`, or lints with the defaults.
struct ConfigurationLookup: Sendable {
  /// Whether no `.sharelint.yml` found in the linted folders is read (only `--config`, or the defaults).
  let ignoresRepositoryFiles: Bool
  /// The highest folders the search may reach, absolute and standardized (as `ConfigurationCache.standardizedFolder`
  /// gives folders), one per path named.
  let tops: [String]
  /// The folder of each path named (a folder itself; a file's, an `.xcodeproj`'s or an `.xcworkspace`'s folder),
  /// absolute and standardized: the searches from the targets under it climb from there to its top.
  let namedFolders: [String]
  /// The boundary the files found are read in: the run's, with the tops added to its roots when it is confined.
  let readingBoundary: RepositoryBoundary

  /// The lookup for a run over `paths` (as given on the command line) inside `boundary`.
  init(paths: [String], ignoresRepositoryFiles: Bool, boundary: RepositoryBoundary = .current) {
    self.ignoresRepositoryFiles = ignoresRepositoryFiles
    var tops: [String] = []
    var namedFolders: [String] = []
    if !ignoresRepositoryFiles {
      for path in paths where path != "-" {
        let folder = Self.folder(ofNamedPath: path)
        let top = RepositoryBoundary.repositoryRoot(above: folder) ?? folder
        if !tops.contains(top) { tops.append(top) }
        if !namedFolders.contains(folder) { namedFolders.append(folder) }
      }
    }
    self.tops = tops
    self.namedFolders = namedFolders
    readingBoundary =
      boundary.isConfined
      ? RepositoryBoundary(roots: boundary.roots + tops, allowedOutside: boundary.allowedOutside) : boundary
  }

  /// The highest folder the search may reach above the targets under `path`: the top of its git repository, else
  /// the folder it names (or its folder, for a file, an `.xcodeproj` or an `.xcworkspace`).
  static func top(forNamedPath path: String) -> String {
    let folder = folder(ofNamedPath: path)
    return RepositoryBoundary.repositoryRoot(above: folder) ?? folder
  }

  /// The folder `path` names (a folder itself; a file's, an `.xcodeproj`'s or an `.xcworkspace`'s folder), absolute
  /// and standardized.
  static func folder(ofNamedPath path: String) -> String {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    let name = PathText.lastComponent(of: trimmed)
    let isFolder = Self.isFolder(trimmed) && !name.hasSuffix(".xcodeproj") && !name.hasSuffix(".xcworkspace")
    // A folder is standardized as the folder of a file inside it would be.
    return ConfigurationCache.standardizedFolder(of: isFolder ? PathText.joined(trimmed, "x") : trimmed)
  }

  /// The outermost top that is `folder` or holds it, nil when none does (a target outside every path named, which
  /// takes no `.sharelint.yml`).
  func outermostTop(containing folder: String) -> String? {
    var outermost: String?
    for top in tops where RepositoryBoundary.isInside(folder, top) {
      if outermost == nil || top.utf8.count < outermost!.utf8.count { outermost = top }
    }
    return outermost
  }

  private static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }
}

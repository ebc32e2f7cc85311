import ArgumentParser
import SharelintBase

/// `--allow-outside`, and the repository boundary every command that reads a repository installs before it reads
/// anything (`RepositoryBoundary`): the paths named on the command line are the roots.
struct BoundaryOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp(
    "Also read and write this file or folder when the repository names it from outside the linted folders "
      + "(repeatable).",
    discussion: """
      A path that a project, xcconfig, Info.plist or spec names (or a symbolic link leads to) is read only when \
      it resolves inside the folders given on the command line (for a file, .xcodeproj or .xcworkspace: its \
      repository, the nearest folder above holding .git); anything else is a note and is neither read, printed \
      nor written. --allow-outside admits a shared xcconfig one level up, say. Files inside .git and the \
      system's /proc, /sys and /dev are never read, whatever is allowed. See docs/security.md.
      """,
    valueName: "path"))
  var allowOutside: [String] = []

  /// Installs the boundary around `paths` (the command line's, with `extraRoots`: files it names itself, such as
  /// `--xcconfig` and `--config` files, whose own includes stay inside their folders).
  func install(paths: [String], extraRoots: [String] = []) {
    RepositoryBoundary.install(
      .forCommandLine(paths: paths + extraRoots, allowedOutside: allowOutside))
  }
}

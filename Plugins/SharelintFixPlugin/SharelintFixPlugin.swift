import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory sharelint-fix [OPTIONS…] [PATH…]`: runs `sharelint fix`
/// in the package's folder.
///
/// The only verb that writes, so the only one declaring `.writeToPackageDirectory`: SwiftPM asks before it runs
/// (or refuses, without a terminal, unless `--allow-writing-to-package-directory` is given) and, on macOS, lets the
/// sandboxed plugin write only inside the package. `--check` and `--diff` write nothing but still pass through here.
/// Exit status as `sharelint fix`'s: 0 becomes success, any other a thrown error naming it.
@main
struct SharelintFixPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try runSharelintFix(
      tool: try context.tool(named: "sharelint").url, folder: context.package.directoryURL, arguments: arguments)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension SharelintFixPlugin: XcodeCommandPlugin {
    /// Xcode › the project's context menu › sharelint-fix: fixes what is safe to fix in the project's folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      try runSharelintFix(
        tool: try context.tool(named: "sharelint").url, folder: context.xcodeProject.directoryURL,
        arguments: arguments)
    }
  }
#endif

/// Runs `sharelint fix ARGUMENTS` in `folder` (a leading `fix` is accepted and dropped), its output passed through.
func runSharelintFix(tool: URL, folder: URL, arguments: [String]) throws {
  let process = Process()
  process.executableURL = tool
  process.arguments = ["fix"] + (arguments.first == "fix" ? Array(arguments.dropFirst()) : arguments)
  process.currentDirectoryURL = folder
  try process.run()
  process.waitUntilExit()
  guard process.terminationReason == .exit else {
    throw SharelintFixFailure(reason: "was killed by signal \(process.terminationStatus)")
  }
  switch process.terminationStatus {
  case 0: return
  case 1: throw SharelintFixFailure(reason: "exited 1: errors remain, or with --check a fix would change a file")
  case let status: throw SharelintFixFailure(reason: "exited \(status): usage error or unusable input (above)")
  }
}

/// Why `sharelint fix` failed; SwiftPM prints the description and exits 1.
struct SharelintFixFailure: Error, CustomStringConvertible {
  /// How sharelint ended, as a phrase after "sharelint fix".
  let reason: String

  var description: String { "sharelint fix \(reason)" }
}

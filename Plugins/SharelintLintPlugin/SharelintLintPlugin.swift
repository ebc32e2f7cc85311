import Foundation
import PackagePlugin

/// `swift package sharelint [lint] [OPTIONS…] [PATH…]`: runs `sharelint lint` in the package's folder.
///
/// The arguments go to `sharelint lint` unchanged; with no PATH it lints the package's folder (its current folder).
/// This verb only reads, so it asks for no permission: `fix` writes and is its own verb, `sharelint-fix`, which
/// declares `.writeToPackageDirectory` (swift-format's split of lint-source-code and format-source-code).
/// SwiftPM cannot pass an exit status through a plugin: a status other than 0 becomes a thrown error (and
/// `swift package` exits 1), whose message says which status sharelint gave.
@main
struct SharelintLintPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try SharelintLintRun(
      tool: try context.tool(named: "sharelint").url, folder: context.package.directoryURL, arguments: arguments
    ).run()
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension SharelintLintPlugin: XcodeCommandPlugin {
    /// Xcode › File › Packages (or the project's context menu) › sharelint: lints the project's folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      try SharelintLintRun(
        tool: try context.tool(named: "sharelint").url, folder: context.xcodeProject.directoryURL,
        arguments: arguments
      ).run()
    }
  }
#endif

/// One `sharelint lint` run in a folder, its output passed through.
struct SharelintLintRun {
  /// The `sharelint` executable SwiftPM built (or took from an artifact bundle) for the plugin.
  let tool: URL
  /// The folder sharelint runs in: the package's (or Xcode project's), linted when no path is named.
  let folder: URL
  /// What followed the verb on the command line.
  let arguments: [String]

  /// Runs `sharelint lint ARGUMENTS` in `folder`; throws when it exits with a status other than 0.
  func run() throws {
    var forwarded = arguments
    switch forwarded.first {
    case "lint": forwarded.removeFirst()
    case "fix": throw SharelintPluginFailure.fixNeedsItsOwnVerb
    default: break
    }
    let process = Process()
    process.executableURL = tool
    process.arguments = ["lint"] + forwarded
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit else {
      throw SharelintPluginFailure.killed(signal: process.terminationStatus)
    }
    switch process.terminationStatus {
    case 0: return
    case 1: throw SharelintPluginFailure.findings
    case let status: throw SharelintPluginFailure.unusableInput(status: status)
    }
  }
}

/// Why the `sharelint` verb failed; SwiftPM prints the description and exits 1.
enum SharelintPluginFailure: Error, CustomStringConvertible {
  /// `swift package sharelint fix`: fixing needs the write permission only `sharelint-fix` declares.
  case fixNeedsItsOwnVerb
  /// sharelint exited 1: error findings (or warnings under --strict).
  case findings
  /// sharelint exited 2 (or another status): a usage error or unusable input, explained on standard error.
  case unusableInput(status: Int32)
  /// sharelint was killed by a signal.
  case killed(signal: Int32)

  var description: String {
    switch self {
    case .fixNeedsItsOwnVerb:
      "the sharelint verb only lints: run `swift package --allow-writing-to-package-directory sharelint-fix`"
    case .findings: "sharelint lint exited 1: error findings (above)"
    case .unusableInput(let status): "sharelint lint exited \(status): usage error or unusable input (above)"
    case .killed(let signal): "sharelint lint was killed by signal \(signal)"
    }
  }
}

import ArgumentParser
import PropertyList
import XcodeModel

/// `sharelint targets`: the app and extension targets of the Xcode projects under some paths.
struct TargetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "targets",
    abstract: "List the app and extension targets of Xcode projects: bundle identifiers, Info.plists, build facts.",
    discussion: """
      Finds *.xcworkspace and *.xcodeproj under the given paths (default: the current folder; Pods, \
      node_modules, .build, DerivedData, Carthage and hidden folders are skipped) and prints each app \
      and extension target with its project, product type and every app that embeds it, what it \
      builds with (linked frameworks and libraries with their versions, Swift package products, the \
      pods of its Podfile block, Carthage dependencies, embedded frameworks and whether they are \
      signed, Run Script phases, resources), and per configuration its bundle identifier, Info.plist \
      (a file, generated, or none), entitlements and OTHER_LDFLAGS libraries as an iOS device build \
      sees them (sdk iphoneos, arch arm64), with where each value was set. Other product types are \
      left out.

      Formats: text, json (sorted keys; see docs/json-output.md).

      Exit status: 0 every project was read; 2 a path is missing or a project, workspace or \
      .xcconfig is malformed (one line per problem on standard error; the other projects are still listed).
      """
  )

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Argument(help: "Folders, .xcodeproj or .xcworkspace paths.")
  var paths: [String] = []

  @Option(help: "text or json.")
  var format: Format = .text

  func run() throws {
    let report = XcodeTargetsReport(paths: paths.isEmpty ? ["."] : paths)
    switch format {
    case .text: StandardStreams.writeOutput(report.text())
    case .json: StandardStreams.writeOutput(report.json())
    }
    for error in report.errors { StandardStreams.writeError("sharelint: \(error)\n") }
    if report.hasErrors { throw ExitCode(CommandLineExit.unusable) }
  }
}

import ArgumentParser
import Lint

/// `sharelint targets`: the targets `lint` would lint under some paths, as it plans them.
struct TargetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "targets",
    abstract:
      "List the targets lint finds: Xcode projects' app and extension targets (bundle identifiers, Info.plists, "
      + "build facts), loose plists, .app bundles and .ipa archives.",
    discussion: """
      Plans the paths as `sharelint lint` does (default: the current folder; Pods, node_modules, .build, \
      DerivedData, Carthage and hidden folders are skipped), so the two commands agree on what a target is.

      Each app and extension target of the Xcode projects (*.xcworkspace, *.xcodeproj, XcodeGen project.yml) is \
      printed with its project, product type and every app that embeds it, what it builds with (linked \
      frameworks and libraries with their versions, Swift package products, the pods of its Podfile block, \
      Carthage dependencies, embedded frameworks and whether they are signed, Run Script phases, resources), and \
      per configuration its bundle identifier, Info.plist (a file, generated, or none), entitlements and \
      OTHER_LDFLAGS libraries as an iOS device build sees them (sdk iphoneos, arch arm64), with where each value \
      was set; a target lint leaves out (another platform than iOS, no Info.plist) says so. Other product types \
      are left out.

      Then each target made of files no project claims: an app or extension Info.plist with its paired \
      entitlements and the containing app it was tied to (and how), an entitlements file alone, and for .app \
      bundles and .ipa archives the bundle and the frameworks it carries. Then the notes lint prints (targets for \
      other platforms, plists no target builds, generated projects), those that say the same thing in one line.

      Formats: text, json (sorted keys; see docs/json-output.md).

      Exit status: 0 every input was read; 2 a path is missing, or a project, workspace, archive or file \
      could not be used (one line per problem on standard error; the rest is still listed).
      """
  )

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Argument(help: """
    Folders, .xcodeproj, .xcworkspace, project.yml, Info.plist, .entitlements, .app or .ipa paths; '-' reads one \
    Info.plist from standard input.
    """)
  var paths: [String] = []

  @Option(help: "text or json.")
  var format: Format = .text

  @OptionGroup var boundary: BoundaryOptions

  func run() throws {
    boundary.install(paths: paths.isEmpty ? ["."] : paths)
    let report: TargetsReport
    do {
      let standardInput = paths.contains("-") ? try StandardStreams.readStandardInput() : nil
      report = try TargetsReport.make(paths: paths.isEmpty ? ["."] : paths, standardInput: standardInput)
    } catch let error as LintSession.InputError {
      throw InputError(error.description)
    }
    switch format {
    case .text: StandardStreams.writeOutput(report.text())
    case .json: StandardStreams.writeOutput(report.json())
    }
    for problem in report.problems { StandardStreams.writeError("sharelint: \(problem)\n") }
    if !report.problems.isEmpty { throw ExitCode(CommandLineExit.unusable) }
  }
}

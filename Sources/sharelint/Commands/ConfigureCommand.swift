import ActivationRules
import ArgumentParser
import Lint
import SharelintBase

/// `sharelint configure`: a drop-in for `IntuneMAMConfigurator -i -e -o`.
struct ConfigureCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "configure",
    abstract: "Do what IntuneMAMConfigurator does to an Info.plist, on Linux, without its bugs.",
    discussion: """
      Takes IntuneMAMConfigurator's flags (single dash) and its in-place default, and applies — as \
      the fixes of the lint rules that check the same things — everything the current configurator \
      does: AppGroupIdentifiers from the entitlements' app groups, legacy nib keys moved out of \
      IntuneMAMSettings, the MSAL redirect scheme and -intunemam twins in CFBundleURLTypes, \
      LSApplicationQueriesSchemes twins and required entries (original order kept; past the limit \
      the twins of known managed apps go first, then a warning names what iOS will ignore), stray \
      -intunemam entries removed from extensions, the Intune types added to activation rules \
      (dictionary rules converted first), and Intune UTIs removed from document types.

      Beyond the vendor tool: --check, --diff, --format json, --sdk-version 27 (25 entries), \
      --entitlements (adds the keychain groups to the -e file), -D/--xcconfig for $(VAR) references. Writes are \
      atomic and byte-exact; a second run changes nothing. A missing file, a malformed plist or an \
      unresolvable redirect URI is one line on standard error, exit status 2, and nothing is written.

      In an Xcode build phase, after the Info.plist is processed:
        sharelint configure -e "$CODE_SIGN_ENTITLEMENTS" \\
          -i "$TARGET_BUILD_DIR/$INFOPLIST_PATH"
      From a checkout, letting the project say which files and which $(VAR) values:
        sharelint configure --project App.xcodeproj --target App \\
          --configuration Release

      --project takes an .xcodeproj, an XcodeGen project.yml, a Tuist Project.swift or a .NET \
      project (App.csproj); --target may be left out when the project has one iOS app target (a \
      MAUI app's Mac Catalyst build is the target 'App (Mac Catalyst)'). When the build makes the \
      Info.plist from more than the file (a .NET app's PartialAppManifest items, XcodeGen's info: \
      properties:), each change is written where the build takes that value from: the partial \
      manifest that sets the key, else the Info.plist (or project.yml); a value the build assembles \
      from several files is not changed, and the summary says what to write where. An Intune NuGet \
      package already runs the configurator at build time: configure says so and still writes.
      """
  )

  @Option(name: .customShort("i"), help: ArgumentHelp("The Info.plist.", valueName: "info-plist"))
  var infoPlist: String?

  @Option(name: .customShort("e"), help: ArgumentHelp("The entitlements file (read for its app groups).", valueName: "entitlements"))
  var entitlements: String?

  @Option(name: .customShort("o"), help: ArgumentHelp("Where to write the result (default: the Info.plist, in place).", valueName: "output"))
  var output: String?

  @Option(name: .customLong("generateOpenInIcons", withSingleDash: true), help: ArgumentHelp(
    "Not supported: exits 2 (IntuneMAMConfigurator renders icons with CoreImage).", valueName: "app"))
  var generateOpenInIcons: String?

  @Option(help: "canonical (the dictionary rule's real meaning) or configurator (the vendor's looser shape).")
  var shape: ConversionShape = .canonical

  @Flag(
    name: [.customLong("entitlements"), .customLong("add-keychain-groups")],
    help: "Also add the Intune keychain groups to the entitlements file given with -e (opt-in).")
  var addKeychainGroups = false

  @Flag(help: "Write nothing; exit 1 when something would change.")
  var check = false

  @Flag(help: "Write nothing; print the changes as a unified diff.")
  var diff = false

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

  @Option(help: "The summary: text or json.")
  var format: Format = .text

  @Option(name: .customShort("D"), help: ArgumentHelp("A build setting, NAME=VALUE (repeatable).", valueName: "name=value"))
  var definitions: [String] = []

  @Option(help: ArgumentHelp("An .xcconfig file (repeatable).", valueName: "file"))
  var xcconfig: [String] = []

  @Option(help: ArgumentHelp("The iOS SDK version linked against (27 or later: 25 query schemes).", valueName: "n"))
  var sdkVersion: Int?

  @Option(help: ArgumentHelp(
    "An .xcodeproj, project.yml, Project.swift or .csproj: take -i and -e from --target's INFOPLIST_FILE and "
      + "CODE_SIGN_ENTITLEMENTS, and $(VAR) values from its build settings.", valueName: "path"))
  var project: String?

  @Option(help: ArgumentHelp(
    "With --project: the target to configure (default: the project's only iOS app target).", valueName: "name"))
  var target: String?

  @Option(help: ArgumentHelp(
    "With --project: the configuration whose settings apply (default: the project's default).", valueName: "name"))
  var configuration: String?

  @OptionGroup var boundary: BoundaryOptions

  func validate() throws {
    if [infoPlist, entitlements, output].contains("-") {
      throw ValidationError(
        "configure reads and writes files, not standard input ('sharelint fix -' fixes a plist from standard input)")
    }
    if project != nil || target != nil || configuration != nil {
      guard project != nil else { throw ValidationError("--target and --configuration go with --project") }
      guard infoPlist == nil else { throw ValidationError("--project finds the Info.plist itself; leave out -i") }
      return
    }
    guard infoPlist != nil || generateOpenInIcons != nil else { throw ValidationError("missing -i INFO_PLIST") }
    if addKeychainGroups && entitlements == nil { throw ValidationError("--entitlements needs -e ENTITLEMENTS") }
  }

  func run() async throws {
    if generateOpenInIcons != nil {
      throw InputError("-generateOpenInIcons is not supported (IntuneMAMConfigurator renders the icons with CoreImage)")
    }
    // The files named here are the roots; with --project, its repository (what it names must stay inside).
    boundary.install(paths: [project, infoPlist, entitlements, output].compactMap { $0 } + xcconfig)
    var options = Configurator.Options(
      infoPlist: infoPlist ?? "", entitlements: entitlements, output: output, definitions: definitions,
      xcconfigFiles: xcconfig, sdkVersion: sdkVersion, shape: shape, addKeychainGroups: addKeychainGroups)
    if let project {
      var projectEntitlements: String?
      do {
        let found = try Configurator.projectTarget(project: project, target: target, configuration: configuration)
        options.infoPlist = found.infoPlist
        options.entitlements = entitlements ?? found.entitlements
        projectEntitlements = found.entitlements
        options.projectSettings = found.settings
        options.projectBuild = found.build
        if let note = found.buildTimeConfiguratorNote { StandardStreams.writeError(note + "\n") }
      } catch {
        throw InputError(error.description)
      }
      if options.projectBuild != nil, let given = entitlements,
        projectEntitlements.map({ FileIdentity.of($0) != FileIdentity.of(given) }) ?? true
      {
        // Linted as built, the target's entitlements are the project's.
        throw InputError(
          "\(given): -e cannot replace the entitlements \(project) signs with when the build makes the Info.plist "
            + "from several files")
      }
    }
    let result: Configurator.Result
    do {
      result = try await Configurator.run(options)
    } catch {
      throw InputError(error.description)
    }
    if diff { StandardStreams.writeOutput(FixSession.diff(result.outcome)) }
    if !check && !diff {
      do {
        try Configurator.write(result)
      } catch {
        throw InputError(error.description)
      }
    }
    if format == .json {
      StandardStreams.writeOutput(result.json.serialized(pretty: true) + "\n")
    } else if !diff {
      StandardStreams.writeOutput(PrintableText.lines(result.text))
    }
    if check && result.changes { throw ExitCode(CommandLineExit.answerIsNo) }
  }
}

import Foundation
import SharelintBase
import XcodeModel

/// XC014: a Run Script phase runs IntuneMAMConfigurator (or `sharelint configure`) on files the target does not
/// build with, or without `-e`.
struct ConfiguratorPhaseWrongFilesRule: TargetRule {
  static let description = RuleDescription(
    identifier: "configurator-phase-wrong-files",
    family: .xcodeProject, number: 14,
    summary: "a Run Script phase runs IntuneMAMConfigurator on another target's Info.plist or entitlements, or "
      + "without -e",
    whatItDoes: """
      For each Run Script phase of a target that runs `IntuneMAMConfigurator` (or `sharelint configure`, which \
      takes the same flags), reads the `-i`, `-e` and `-o` arguments, expands `$VAR`, `${VAR}` with the target's \
      build settings in the configuration, and compares them with the files the target builds with: `-i` must be \
      its `INFOPLIST_FILE` (or the built `${TARGET_BUILD_DIR}/${INFOPLIST_PATH}`), `-e` its \
      `CODE_SIGN_ENTITLEMENTS`, and `-o`, when given, one of those Info.plists. A phase that passes no `-e` is \
      reported too. Arguments that do not expand (a build folder, a variable the script sets) are not compared. A \
      target with no such phase is not reported: the guides ask to rerun the tool whenever the Info.plist, the \
      entitlements or the SDK change, not to run it in every build, and what it writes is checked in the plists \
      themselves (the US, IM, AR and EN rules, and `sharelint configure --check`).
      """,
    whyItMatters: """
      The "stage 3" and 2020 guides, build step 7: "Use the IntuneMAMConfigurator tool … to complete the \
      configuration of your app's Info.plist. The tool has three parameters: -i <Path to the input plist>, \
      -e <Path to the entitlements file>, -o (Optional) <Path to the output plist> … The tool is idempotent, and \
      should be rerun whenever changes to the app's Info.plist or entitlements have been made." A phase copied \
      from the app into an extension (or written with another target's path) configures the wrong file every \
      build: the target's own Info.plist never gets its query schemes, twins and app groups, and the other one is \
      rewritten with values for the wrong entitlements. Without `-e` the tool prints its usage and exits 255 \
      (issue #26 shows the failing build); an `-o` no target reads leaves the real Info.plist unchanged.
      """,
    useInstead: """
      `"${SRCROOT}/IntuneMAMConfigurator" -i "${SRCROOT}/${INFOPLIST_FILE}" \
      -e "${SRCROOT}/${CODE_SIGN_ENTITLEMENTS}"` in each target's own phase (or `sharelint configure --check \
      -i … -e …` in CI), so the paths follow the target and its configuration.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            settings: ["CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"],
            frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder,
            scripts: [ConfiguratorPhaseWrongFilesRule.appScript]),
          .init("Share", isExtension: true, settings: ["CODE_SIGN_ENTITLEMENTS": "Share/Share.entitlements"],
                frameworks: [
                  .init("Frameworks/IntuneMAMSwift.xcframework"), .init("Frameworks/IntuneMAMSwiftStub.xcframework"),
                ],
                scripts: [
                  ConfiguratorPhaseWrongFilesRule.appScript,
                  "\"${SRCROOT}/IntuneMAMConfigurator\" -i \"${SRCROOT}/${INFOPLIST_FILE}\"",
                ]).markingScripts([0, 1]),
        ]),
        entitlements: ExampleFiles.intuneEntitlements,
        files: [
          "Share/Info.plist": ExampleFiles.intuneShareExtensionInfoPlist,
          "Share/Share.entitlements": ExampleFiles.intuneEntitlements,
        ],
        messages: [
          "a Run Script phase of 'Share' runs IntuneMAMConfigurator -i '${SRCROOT}/App/Info.plist', not the "
            + "Info.plist 'Share' builds from ('Share/Info.plist')",
          "a Run Script phase of 'Share' runs IntuneMAMConfigurator without -e; the tool stops with its usage text "
            + "(exit status 255)",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            settings: ["CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"],
            frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder,
            scripts:[
            "\"${SRCROOT}/IntuneMAMConfigurator\" -i \"${SRCROOT}/${INFOPLIST_FILE}\" "
              + "-e \"${SRCROOT}/${CODE_SIGN_ENTITLEMENTS}\"",
            "sharelint configure --check -i \"$INFOPLIST_FILE\" -e \"$CODE_SIGN_ENTITLEMENTS\"",
          ]),
        ]),
        entitlements: ExampleFiles.intuneEntitlements),
    ],
    guideSteps: [16]
  )

  /// The examples' app phase: the configurator on the app's own files.
  static let appScript = "\"${SRCROOT}/IntuneMAMConfigurator\" -i \"${SRCROOT}/App/Info.plist\" "
    + "-e \"${SRCROOT}/App/App.entitlements\""

  /// One run of the tool in a script: its arguments as written.
  struct Invocation {
    var tool: String
    var input: String?
    var entitlements: String?
    var output: String?
  }

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    for phase in view.build.scriptPhases {
      guard let script = phase.shellScript?.script,
        script.contains("IntuneMAMConfigurator") || script.contains("sharelint")
      else { continue }
      let invocations = Self.invocations(in: script)
      guard !invocations.isEmpty else { continue }
      // One phase may configure several targets' files (an app's phase configuring its extensions too): only a phase
      // none of whose runs names the target's own Info.plist is reported for `-i`.
      let ownRuns = invocations.filter { $0.input.map { isOwnInfoPlist($0, view) } ?? false }
      var messages: [String] = []
      let place = "a Run Script phase of '\(view.targetName)'"
      if ownRuns.isEmpty, let first = invocations.first {
        if let input = first.input {
          if let own = view.decidingDefinition(of: "INFOPLIST_FILE")?.value, expanded(input, view) != nil {
            messages.append("\(place) runs \(first.tool) -i '\(input)', not the Info.plist '\(view.targetName)' "
              + "builds from ('\(own)')")
          }
        } else {
          messages.append("\(place) runs \(first.tool) without -i; it configures no Info.plist")
        }
      }
      for run in ownRuns {
        if let entitlements = run.entitlements {
          if let own = view.configuration.entitlementsPath?.xcodeValue, let path = expanded(entitlements, view),
            !Self.samePath(path, own)
          {
            let written = view.decidingDefinition(of: "CODE_SIGN_ENTITLEMENTS")?.value ?? own
            messages.append("\(place) runs \(run.tool) -e '\(entitlements)', not the entitlements "
              + "'\(view.targetName)' signs with ('\(written)')")
          }
        } else if run.tool == "IntuneMAMConfigurator" {
          messages.append("\(place) runs IntuneMAMConfigurator without -e; the tool stops with its usage text "
            + "(exit status 255)")
        }
        if let output = run.output, !isOwnInfoPlist(output, view), expanded(output, view) != nil {
          messages.append("\(place) runs \(run.tool) -o '\(output)', which '\(view.targetName)' does not build "
            + "from; its own Info.plist stays unconfigured")
        }
      }
      for message in messages {
        view.report(
          message, at: view.sources.phaseSite(phase) ?? view.targetSite,
          keyPath: "\(view.targetName) › \(phase.displayName)", into: &findings)
      }
    }
  }

  /// Whether the argument `written` names the Info.plist the target builds from, or the one it builds.
  private func isOwnInfoPlist(_ written: String, _ view: ProjectTargetView) -> Bool {
    if written.hasSuffix("INFOPLIST_PATH}") || written.hasSuffix("$INFOPLIST_PATH") { return true }
    guard let own = view.configuration.infoPlistPath?.xcodeValue, let path = expanded(written, view) else {
      return false
    }
    return Self.samePath(path, own)
  }

  /// `written` with `$VAR` and `${VAR}` expanded by the target's settings, made a path from the working folder (a
  /// relative path is relative to the project's folder, where Xcode runs scripts); nil when a variable is unknown.
  private func expanded(_ written: String, _ view: ProjectTargetView) -> String? {
    var text = ""
    var index = written.startIndex
    while index < written.endIndex {
      let character = written[index]
      guard character == "$" else {
        text.append(character)
        index = written.index(after: index)
        continue
      }
      var rest = written[written.index(after: index)...]
      var name: Substring
      if rest.first == "{" {
        rest = rest.dropFirst()
        guard let close = rest.firstIndex(of: "}") else { return nil }
        name = rest[..<close]
        index = written.index(after: close)
      } else {
        name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        index = name.endIndex
      }
      guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
        view.configuration.settings.definitions(of: String(name)).last != nil,
        let value = view.configuration.settings.resolve("$(\(name))").resolvedText
      else { return nil }
      text += value
    }
    guard !text.isEmpty else { return nil }
    let projectFolder = PathText.removingLastComponent(of: view.sources.model.path)
    let absolute = text.hasPrefix("/")
      ? text : PathText.joined(FileManager.default.currentDirectoryPath, PathText.joined(projectFolder, text))
    return PathText.relativeToWorkingFolder(PathText.tidied(absolute))
  }

  /// Whether two paths from the working folder name the same file on a Mac's disk (case ignored).
  static func samePath(_ first: String, _ second: String) -> Bool {
    func absolute(_ path: String) -> String {
      PathText.tidied(path.hasPrefix("/") ? path : PathText.joined(FileManager.default.currentDirectoryPath, path))
        .lowercased()
    }
    return absolute(first) == absolute(second)
  }

  /// The runs of IntuneMAMConfigurator and `sharelint configure` in `script`: a line's word naming the tool, then
  /// its flags up to the end of the command. A line that names the tool without any of its flags (a variable set
  /// to its path) is no run.
  static func invocations(in script: String) -> [Invocation] {
    var invocations: [Invocation] = []
    let joined = script.replacingOccurrences(of: "\\\n", with: " ")
    for line in joined.split(separator: "\n").prefix(10_000) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      guard !trimmed.hasPrefix("#"), trimmed.contains("IntuneMAMConfigurator") || trimmed.contains("sharelint")
      else { continue }
      let words = XcodeLinkerFlag.shellWords(String(trimmed), limit: 1_000)
      var index = 0
      while index < words.count {
        let word = words[index]
        let last = word.split(separator: "/").last.map(String.init) ?? word
        var tool: String?
        if last == "IntuneMAMConfigurator" {
          tool = "IntuneMAMConfigurator"
        } else if last == "sharelint", index + 1 < words.count, words[index + 1] == "configure" {
          tool = "sharelint configure"
          index += 1
        }
        index += 1
        guard let tool else { continue }
        var run = Invocation(tool: tool)
        var sawFlag = false
        while index < words.count, ![";", "&&", "||", "|"].contains(words[index]) {
          let flag = words[index]
          let value = index + 1 < words.count ? words[index + 1] : nil
          switch flag {
          case "-i": run.input = value
          case "-e": run.entitlements = value
          case "-o": run.output = value
          default:
            index += 1
            continue
          }
          sawFlag = true
          index += 2
        }
        if sawFlag { invocations.append(run) }
      }
    }
    return invocations
  }
}

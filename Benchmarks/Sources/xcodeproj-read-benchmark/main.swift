import BenchmarkSupport
import Foundation
import XcodeModel

// Reading speed of Xcode projects, release build. Usage:
//   xcodeproj-read-benchmark [TARGETS…]   (default: 1000 10000)
// For each count, generates a project.pbxproj with one app embedding TARGETS - 1 app extensions (each with two
// configurations, five build settings and a conditional one, a product reference and a build file, as Xcode
// writes them), then times three steps, best and median of 5 rounds after an untimed one: the OpenStep parse
// alone, `XcodeProject(path:pbxprojBytes:)` (parse + model + containment), and that plus every target's
// configurations with their build settings resolved. Linear growth shows as a constant µs per target.

/// The text of a project with `targets` targets.
func generatedProject(targets: Int) -> String {
  func id(_ kind: Int, _ index: Int) -> String {
    let digits = String(index, radix: 16, uppercase: true)
    return "0\(kind)" + String(repeating: "0", count: 22 - digits.count) + digits
  }
  var objects = ""
  var targetIDs: [String] = []
  var buildFiles: [String] = []
  for index in 0..<targets {
    let isApp = index == 0
    let name = isApp ? "App" : "Extension\(index)"
    let wrapper = isApp ? "application" : "app-extension"
    let suffix = isApp ? "app" : "appex"
    targetIDs.append("\t\t\t\t\(id(1, index)) /* \(name) */,")
    var configurations = ""
    for (offset, configuration) in ["Debug", "Release"].enumerated() {
      configurations += """
        \t\t\(id(4 + offset, index)) /* \(configuration) */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tCODE_SIGN_ENTITLEMENTS = "\(name)/\(name).entitlements";
        \t\t\t\t"CODE_SIGN_IDENTITY[sdk=iphoneos*]" = "iPhone Developer";
        \t\t\t\tINFOPLIST_FILE = "\(name)/Info.plist";
        \t\t\t\tLD_RUNPATH_SEARCH_PATHS = (
        \t\t\t\t\t"$(inherited)",
        \t\t\t\t\t"@executable_path/Frameworks",
        \t\t\t\t);
        \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.example.app\(isApp ? "" : ".$(PRODUCT_NAME:rfc1034identifier)")";
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \t\t\t};
        \t\t\tname = \(configuration);
        \t\t};

        """
    }
    objects += """
      \t\t\(id(1, index)) /* \(name) */ = {
      \t\t\tisa = PBXNativeTarget;
      \t\t\tbuildConfigurationList = \(id(2, index)) /* Build configuration list for PBXNativeTarget "\(name)" */;
      \t\t\tbuildPhases = (
      \(isApp ? "\t\t\t\t\(id(9, 0)) /* Embed Foundation Extensions */," : "")
      \t\t\t);
      \t\t\tbuildRules = (
      \t\t\t);
      \t\t\tdependencies = (
      \t\t\t);
      \t\t\tname = \(name);
      \t\t\tproductName = \(name);
      \t\t\tproductReference = \(id(3, index)) /* \(name).\(isApp ? "app" : "appex") */;
      \t\t\tproductType = "com.apple.product-type.\(isApp ? "application" : "app-extension")";
      \t\t};
      \t\t\(id(2, index)) /* Build configuration list for PBXNativeTarget "\(name)" */ = {
      \t\t\tisa = XCConfigurationList;
      \t\t\tbuildConfigurations = (
      \t\t\t\t\(id(4, index)) /* Debug */,
      \t\t\t\t\(id(5, index)) /* Release */,
      \t\t\t);
      \t\t\tdefaultConfigurationIsVisible = 0;
      \t\t\tdefaultConfigurationName = Release;
      \t\t};
      \(configurations)\t\t\(id(3, index)) /* \(name) */ = {isa = PBXFileReference; explicitFileType = \
      "wrapper.\(wrapper)"; includeInIndex = 0; path = \(name).\(suffix); sourceTree = BUILT_PRODUCTS_DIR; };

      """
    if !isApp {
      buildFiles.append("\t\t\t\t\(id(6, index)) /* \(name).appex in Embed Foundation Extensions */,")
      objects += "\t\t\(id(6, index)) /* \(name).appex */ = {isa = PBXBuildFile; fileRef = \(id(3, index)); "
        + "settings = {ATTRIBUTES = (RemoveHeadersOnCopy, ); }; };\n"
    }
  }
  objects += """
    \t\t\(id(9, 0)) /* Embed Foundation Extensions */ = {
    \t\t\tisa = PBXCopyFilesBuildPhase;
    \t\t\tbuildActionMask = 2147483647;
    \t\t\tdstPath = "";
    \t\t\tdstSubfolderSpec = 13;
    \t\t\tfiles = (
    \(buildFiles.joined(separator: "\n"))
    \t\t\t);
    \t\t\tname = "Embed Foundation Extensions";
    \t\t\trunOnlyForDeploymentPostprocessing = 0;
    \t\t};
    \t\t\(id(7, 0)) = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
    \t\t\(id(8, 0)) /* Project object */ = {
    \t\t\tisa = PBXProject;
    \t\t\tmainGroup = \(id(7, 0));
    \t\t\tprojectDirPath = "";
    \t\t\ttargets = (
    \(targetIDs.joined(separator: "\n"))
    \t\t\t);
    \t\t};

    """
  return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n"
    + objects + "\t};\n\trootObject = \(id(8, 0)) /* Project object */;\n}\n"
}

let counts = CommandLine.arguments.dropFirst().compactMap { Int($0) }.filter { $0 > 0 }
print("xcodeproj read (PropertyList.XcodeProject in process, release build), best / median of 5 rounds")
for count in counts.isEmpty ? [1_000, 10_000] : counts {
  let bytes = Array(generatedProject(targets: count).utf8)
  let check = try XcodeProject(path: "Generated.xcodeproj", pbxprojBytes: bytes)
  precondition(check.targets.count == count && check.containingAppIDs.count == count - 1)
  let parse = Measurement.run(iterations: 1, rounds: 5) {
    blackHole(try? OpenStepPlistParser.parse(bytes))
  }
  let model = Measurement.run(iterations: 1, rounds: 5) {
    blackHole(try? XcodeProject(path: "Generated.xcodeproj", pbxprojBytes: bytes))
  }
  let settings = Measurement.run(iterations: 1, rounds: 5) {
    guard let project = try? XcodeProject(path: "Generated.xcodeproj", pbxprojBytes: bytes) else { return }
    for target in project.targets {
      for configuration in project.configurations(of: target) { blackHole(configuration.bundleIdentifier) }
    }
  }
  print("\(count) targets, \(bytes.count / 1024) KiB:")
  for (label, measurement) in [("parse", parse), ("project model", model), ("model + settings", settings)] {
    let best = measurement.best / 1e6
    let median = measurement.median / 1e6
    let perTarget = measurement.median / 1e3 / Double(count)
    print(
      "  \(label.padding(toLength: 17, withPad: " ", startingAt: 0)) \(formatted(best, decimals: 1)) / "
        + "\(formatted(median, decimals: 1)) ms per project, \(formatted(perTarget, decimals: 1)) µs per target")
  }
}

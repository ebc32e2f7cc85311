import Foundation
import PackagePlugin

/// Lints a target's plists and entitlements as part of its build: error findings fail the build.
///
/// A prebuild command would need no output, but SwiftPM runs prebuild commands only with binary tools (an artifact
/// bundle), never with `sharelint` built from source, which is how it is built on Linux. So this is a build
/// command: `/bin/sh` runs `sharelint lint --no-progress FOLDER` and, when it exits 0, writes a Swift file holding
/// one comment (the stamp the build system needs as an output; it compiles to nothing). The inputs are the
/// `.plist` and `.entitlements` files in the target's folder (whether the target excludes them or not: an
/// Info.plist cannot be a SwiftPM resource) and the `sharelint` executable, so the lint runs again when one changes.
/// Findings print as `path:line:column: error: …`, which SwiftPM and Xcode list as the build's diagnostics.
@main
struct SharelintBuildToolPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let sourceTarget = target as? SourceModuleTarget else { return [] }
    let folder = sourceTarget.directoryURL
    let lintedFiles = filesLinted(under: folder)
    guard !lintedFiles.isEmpty else { return [] }
    return [
      try lintCommand(
        tool: try context.tool(named: "sharelint").url, folder: folder, extraArguments: [],
        inputs: lintedFiles, workDirectory: context.pluginWorkDirectoryURL, name: target.name)
    ]
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension SharelintBuildToolPlugin: XcodeBuildToolPlugin {
    /// Lints the Xcode target through its project (`--target NAME`), with its settings and configurations.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      [
        try lintCommand(
          tool: try context.tool(named: "sharelint").url, folder: context.xcodeProject.directoryURL,
          extraArguments: ["--target", target.displayName],
          inputs: target.inputFiles.map(\.url).filter(isLinted), workDirectory: context.pluginWorkDirectoryURL,
          name: target.displayName)
      ]
    }
  }
#endif

/// Whether a file of the target is one sharelint reads: a property list or an entitlements file.
func isLinted(_ file: URL) -> Bool {
  ["plist", "entitlements"].contains(file.pathExtension)
}

/// How many files of a target's folder are looked at for inputs, at most (sharelint itself bounds what it reads).
let inputSearchLimit = 20_000

/// The `.plist` and `.entitlements` files under `folder`, hidden folders (`.build`, `.git`…) left out.
func filesLinted(under folder: URL) -> [URL] {
  guard
    let walk = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles, .skipsPackageDescendants])
  else { return [] }
  return Array(walk.lazy.prefix(inputSearchLimit).compactMap { $0 as? URL }.filter(isLinted))
}

/// The build command linting `folder`, with its stamp file in the plugin's work directory.
func lintCommand(
  tool: URL, folder: URL, extraArguments: [String], inputs: [URL], workDirectory: URL, name: String
) throws -> Command {
  let stamp = workDirectory.appendingPathComponent("SharelintLinted.swift")
  let script = """
    tool=$1 stamp=$2; shift 2
    "$tool" lint --no-progress "$@" && printf '%s\\n' '// sharelint lint found no error (a build stamp)' > "$stamp"
    """
  return .buildCommand(
    displayName: "sharelint lint \(name)",
    executable: URL(fileURLWithPath: "/bin/sh"),
    arguments: ["-c", script, "sh", tool.path, stamp.path] + extraArguments + [folder.path],
    inputFiles: [tool] + inputs,
    outputFiles: [stamp])
}

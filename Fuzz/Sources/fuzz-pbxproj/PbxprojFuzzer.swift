import FuzzDriver
import Foundation
import XcodeModel

/// libFuzzer entry point: reads the input as a `project.pbxproj` (old-style property list), builds the project
/// model, reads every target's build facts (phases, package products, containing apps) and resolves its settings
/// and linked libraries in every configuration. Every failure must be a located
/// `XcodeProjectError`; the settings (cycles included) must resolve without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func pbxprojFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  do {
    let project = try XcodeProject(path: "/nonexistent/Fuzz.xcodeproj", pbxprojBytes: bytes)
    var cache = XcodeDependencyFileCache()
    for target in project.targets {
      _ = project.containingApp(of: target)
      let facts = project.buildFacts(of: target, files: XcodeDependencyFiles(), cache: &cache)
      for configuration in project.configurations(of: target) {
        _ = configuration.settings.resolve("$(PRODUCT_BUNDLE_IDENTIFIER).$(INFOPLIST_FILE:standardizepath)")
        _ = facts.linkedLibraries(in: configuration)
      }
    }
  } catch {
    precondition(!error.description.isEmpty, "an error without a reason")
  }
  return 0
}

/// The process entry point: libFuzzer's driver (see `runLibFuzzer`).
@_cdecl("fuzz_pbxproj_main")
func pbxprojFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv, pbxprojFuzzer)
}

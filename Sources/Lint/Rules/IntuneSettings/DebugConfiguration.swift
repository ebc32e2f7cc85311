/// Which builds are for debugging: what the rules about test-only settings ask before they speak.
enum DebugConfiguration {
  /// For a build of an Xcode project target, whether its configuration builds for debugging: its name contains
  /// "Debug", or it defines `DEBUG` for Swift (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`) or C
  /// (`GCC_PREPROCESSOR_DEFINITIONS`). Nil for loose files and built bundles, whose configuration is unknown.
  static func isDebug(_ target: LintTarget) -> Bool? {
    guard let configuration = target.settings.buildFacts?.configuration else { return nil }
    if configuration.name.lowercased().contains("debug") { return true }
    let swift = configuration.settings.evaluate("$(SWIFT_ACTIVE_COMPILATION_CONDITIONS)").value.split(separator: " ")
    let c = configuration.settings.evaluate("$(GCC_PREPROCESSOR_DEFINITIONS)").value.split(separator: " ")
    return swift.contains("DEBUG") || c.contains { $0 == "DEBUG" || $0 == "DEBUG=1" }
  }
}

import Foundation
import SharelintBase
import XcodeModel

/// XC020: the app embeds a universal Intune framework whose binary still holds simulator slices, and no build phase
/// removes them.
struct SimulatorSlicesEmbeddedRule: TargetRule {
  static let description = RuleDescription(
    identifier: "intune-framework-with-simulator-slices",
    family: .xcodeProject, number: 20,
    summary: "the app embeds a universal Intune framework with simulator slices and nothing strips them",
    whatItDoes: """
      For an app that embeds a `.framework` of the Intune App SDK (the universal `IntuneMAM.framework` or \
      `IntuneMAMSwift.framework` of releases before the xcframeworks of 14.1.0), reads the Mach-O header of the \
      framework's binary in the repository and reports it when it holds `i386` or `x86_64` slices and no Run \
      Script phase of the app thins frameworks (a script running `lipo`, or a `strip-frameworks` / \
      `copy-frameworks` step). An `.xcframework` (Xcode picks the device slice), a static library (the linker \
      drops the simulator code), or a binary the repository does not hold (git-ignored, Git LFS) is not reported.
      """,
    whyItMatters: """
      The 2020 and 2016 SDK developer guides, "Submit your app to the App Store": "Both the static library and \
      framework builds of the Intune App SDK are universal binaries. This means they have code for all device and \
      simulator architectures. Apple will reject apps submitted to the App Store if they have simulator code … \
      follow these steps to ensure all simulator code is removed: `lipo … -remove i386 -remove x86_64 …`". Xcode \
      copies an embedded framework as it is, so the upload fails with ITMS-90087 ("Unsupported Architectures … \
      contains unsupported architectures '[x86_64, i386]'").
      """,
    useInstead: """
      Move to the SDK's xcframeworks (14.1.0 and later), or thin the framework once as the guide shows \
      (`lipo IntuneMAM.framework/IntuneMAM -remove i386 -remove x86_64 -output …`), or add a Run Script phase after \
      "Embed Frameworks" that does it for every build.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAM.framework", embedding: .embedAndSign, markEmbed: true),
          ]),
        ]),
        files: ["Frameworks/IntuneMAM.framework/IntuneMAM": SimulatorSlicesEmbeddedRule.exampleFatHeader],
        messages: [
          "'IntuneMAM.framework' is embedded with simulator slices (i386, x86_64) and no build phase strips them; the "
            + "App Store refuses the app (ITMS-90087)",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/IntuneMAM.framework", embedding: .embedAndSign)], scripts: [
            "lipo \"${TARGET_BUILD_DIR}/${FRAMEWORKS_FOLDER_PATH}/IntuneMAM.framework/IntuneMAM\" -remove i386 "
              + "-remove x86_64 -output /tmp/IntuneMAM && mv /tmp/IntuneMAM "
              + "\"${TARGET_BUILD_DIR}/${FRAMEWORKS_FOLDER_PATH}/IntuneMAM.framework/IntuneMAM\"",
          ]),
        ]),
        files: ["Frameworks/IntuneMAM.framework/IntuneMAM": SimulatorSlicesEmbeddedRule.exampleFatHeader]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/IntuneMAM.framework", embedding: .embedAndSign)]),
        ])),
    ],
    guideSteps: [12]
  )

  /// The start of a universal binary with i386, x86_64 and arm64 slices, as an example file's base64 text.
  static let exampleFatHeader = ExampleProject.base64Prefix
    + Data(fatHeader(cpuTypes: [7, 0x0100_0007, 0x0100_000C])).base64EncodedString()

  /// A fat header listing `cpuTypes` (for examples and tests).
  static func fatHeader(cpuTypes: [UInt32]) -> [UInt8] {
    func bigEndian(_ value: UInt32) -> [UInt8] {
      [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    var bytes = bigEndian(0xCAFE_BABE) + bigEndian(UInt32(cpuTypes.count))
    for type in cpuTypes { bytes += bigEndian(type) + [UInt8](repeating: 0x30, count: 16) }
    return bytes
  }

  /// The simulator architectures (`i386`, `x86_64`) a universal binary's header lists, from its first bytes.
  static func simulatorSlices(inHeader bytes: [UInt8]) -> [String] {
    func word(_ offset: Int) -> UInt32? {
      guard offset + 4 <= bytes.count else { return nil }
      return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    guard let magic = word(0), magic == 0xCAFE_BABE || magic == 0xCAFE_BABF, let count = word(4), count <= 64 else {
      return []
    }
    let size = magic == 0xCAFE_BABF ? 32 : 20
    var slices: Set<String> = []
    for index in 0..<Int(count) {
      guard let type = word(8 + index * size) else { break }
      if type == 7 { slices.insert("i386") }
      if type == 0x0100_0007 { slices.insert("x86_64") }
    }
    return slices.sorted()
  }

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    guard view.isApp else { return }
    let thins = view.build.scriptPhases.contains { phase in
      let script = phase.shellScript?.script ?? ""
      return ["lipo", "strip-frameworks", "strip_frameworks", "copy-frameworks"].contains { script.contains($0) }
    }
    guard !thins else { return }
    for embedded in view.build.embeddedFrameworks {
      let name = embedded.file.name
      guard name.lowercased().hasSuffix(".framework"), IntuneSDKParts.isSDKFramework(fileName: name),
        let folder = embedded.file.fileReference?.resolvedPath
      else { continue }
      let binary = PathText.joined(folder, XcodeLinkedFileKind.stem(of: name))
      guard case .success(let header) = RepositoryFile.read(binary, limit: 4_096, prefixOnly: true) else { continue }
      let slices = Self.simulatorSlices(inHeader: header)
      guard !slices.isEmpty else { continue }
      view.report(
        "'\(name)' is embedded with simulator slices (\(slices.joined(separator: ", "))) and no build phase strips "
          + "them; the App Store refuses the app (ITMS-90087)",
        at: view.sources.buildFileSite(embedded.file), keyPath: "\(view.targetName) › \(embedded.phaseName) › \(name)",
        into: &findings)
    }
  }
}

import Foundation
import Testing
import XcodeModel

@Suite("Xcode projects: build facts")
struct BuildFactsTests {
  @Test func phasesAreReadInOrderWithTheirKindsAndNames() throws {
    let (project, _) = try BuildFactsFixture.facts()
    let app = try #require(project.target(named: "App"))
    let phases = project.buildPhases(of: app)
    #expect(
      phases.map(\.displayName) == [
        "Frameworks", "Embed Frameworks", "Embed Foundation Extensions", "IntuneMAMFrameworkPatcher", "Resources",
      ])
    #expect(phases[1].copyDestination == XcodeCopyDestination(subfolderSpec: 10, path: ""))
    #expect(phases[2].copyDestination?.isPlugIns == true)
    #expect(
      phases[0].files.map(\.name) == [
        "IntuneMAMSwift.xcframework", "IntuneMAMSwiftStub.xcframework",
        "libsqlite3.tbd", "MSAL",
      ])
  }

  @Test func linkedFilesKnowTheirKindPathAndBundleVersion() throws {
    let (_, facts) = try BuildFactsFixture.facts()
    let app = try #require(facts["App"])
    let linked = app.linkedFiles
    #expect(
      linked.map(\.file.name) == ["IntuneMAMSwift.xcframework", "IntuneMAMSwiftStub.xcframework", "libsqlite3.tbd"])
    #expect(linked.map { $0.file.fileReference?.kind } == [.xcframework, .xcframework, .textStub])
    // The device slice's version, not the simulator's; a framework not in the repository has none.
    #expect(linked.map(\.bundleVersion) == ["19.6.0", nil, nil])
    #expect(linked[0].file.fileReference?.resolvedPath?.hasSuffix("/Frameworks/IntuneMAMSwift.xcframework") == true)
    #expect(linked[2].file.fileReference?.resolvedPath == nil)  // SDKROOT
    #expect(linked[2].file.fileReference?.sourceTree == "SDKROOT")
  }

  @Test func embeddedFilesSayWhetherTheyAreSigned() throws {
    let (_, facts) = try BuildFactsFixture.facts()
    let app = try #require(facts["App"])
    #expect(
      app.embeddedFrameworks.map(\.file.name) == ["IntuneMAMSwift.xcframework", "IntuneMAMSwiftStub.xcframework"])
    #expect(app.embeddedFrameworks.map(\.isSigned) == [true, false])
    #expect(app.embeddedFrameworks.first?.file.removesHeadersOnCopy == true)
    #expect(app.embeddedFrameworks.first?.phaseName == "Embed Frameworks")
    let plugIns = app.embedded.filter { $0.destination.isPlugIns }
    #expect(plugIns.map(\.file.name) == ["Share.appex"])
    #expect(facts["Share"]?.embedded.isEmpty == true)
    #expect(facts["Share"]?.linkedFiles.map(\.file.name) == ["IntuneMAMSwift.xcframework", "MISSING"])
    #expect(facts["Share"]?.linkedFiles.last?.file.item == .dangling("MISSING"))
  }

  @Test func scriptPhasesAndResourcesAreKept() throws {
    let (_, facts) = try BuildFactsFixture.facts()
    let app = try #require(facts["App"])
    let patcher = try #require(app.scriptPhase(named: "IntuneMAMFrameworkPatcher")?.shellScript)
    #expect(
      patcher.script == "\"${SRCROOT}/IntuneMAMFrameworkPatcher\" -i \"${BUILT_PRODUCTS_DIR}\" -resign -verbose\n")
    #expect(patcher.inputPaths == ["$(SRCROOT)/IntuneMAMFrameworkPatcher"])
    #expect(patcher.shellPath == "/bin/sh")
    #expect(app.resources.map(\.name) == ["IntuneMAMResources.bundle"])
  }

  @Test func everyContainingAppOfAnExtensionIsListed() throws {
    let (project, facts) = try BuildFactsFixture.facts()
    #expect(facts["Share"]?.containingApps == ["App", "AppFree"])
    #expect(facts["App"]?.embeddedTargets == ["Share"])
    #expect(facts["AppFree"]?.embeddedTargets == ["Share"])
    #expect(facts["App"]?.dependencies == ["Share"])
    let share = try #require(project.target(named: "Share"))
    #expect(project.containingApp(of: share)?.name == "App")
    #expect(project.containingApps(of: share).map(\.name) == ["App", "AppFree"])
  }

  @Test func swiftPackageProductsCarryTheirPackageAndResolvedVersion() throws {
    let (project, facts) = try BuildFactsFixture.facts()
    let products = try #require(facts["App"]?.packageProducts)
    #expect(products.count == 1)
    #expect(products.first?.product.productName == "MSAL")
    #expect(products.first?.product.package?.identity == "microsoft-authentication-library-for-objc")
    #expect(products.first?.product.package?.requirementDescription == "from: 1.2.0")
    #expect(products.first?.resolvedVersion == "1.2.18")
    #expect(project.packageReferences.map(\.identity) == ["microsoft-authentication-library-for-objc"])
  }

  @Test func podsComeFromTheTargetsBlockWithLockedVersions() throws {
    let (_, facts) = try BuildFactsFixture.facts()
    let app = try #require(facts["App"])
    // `intune_pods` is a method called inside the block; MSAL is limited to Release.
    #expect(app.pods.map(\.pod.name) == ["IntuneMAMSwift", "MSAL"])
    #expect(app.pods.map(\.lockedVersion) == ["19.6.0", "1.2.18"])
    #expect(app.pods.first?.pod.requirements == ["~> 19.0"])
    #expect(app.pods.first?.pod.line == 5)
    #expect(app.pods.last?.pod.configurations == ["Release"])
    // `inherit! :search_paths`: the app's pods are not linked into the extension.
    #expect(facts["Share"]?.pods.map(\.pod.name) == ["Alamofire"])
    // An abstract target's pods are its children's.
    #expect(facts["AppFree"]?.pods.map(\.pod.name) == ["Firebase/Analytics"])
    #expect(facts["AppFree"]?.pods.first?.lockedVersion == "10.0.0")
  }

  @Test func linkedLibrariesJoinEveryWayOfLinkingPerConfiguration() throws {
    let (project, facts) = try BuildFactsFixture.facts()
    let target = try #require(project.target(named: "App"))
    let app = try #require(facts["App"])
    let debug = try #require(project.configuration(named: "Debug", of: target))
    let release = try #require(project.configuration(named: "Release", of: target))
    let flags = XcodeTargetBuildFacts.linkerFlags(in: debug)
    #expect(flags.map(\.kind) == [.framework, .forceLoad, .library])
    #expect(flags.map(\.fileName) == ["IntuneMAMSwift.framework", "libIntuneMAM.a", "libc++.a"])
    #expect(flags.map(\.stem) == ["IntuneMAMSwift", "IntuneMAM", "c++"])
    let inDebug = app.linkedLibraries(in: debug)
    #expect(
      inDebug.map(\.name) == [
        "IntuneMAMSwift.xcframework", "IntuneMAMSwiftStub.xcframework", "libsqlite3.tbd", "MSAL", "IntuneMAMSwift",
        "IntuneMAMSwift.framework", "libIntuneMAM.a", "libc++.a",
      ])
    #expect(inDebug.map(\.description).first == "links IntuneMAMSwift.xcframework 19.6.0")
    #expect(
      inDebug[3].description
        == "links the Swift package product 'MSAL' (microsoft-authentication-library-for-objc 1.2.18)")
    #expect(inDebug[4].description.hasPrefix("links the pod 'IntuneMAMSwift' 19.6.0 ("))
    #expect(inDebug[4].description.hasSuffix("Podfile:5)"))
    #expect(inDebug[6].description.hasPrefix("links libIntuneMAM.a through OTHER_LDFLAGS '-force_load "))
    #expect(inDebug[6].description.hasSuffix("/lib/libIntuneMAM.a'"))
    let inRelease = app.linkedLibraries(in: release).map(\.name)
    #expect(inRelease.contains("MSAL") && inRelease.filter { $0 == "MSAL" }.count == 2)
    #expect(!inRelease.contains("libIntuneMAM.a"))
  }
}

@Suite("Xcode projects: linker flags")
struct LinkerFlagTests {
  @Test func flagsAreSplitAsAShellWould() {
    let flags = XcodeLinkerFlag.flags(
      in:
        #"-ObjC -weak_framework "Intune MAM" -weak-lz -lsqlite3 -Wl,-force_load,lib/libX.a "#
          + #"-force_load 'a b/libY.a' -all_load"#
    )
    #expect(
      flags.map(\.written) == [
        "-weak_framework Intune MAM", "-weak-lz", "-lsqlite3", "-Wl,-force_load,lib/libX.a", "-force_load a b/libY.a",
      ])
    #expect(flags.map(\.isWeak) == [true, true, false, false, false])
    #expect(flags.map(\.stem) == ["Intune MAM", "z", "sqlite3", "X", "Y"])
  }

  @Test func aFlagWithoutItsArgumentIsSkipped() {
    #expect(XcodeLinkerFlag.flags(in: "-framework").isEmpty)
    #expect(XcodeLinkerFlag.flags(in: "-l").isEmpty)
  }

  @Test func fileKindsAndStems() {
    #expect(XcodeLinkedFileKind(fileName: "libIntuneMAM.a") == .staticLibrary)
    #expect(XcodeLinkedFileKind(fileName: "X", fileType: "wrapper.xcframework") == .xcframework)
    #expect(XcodeLinkedFileKind.stem(of: "libIntuneMAM.a") == "IntuneMAM")
    #expect(XcodeLinkedFileKind.stem(of: "libIntuneMAMSwiftFileProvider.xcframework") == "IntuneMAMSwiftFileProvider")
    #expect(XcodeLinkedFileKind.stem(of: "IntuneMAMSwift.xcframework") == "IntuneMAMSwift")
    #expect(XcodeLinkedFileKind.stem(of: "libc++.tbd") == "c++")
  }
}

import Foundation

import Testing

@testable import ProjectDiscovery
@testable import PropertyList

@Suite("Discovery on Samples/")
struct DiscoverySamplesTests {
  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// `path` relative to the package root, as `sharelint lint Samples/` run from the root shows it.
  private static func relative(_ path: String?) -> String? {
    guard let path else { return nil }
    return path.hasPrefix(packageRoot + "/") ? String(path.dropFirst(packageRoot.count + 1)) : path
  }

  /// Discovery of `Samples/`, less the Xcode project samples: their plists belong to their projects, whose folders
  /// the walk lists in `projectContainers` (lint then takes them through the project; ProjectLintTests and
  /// XcodeSampleTests cover that). AdatumBroken's built app is left out with it (the lint sample tests cover it).
  private static func discoverSamples() throws -> DiscoveryResult {
    var result = try TargetDiscovery().discover([packageRoot + "/Samples/"])
    let projectSamples = [
      "/Samples/XcodeContoso/", "/Samples/TailspinClean/", "/Samples/TailspinBroken/", "/Samples/AdatumBroken/",
    ]
    result.targets = result.targets.filter { target in !projectSamples.contains { target.displayPath.contains($0) } }
    return result
  }

  @Test func listsTheXcodeProjectItMeets() throws {
    let containers = try TargetDiscovery().discover([Self.packageRoot + "/Samples/"]).projectContainers
    #expect(
      containers.map { Self.relative($0) } == [
        "Samples/AdatumBroken/Adatum.xcodeproj",
        "Samples/TailspinBroken/Tailspin.xcodeproj", "Samples/TailspinClean/Tailspin.xcodeproj",
        "Samples/XcodeContoso/Contoso.xcodeproj",
      ])
  }

  @Test func findsEveryAppAndExtensionSortedByPath() throws {
    let result = try Self.discoverSamples()
    #expect(result.problems.isEmpty)
    let found = result.targets.map { "\($0.kind.rawValue) \(Self.relative($0.displayPath) ?? "")" }
    #expect(
      found == [
        "app Samples/ContosoClean/Contoso/Info.plist",
        "extension Samples/ContosoClean/ContosoShare/Info.plist",
        "app Samples/FabrikamBroken/Fabrikam/Info.plist",
        "extension Samples/FabrikamBroken/FabrikamAction/Info.plist",
        "extension Samples/FabrikamBroken/FabrikamOpenIn/Info.plist",
        "extension Samples/FabrikamBroken/FabrikamPhotos/Info.plist",
        "extension Samples/FabrikamBroken/FabrikamPrint/Info.plist",
        "extension Samples/FabrikamBroken/FabrikamShare/Info.plist",
        "app Samples/Litware/Litware/Info.plist",
        "app Samples/Litware/LitwareClassic/Info.plist",
        "app Samples/Litware/LitwareKiosk/Info.plist",
        "extension Samples/Litware/LitwareOpenIn/Info.plist",
        "extension Samples/Litware/LitwareSend/Info.plist",
        "unclassified Samples/Malformed/Info.plist",
        "app Samples/NorthwindBinary/Northwind/Info.plist",
        "extension Samples/NorthwindBinary/NorthwindShare/Info.plist",
        "app Samples/Packaged/Woodgrove.ipa/Payload/Woodgrove.app/Info.plist",
        "extension Samples/Packaged/Woodgrove.ipa/Payload/Woodgrove.app/PlugIns/WoodgroveShare.appex/Info.plist",
      ])
  }

  @Test func skipsTheXMLTwinsAndTheRulesFolder() throws {
    let paths = try Self.discoverSamples().targets.compactMap { Self.relative($0.displayPath) }
    #expect(!paths.contains { $0.hasSuffix("-Info.xml.plist") })
    #expect(!paths.contains { $0.hasPrefix("Samples/Rules/") })
    #expect(!paths.contains { $0.hasSuffix(".tsv") || $0.hasSuffix(".py") })
  }

  @Test func pairsEveryPlistWithTheEntitlementsInItsFolder() throws {
    let pairs = try Self.discoverSamples().targets.map {
      (Self.relative($0.displayPath) ?? "", Self.relative($0.entitlements?.displayPath))
    }
    for (plist, entitlements) in pairs {
      let folder = (plist as NSString).deletingLastPathComponent
      if plist.contains(".ipa/") || plist.hasPrefix("Samples/Malformed/") {
        #expect(entitlements == nil, "\(plist) has no entitlements file")
      } else {
        #expect(entitlements == folder + "/" + (folder as NSString).lastPathComponent + ".entitlements")
      }
    }
  }

  @Test func extensionsAreTiedToTheirContainingApps() throws {
    let result = try Self.discoverSamples()
    var links: [String: String] = [:]
    var evidence: [String: DiscoveredTarget.ContainingAppEvidence] = [:]
    for target in result.targets where target.kind == .appExtension {
      let name = (Self.relative(target.displayPath)! as NSString).deletingLastPathComponent
      links[(name as NSString).lastPathComponent] = Self.relative(result.containingApp(of: target)?.displayPath)
      evidence[(name as NSString).lastPathComponent] = target.containingAppEvidence
    }
    #expect(
      links == [
        "ContosoShare": "Samples/ContosoClean/Contoso/Info.plist",
        "FabrikamAction": "Samples/FabrikamBroken/Fabrikam/Info.plist",
        "FabrikamOpenIn": "Samples/FabrikamBroken/Fabrikam/Info.plist",
        "FabrikamPhotos": "Samples/FabrikamBroken/Fabrikam/Info.plist",
        "FabrikamPrint": "Samples/FabrikamBroken/Fabrikam/Info.plist",
        "FabrikamShare": "Samples/FabrikamBroken/Fabrikam/Info.plist",
        "LitwareOpenIn": "Samples/Litware/Litware/Info.plist",
        "LitwareSend": "Samples/Litware/Litware/Info.plist",
        "NorthwindShare": "Samples/NorthwindBinary/Northwind/Info.plist",
        "WoodgroveShare.appex": "Samples/Packaged/Woodgrove.ipa/Payload/Woodgrove.app/Info.plist",
      ])
    #expect(evidence["ContosoShare"] == .intuneContainingAppBundleId)
    #expect(evidence["FabrikamAction"] == .bundleIdentifierPrefix, "it has no ContainingAppBundleId")
    #expect(evidence["WoodgroveShare.appex"] == .bundleLayout)
    #expect(evidence["LitwareOpenIn"] == .bundleIdentifierPrefix, "its ContainingAppBundleId names no app")
    let fabrikam = try #require(result.targets.first { $0.displayPath.hasSuffix("Fabrikam/Info.plist") })
    #expect(result.extensions(of: fabrikam).count == 5)
  }

  @Test func recordsExtensionPointsBundleIdentifiersAndDocuments() throws {
    let result = try Self.discoverSamples()
    let byFolder = Dictionary(
      uniqueKeysWithValues: result.targets.map {
        ((($0.displayPath as NSString).deletingLastPathComponent as NSString).lastPathComponent, $0)
      })
    #expect(byFolder["ContosoShare"]?.extensionPointIdentifier == "com.apple.share-services")
    #expect(byFolder["FabrikamPrint"]?.extensionPointIdentifier == "com.apple.ui-services")
    #expect(byFolder["Contoso"]?.extensionPointIdentifier == nil)
    #expect(byFolder["Northwind"]?.bundleIdentifier == "com.northwind.orders")
    let woodgrove = try #require(byFolder["Woodgrove.app"])
    #expect(woodgrove.infoPlist?.location == .archiveEntry)
    #expect(woodgrove.infoPlist?.filePath == nil)
    #expect(try woodgrove.infoPlist?.document().format == .binary)
    let malformed = try #require(byFolder["Malformed"])
    #expect(throws: PropertyListError.self) { try malformed.infoPlist?.document() }
    #expect(try byFolder["Contoso"]?.infoPlist?.document().format == .xml)
  }

  @Test func singleFilesArePlistsOrEntitlementsWhateverTheirName() throws {
    let root = Self.packageRoot + "/Samples"
    let twin = try TargetDiscovery().discover([root + "/NorthwindBinary/NorthwindShare-Info.xml.plist"])
    #expect(twin.targets.map(\.kind) == [.appExtension])
    let entitlements = try TargetDiscovery().discover([root + "/ContosoClean/Contoso/Contoso.entitlements"])
    #expect(entitlements.targets.map(\.kind) == [.entitlementsOnly])
    #expect(entitlements.targets.first?.infoPlist == nil)
    let plist = try TargetDiscovery().discover([root + "/ContosoClean/Contoso/Info.plist"])
    #expect(plist.targets.count == 1, "the sibling entitlements file is paired, not linted on its own")
    #expect(plist.targets.first?.entitlements?.displayPath == root + "/ContosoClean/Contoso/Contoso.entitlements")
    let ipa = try TargetDiscovery().discover([root + "/Packaged/Woodgrove.ipa"])
    #expect(ipa.targets.map(\.kind) == [.app, .appExtension])
  }

  @Test func aPathGivenTwiceGivesEachTargetOnce() throws {
    let root = Self.packageRoot + "/Samples"
    let result = try TargetDiscovery().discover([root + "/ContosoClean", root + "/ContosoClean/Contoso/Info.plist"])
    #expect(result.targets.count == 2)
  }

  @Test func aMissingPathIsAnError() {
    let missing = Self.packageRoot + "/Samples/NoSuchFolder"
    let error = #expect(throws: DiscoveryError.self) { try TargetDiscovery().discover([missing]) }
    #expect(error?.description == "'\(missing)' does not exist")
  }
}

import Foundation
import Testing

@Suite struct PolicyCommandTests {
  static let shortPolicy = """
    sendOrgData: managedApps
    saveTo: [onedrive-for-business, sharepoint]
    openFrom: [camera, photos]

    """

  static let graphPolicy = """
    {
      "@odata.type": "#microsoft.graph.iosManagedAppProtection",
      "displayName": "Contoso iOS",
      "allowedOutboundDataTransferDestinations": "managedApps",
      "saveAsBlocked": true,
      "allowedDataStorageLocations": ["oneDriveForBusiness"],
      "blockDataIngestionIntoOrganizationDocuments": false,
      "allowedDataIngestionLocations": []
    }
    """

  @Test func saveToAnswersWithTheDecidingSetting() throws {
    let folder = try TemporaryFolder()
    let policy = try folder.write("policy.yaml", Self.shortPolicy)
    let allowed = try Sharelint.run(["policy", "save-to", "sharepoint", "--policy", policy])
    #expect(allowed.status == 0)
    #expect(allowed.standardOutput
      == "sharepoint: allowed by allowedDataStorageLocations (allowed: onedrive-for-business, sharepoint)\n")
    let blocked = try Sharelint.run(["policy", "save-to", "local-drive", "--policy", policy])
    #expect(blocked.status == 1)
    #expect(blocked.standardOutput
      == "local-drive: blocked by allowedDataStorageLocations (allowed: onedrive-for-business, sharepoint)\n")
    let unrestricted = try Sharelint.run(["policy", "save-to", "dropbox"])
    #expect(unrestricted.status == 0)
    #expect(unrestricted.standardOutput == "dropbox: allowed by saveAsBlocked (not restricted)\n")
  }

  @Test func openFromReadsAGraphExport() throws {
    let folder = try TemporaryFolder()
    let graph = try folder.write("policy.json", Self.graphPolicy)
    let camera = try Sharelint.run(["policy", "open-from", "camera", "--policy", graph])
    #expect(camera.status == 0)
    #expect(camera.standardOutput
      == "camera: allowed by blockDataIngestionIntoOrganizationDocuments (not restricted)\n")
    let save = try Sharelint.run(["policy", "save-to", "sharepoint", "--policy", graph])
    #expect(save.status == 1)
    #expect(save.standardOutput
      == "sharepoint: blocked by allowedDataStorageLocations (allowed: onedrive-for-business)\n")

    let short = try folder.write("short.yaml", Self.shortPolicy)
    let photos = try Sharelint.run(["policy", "open-from", "photos", "--policy", short])
    #expect(photos.status == 0)
    let local = try Sharelint.run(["policy", "open-from", "local-storage", "--policy", short])
    #expect(local.status == 1)
    #expect(local.standardOutput
      == "local-storage: blocked by allowedDataIngestionLocations (allowed: camera, photos)\n")
  }

  @Test func unknownLocationExitsTwoListingTheValidOnes() throws {
    let result = try Sharelint.run(["policy", "save-to", "onedrive"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError == "sharelint: unknown save location 'onedrive'; valid locations: other, "
      + "onedrive-for-business, sharepoint, box, dropbox, google-drive, local-drive, camera-roll, account-document, "
      + "imanage, egnyte\n")
    let open = try Sharelint.run(["policy", "open-from", "camera-roll"])
    #expect(open.status == 2)
    #expect(open.standardError.contains("camera, local-storage, photos"))
  }

  @Test func badPolicyFileExitsTwoNamingTheField() throws {
    let folder = try TemporaryFolder()
    let bad = try folder.write("bad.yaml", "sendOrgData: sometimes\n")
    let result = try Sharelint.run(["policy", "save-to", "box", "--policy", bad])
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix("sharelint: \(bad): sendOrgData: 'sometimes' is not one of"))
    #expect(result.standardError.filter { $0 == "\n" }.count == 1)
    let notYAML = try folder.write("broken.json", "{\"sendOrgData\": [")
    let broken = try Sharelint.run(["policy", "check", "--policy", notYAML])
    #expect(broken.status == 2)
    #expect(broken.standardError.hasPrefix("sharelint: \(notYAML):2:1: policy: not valid JSON or YAML"))
  }

  @Test func checkPrintsTheEffectiveSettings() throws {
    let text = try Sharelint.run(["policy", "check", "--policy", "-"], input: "sendOrgData: none\nbrowser: edge\n")
    #expect(text.status == 0)
    let lines = text.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("allowedOutboundDataTransferDestinations: none"))
    #expect(lines.contains("webLinkRouting: microsoftEdge"))
    #expect(lines.contains("allowedSaveLocations: (not restricted)"))

    let folder = try TemporaryFolder()
    let policy = try folder.write("policy.yaml", Self.shortPolicy)
    let json = try Sharelint.run(["policy", "check", "--policy", policy, "--format", "json"])
    #expect(json.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    #expect(object["allowedOutboundDataTransferDestinations"] as? String == "managedApps")
    #expect(object["allowedSaveLocations"] as? [String] == ["onedrive-for-business", "sharepoint"])
    #expect(object["allowedOpenLocations"] as? [String] == ["camera", "photos"])
    #expect(object["customBrowserProtocol"] is NSNull)
    #expect((object["exemptedAppProtocols"] as? [String])?.first == "skype")
  }

  @Test func helpListsTheSubcommandsAndLocations() throws {
    let root = try Sharelint.run(["policy", "--help"])
    #expect(root.status == 0)
    for word in ["check", "save-to", "open-from", "sendOrgData"] { #expect(root.standardOutput.contains(word)) }
    let saveTo = try Sharelint.run(["policy", "save-to", "--help"])
    #expect(saveTo.standardOutput.contains("onedrive-for-business"))
    #expect(saveTo.standardOutput.contains("Exit status"))
  }
}

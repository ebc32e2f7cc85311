import IntuneKnowledge
import Testing
import TestSupport
import URLSchemes

/// An `iosManagedAppProtection` as Graph exports it (trimmed of fields irrelevant here, plus some it has).
let exportedGraphPolicy = """
  {
    "@odata.context": "https://graph.microsoft.com/beta/$metadata#deviceAppManagement/iosManagedAppProtections",
    "@odata.type": "#microsoft.graph.iosManagedAppProtection",
    "displayName": "Level 2 - Enterprise enhanced data protection",
    "id": "T_7a1b2c3d-0000-4000-8000-000000000000",
    "version": "\\"5c0b0000-0000-0000-0000-000000000000\\"",
    "periodOfflineBeforeAccessCheck": "PT12H",
    "pinRequired": true,
    "allowedInboundDataTransferSources": "allApps",
    "allowedOutboundDataTransferDestinations": "managedApps",
    "disableProtectionOfManagedOutboundOpenInData": false,
    "filterOpenInToOnlyManagedApps": false,
    "saveAsBlocked": true,
    "allowedDataStorageLocations": ["oneDriveForBusiness", "sharePoint", "photoLibrary"],
    "blockDataIngestionIntoOrganizationDocuments": false,
    "allowedDataIngestionLocations": ["oneDriveForBusiness", "sharePoint", "camera", "photoLibrary"],
    "exemptedAppProtocols": [
      {"name": "Default", "value": "skype;app-settings;calshow;itms;itmss;itms-apps;itms-appss;itms-services;"},
      {"name": "Webex", "value": "wbx; Maps"}
    ],
    "managedBrowserToOpenLinksRequired": true,
    "managedBrowser": "microsoftEdge",
    "customBrowserProtocol": "",
    "exemptedUniversalLinks": ["http://facetime.apple.com", "https://maps.apple.com"],
    "managedUniversalLinks": ["http://*.onedrive.com/*", "https://*.sharepoint.com/*"],
    "minimumRequiredSdkVersion": null,
    "someFieldGraphAddsNextYear": {"nested": [1, 2, 3]}
  }
  """

@Suite struct IntunePolicyParsingTests {
  @Test func readsAnExportedGraphPolicy() throws {
    let policy = try IntunePolicy.parse(exportedGraphPolicy)
    #expect(policy.allowedOutboundDataTransferDestinations == .managedApps)
    #expect(policy.exemptedAppProtocols == IntuneSchemeLists.defaultExemptedAppProtocols + ["wbx", "maps"])
    #expect(policy.managedBrowserToOpenLinksRequired)
    #expect(policy.managedBrowser == .microsoftEdge)
    #expect(policy.customBrowserProtocol == nil)
    #expect(policy.webLinkRouting == .microsoftEdge)
    #expect(policy.exemptedUniversalLinks == ["http://facetime.apple.com", "https://maps.apple.com"])
    #expect(policy.managedUniversalLinks.count == 2)
    #expect(policy.allowedSaveLocations == [.oneDriveForBusiness, .sharePoint, .cameraRoll])
    #expect(policy.allowedOpenLocations == nil)
  }

  @Test func absentFieldsKeepIntuneDefaults() throws {
    let policy = try IntunePolicy.parse(##"{"@odata.type": "#microsoft.graph.iosManagedAppProtection"}"##)
    #expect(policy == IntunePolicy.intuneDefault)
    #expect(policy.allowedOutboundDataTransferDestinations == .allApps)
    #expect(
      policy.exemptedAppProtocols.joined(separator: ";")
        == "skype;app-settings;calshow;itms;itmss;itms-apps;itms-appss;itms-services")
    #expect(policy.exemptedUniversalLinks.count == 4)
    #expect(policy.webLinkRouting == .anyApp)
  }

  @Test func nullMeansAbsentAndEmptyListsMeanEmpty() throws {
    let policy = try IntunePolicy.parse(
      #"{"exemptedAppProtocols": [], "exemptedUniversalLinks": null, "customBrowserProtocol": null}"#)
    #expect(policy.exemptedAppProtocols.isEmpty)
    #expect(policy.exemptedUniversalLinks == IntuneSchemeLists.defaultExemptedUniversalLinks)
  }

  @Test func readsTabIndentedJSONAndSharedKeys() throws {
    let tabbed =
      "{\n\t\"allowedOutboundDataTransferDestinations\": \"managedApps\",\n"
      + "\t\"exemptedAppProtocols\": [\n\t\t{\"name\": \"Default\", \"value\": \"tel;\"}\n\t]\n}"
    let policy = try IntunePolicy.parse(tabbed)
    #expect(policy.allowedOutboundDataTransferDestinations == .managedApps && policy.exemptedAppProtocols == ["tel"])
    // `managedUniversalLinks` is spelled the same in both forms.
    #expect(try IntunePolicy.parse("managedUniversalLinks: ['https://*.a.com/*']").managedUniversalLinks.count == 1)
  }

  @Test func readsAGraphListWithOnePolicy() throws {
    let policy = try IntunePolicy.parse(#"{"value": [{"allowedOutboundDataTransferDestinations": "none"}]}"#)
    #expect(policy.allowedOutboundDataTransferDestinations == .none)
    #expect(throws: IntunePolicyError(
      field: "value", message: "holds 2 policies: pick one by displayName or id with --policy-name ((unnamed), (unnamed))")) {
      try IntunePolicy.parse(#"{"value": [{}, {}]}"#)
    }
  }

  /// A collection as `GET …/deviceAppManagement/iosManagedAppProtections` returns it: one policy is picked by
  /// displayName or id.
  @Test func picksAPolicyOfAGraphCollectionByNameOrID() throws {
    let collection = """
      {"@odata.context": "https://graph.microsoft.com/beta/$metadata#deviceAppManagement/iosManagedAppProtections",
       "value": [
        {"id": "T_1a2b", "displayName": "Sales", "allowedOutboundDataTransferDestinations": "managedApps"},
        {"id": "T_3c4d", "displayName": "Finance", "allowedOutboundDataTransferDestinations": "none"},
        {"id": "T_5e6f", "displayName": "Finance", "allowedOutboundDataTransferDestinations": "allApps"}
       ]}
      """
    #expect(try IntunePolicy.parse(collection, selecting: "Sales").allowedOutboundDataTransferDestinations == .managedApps)
    #expect(try IntunePolicy.parse(collection, selecting: "T_5e6f").allowedOutboundDataTransferDestinations == .allApps)
    #expect(throws: IntunePolicyError(field: "value", message: "2 policies are named 'Finance': pick one by id")) {
      try IntunePolicy.parse(collection, selecting: "Finance")
    }
    #expect(throws: IntunePolicyError(
      field: "value", message: "no policy has the displayName or id 'HR'; it holds 'Sales', 'Finance', 'Finance'")) {
      try IntunePolicy.parse(collection, selecting: "HR")
    }
    #expect(throws: IntunePolicyError.self) { try IntunePolicy.parse(collection) }
    let single = #"{"id": "T_1a2b", "displayName": "Sales", "allowedOutboundDataTransferDestinations": "none"}"#
    #expect(try IntunePolicy.parse(single, selecting: "Sales").allowedOutboundDataTransferDestinations == .none)
    #expect(throws: IntunePolicyError.self) { try IntunePolicy.parse(single, selecting: "Finance") }
    #expect(throws: IntunePolicyError.self) { try IntunePolicy.parse("sendOrgData: none", selecting: "Sales") }
  }

  @Test func readsTheShortForm() throws {
    let policy = try IntunePolicy.parse(
      """
      sendOrgData: managedApps
      exemptSchemes: [default, tel, telprompt]
      browser: unmanaged:MyBrowser
      exemptUniversalLinks: ["https://*.example.com/*"]
      saveTo: [onedrive-for-business, local-drive]
      openFrom: [camera]
      """)
    #expect(policy.allowedOutboundDataTransferDestinations == .managedApps)
    #expect(policy.exemptedAppProtocols == IntuneSchemeLists.defaultExemptedAppProtocols + ["tel", "telprompt"])
    #expect(policy.webLinkRouting == .unmanagedBrowser(protocol: "mybrowser"))
    #expect(policy.exemptedUniversalLinks == ["https://*.example.com/*"])
    #expect(policy.isSaveToAllowed(.localDrive) && !policy.isSaveToAllowed(.dropbox))
    #expect(policy.isOpenFromAllowed(.camera) && !policy.isOpenFromAllowed(.photos))

    let sharing = try IntunePolicy.parse(#"{"sendOrgData": "managedAppsWithOSSharing", "exemptSchemes": "tel;maps"}"#)
    #expect(sharing.disableProtectionOfManagedOutboundOpenInData)
    #expect(sharing.exemptedAppProtocols == ["tel", "maps"])
    #expect(try IntunePolicy.parse("browser: edge").webLinkRouting == .microsoftEdge)
    #expect(try IntunePolicy.parse("browser: managedBrowser").webLinkRouting == .intuneManagedBrowser)
    #expect(try IntunePolicy.parse("sendOrgData: managedAppsWithOpenInFiltering").filterOpenInToOnlyManagedApps)
  }

  @Test func shortFormErrorsNameTheKey() {
    #expect(throws: IntunePolicyError.self) { try IntunePolicy.parse("sendOrgData: managedApps\npinRequired: true") }
    let cases: [(String, String)] = [
      ("sendOrgData: everyone", "sendOrgData"),
      ("browser: firefox", "browser"),
      ("browser: 'unmanaged:'", "browser"),
      ("browser: 'unmanaged:my browser'", "browser"),
      ("saveTo: [icloud]", "saveTo"),
      ("openFrom: [camera-roll]", "openFrom"),
      ("exemptSchemes: ['tel:']", "exemptedAppProtocols"),
    ]
    for (text, field) in cases {
      #expect(firstField(of: text) == field, "\(text)")
    }
  }

  @Test func graphErrorsNameTheField() {
    #expect(
      firstField(of: #"{"allowedOutboundDataTransferDestinations": "someApps"}"#)
        == "allowedOutboundDataTransferDestinations")
    #expect(
      firstField(of: #"{"managedBrowserToOpenLinksRequired": "yes please"}"#) == "managedBrowserToOpenLinksRequired")
    #expect(firstField(of: #"{"exemptedAppProtocols": "skype"}"#) == "exemptedAppProtocols")
    #expect(firstField(of: #"{"managedBrowser": "safari"}"#) == "managedBrowser")
    #expect(firstField(of: "[1, 2]") == "policy")
    #expect(firstField(of: "") == "policy")
    #expect(firstField(of: "{\"a\": [}") == "policy")
  }

  @Test func contradictionsAreErrorsNamingTheField() {
    let cases: [(String, String)] = [
      (#"{"disableProtectionOfManagedOutboundOpenInData": true}"#, "disableProtectionOfManagedOutboundOpenInData"),
      (
        #"{"allowedOutboundDataTransferDestinations": "none", "filterOpenInToOnlyManagedApps": true}"#,
        "filterOpenInToOnlyManagedApps"
      ),
      (#"{"customBrowserProtocol": "mybrowser"}"#, "customBrowserProtocol"),
      (#"{"managedBrowser": "microsoftEdge"}"#, "managedBrowser"),
      (
        #"{"customBrowserProtocol": "mybrowser://", "managedBrowserToOpenLinksRequired": true}"#,
        "customBrowserProtocol"
      ),
    ]
    for (text, field) in cases {
      #expect(firstField(of: text) == field, "\(text)")
    }
    let both = #"""
      {"allowedOutboundDataTransferDestinations": "managedApps", "disableProtectionOfManagedOutboundOpenInData": true,
       "filterOpenInToOnlyManagedApps": true}
      """#
    #expect(firstField(of: both) == "filterOpenInToOnlyManagedApps")
    let edgeAndCustom = #"""
      {"managedBrowserToOpenLinksRequired": true, "managedBrowser": "microsoftEdge",
       "customBrowserProtocol": "mybrowser"}
      """#
    #expect(firstField(of: edgeAndCustom) == "customBrowserProtocol")
    #expect(throws: IntunePolicyError.self) {
      try URLAllowanceChecker(policy: IntunePolicy(customBrowserProtocol: "x"))
    }
  }

  /// A policy is input like any other: every YAML bound ends in an `IntunePolicyError` at a line and column,
  /// quickly (aliases of aliases, an aliased key and deep nesting would hang or overflow the stack unbounded).
  @Test(.timeLimit(.minutes(1))) func craftedPoliciesAreLocatedErrors() throws {
    let bombInAField = "exemptSchemes: [tel]\nexemptUniversalLinks:\n  - " + CraftedYAML.aliasBomb
      .split(separator: "\n").joined(separator: "\n  - ") + "\n"
    for text in [CraftedYAML.aliasBomb, bombInAField, CraftedYAML.deepNesting] + CraftedYAML.aliasedKeys {
      #expect {
        try IntunePolicy.parse(text)
      } throws: { error in
        guard let error = error as? IntunePolicyError, let line = error.line, let column = error.column else {
          return false
        }
        return error.described(in: "BOMB.yml").hasPrefix("BOMB.yml:\(line):\(column): policy: ")
          && error.problems.count == 1
      }
    }
    #expect {
      try IntunePolicy.parse(CraftedYAML.huge)
    } throws: { error in
      (error as? IntunePolicyError)?.described(in: "huge.yml")
        == "huge.yml: policy: the policy is \(CraftedYAML.huge.utf8.count) bytes, more than the 4194304 read; "
        + "it is not read"
    }
    #expect(IntunePolicy.maximumFileSize == 4 << 20)
  }

  @Test func notYAMLIsLocated() {
    #expect {
      try IntunePolicy.parse("sendOrgData: none\nbrowser: [edge\n")
    } throws: { error in
      (error as? IntunePolicyError)?.described(in: "p.yml").hasPrefix("p.yml:3:1: policy: not valid JSON or YAML: ")
        == true
    }
  }

  @Test func errorDescriptionIsOneLine() throws {
    let policy = IntunePolicy(
      allowedOutboundDataTransferDestinations: .none, disableProtectionOfManagedOutboundOpenInData: true,
      customBrowserProtocol: "p")
    let error = try #require(throws: IntunePolicyError.self) { try policy.validate() }
    #expect(error.problems.map(\.field) == ["disableProtectionOfManagedOutboundOpenInData", "customBrowserProtocol"])
    #expect(!error.description.contains("\n"))
    #expect(error.description.hasPrefix("disableProtectionOfManagedOutboundOpenInData: may be true only when"))
  }

  @Test func saveAndOpenLocationsFollowTheirSwitches() throws {
    let unrestricted = try IntunePolicy.parse(#"{"saveAsBlocked": false, "allowedDataStorageLocations": []}"#)
    #expect(IntuneMAMSaveLocation.allCases.allSatisfy(unrestricted.isSaveToAllowed))
    let blocked = try IntunePolicy.parse(#"{"saveAsBlocked": true, "allowedDataStorageLocations": []}"#)
    #expect(!IntuneMAMSaveLocation.allCases.contains(where: blocked.isSaveToAllowed))
    let ingestion = try IntunePolicy.parse(
      #"{"blockDataIngestionIntoOrganizationDocuments": true, "#
        + #""allowedDataIngestionLocations": ["camera", "photoLibrary", "newPlace"]}"#
    )
    #expect(IntuneMAMOpenLocation.allCases.filter(ingestion.isOpenFromAllowed) == [.camera, .photos])
    let listOnly = try IntunePolicy.parse(#"{"allowedDataStorageLocations": ["box", "localStorage"]}"#)
    #expect(IntuneMAMSaveLocation.allCases.filter(listOnly.isSaveToAllowed) == [.box, .localDrive])
    #expect(IntunePolicy().isSaveToAllowed(.other) && IntunePolicy().isOpenFromAllowed(.other))
  }

  @Test func locationNamesAndValuesMatchTheSDK() {
    #expect(
      IntuneMAMSaveLocation.allCases.map(\.rawValue) == [
        "other", "onedrive-for-business", "sharepoint", "box", "dropbox", "google-drive", "local-drive", "camera-roll",
        "account-document", "imanage", "egnyte",
      ])
    #expect(IntuneMAMSaveLocation.egnyte.sdkValue == 1 << 9 && IntuneMAMSaveLocation.other.sdkValue == 0)
    #expect(
      IntuneMAMOpenLocation.allCases.map(\.rawValue) == [
        "other", "onedrive-for-business", "sharepoint", "camera", "local-storage", "photos", "account-document", "box",
        "imanage", "egnyte",
      ])
    #expect(IntuneMAMOpenLocation.egnyte.sdkValue == 1 << 8)
    #expect(IntuneMAMSaveLocation.locations(forGraphValue: "LOCALSTORAGE") == [.localDrive])
    #expect(IntuneMAMOpenLocation.locations(forGraphValue: "photoLibrary") == [.photos])
  }

  private func firstField(of text: String) -> String? {
    do {
      _ = try IntunePolicy.parse(text)
      return nil
    } catch let error as IntunePolicyError {
      return error.problems.first?.field
    } catch {
      return "unexpected \(error)"
    }
  }
}

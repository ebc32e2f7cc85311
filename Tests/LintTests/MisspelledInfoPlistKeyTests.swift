import Foundation
@testable import Lint
import IntuneKnowledge
import PropertyList
import SharelintBase
import Testing

/// PL005 (`misspelled-info-plist-key`) and the near-miss test it shares with IM011: the rename is byte-exact,
/// clean Info.plists of every kind stay clean, and `fix` ends with the documented key written once.
@Suite struct MisspelledInfoPlistKeyTests {
  static let rule = MisspelledInfoPlistKeyRule.self

  /// The PL005 findings about `body` (a dictionary body).
  static func findings(_ body: String, settings: LintSettings = LintSettings()) throws -> [LintDiagnostic] {
    TargetFixture.lint(try TargetFixture.target(body, settings: settings), [rule])
  }

  // MARK: The near-miss test

  @Test func typosOfUsageDescriptionsAreNearMisses() {
    let usageKeys = AppleInfoPlistKeys.protectedResources.filter { $0.hasSuffix("UsageDescription") }
    #expect(usageKeys.count >= 40)
    for key in usageKeys {
      let middle = key.index(key.startIndex, offsetBy: key.count / 2)
      let next = key.index(after: middle)
      var dropped = key
      dropped.remove(at: middle)
      let swapped = String(key[..<middle]) + String(key[next]) + String(key[middle])
        + String(key[key.index(after: next)...])
      let recased = key.lowercased().replacingOccurrences(of: "ns", with: "NS", options: .anchored)
      for typo in [dropped, swapped, recased] where typo != key {
        let intended = InfoPlistKeySpelling.intendedKey(for: typo)
        #expect(intended?.key == key, "\(typo)")
        #expect(intended?.differsOnlyInCase == (typo == recased), "\(typo)")
      }
    }
    #expect(InfoPlistKeySpelling.intendedKey(for: "NSFaceIDUsageScription")?.key == "NSFaceIDUsageDescription")
    #expect(InfoPlistKeySpelling.intendedKey(for: "UIAppFont")?.key == "UIAppFonts")
    #expect(InfoPlistKeySpelling.intendedKey(for: "LSApplicationQueriesScheme")?.key == "LSApplicationQueriesSchemes")
    #expect(
      InfoPlistKeySpelling.intendedKey(for: "UISupportedInterfaceOrientation~ipad")?.key
        == "UISupportedInterfaceOrientations~ipad")
  }

  @Test func keysOfTheirOwnAreNoNearMisses() {
    let keys = [
      // Another vendor's prefix, or a documented key with more text before or after it.
      "FBUserTrackingUsageDescription", "MyNSCameraUsageDescription", "NSCameraUsageDescriptionV2",
      "NSCameraUsageDescriptionForScanner", "UIBackgroundModesLegacy",
      // Build settings, reverse-DNS, snake case, spaces.
      "$(PRODUCT_NAME)Version", "com.contoso.NSCameraUsageDescription", "NS_CAMERA_USAGE_DESCRIPTION",
      "NSCamera UsageDescription",
      // A documented key without its prefix: the Intents extension's attributes.
      "IntentsSupported", "IntentsRestrictedWhileLocked",
      // An unknown device suffix, and a short key more than case away.
      "UISupportedInterfaceOrientations~ipda", "APFile",
      // Keys of real apps and SDKs.
      "AppIdentifierPrefix", "AppGroupIdentifier", "GADApplicationIdentifier", "FirebaseAppDelegateProxyEnabled",
      "FacebookAppID", "IntuneMAMSettings", "IntuneMAMVersion", "OCAppGroupIdentifier", "KeychainGroup",
      "XSAppIconAssets", "AvailableLibraries", "XCFrameworkFormatVersion", "CodePushDeploymentKey",
    ]
    for key in keys {
      #expect(InfoPlistKeySpelling.intendedKey(for: key) == nil, "\(key)")
    }
  }

  /// A key as near to two documented keys names neither.
  @Test func aTieNamesNoKey() {
    // One edit from both UTExportedTypeDeclarations and UTImportedTypeDeclarations.
    #expect(InfoPlistKeySpelling.intendedKey(for: "UTmportedTypeDeclarations")?.key == "UTImportedTypeDeclarations")
    #expect(InfoPlistKeySpelling.intendedKey(for: "UTxportedTypeDeclarations")?.key == "UTExportedTypeDeclarations")
    #expect(InfoPlistKeySpelling.intendedKey(for: "UTIxportedTypeDeclarations") == nil)
    #expect(InfoPlistKeySpelling.intendedKey(for: "CFBundleIconFil")?.key == "CFBundleIconFile")
  }

  /// No documented key is reported, alone or with every other; the documented keys that are near each other are
  /// the few known pairs, so a misspelling between them is a tie, never a wrong suggestion.
  @Test func documentedKeysAreNeverNearMisses() throws {
    for key in AppleInfoPlistKeys.known.sorted() {
      #expect(InfoPlistKeySpelling.intendedKey(for: key) == nil, "\(key)")
    }
    let topLevel = AppleInfoPlistKeys.topLevel.sorted()
    var nearPairs: [String] = []
    for (index, first) in topLevel.enumerated() {
      for second in topLevel[(index + 1)...] where first.prefix(2).lowercased() == second.prefix(2).lowercased() {
        let limit = max(
          InfoPlistKeySpelling.allowedEdits(forLength: first.count),
          InfoPlistKeySpelling.allowedEdits(forLength: second.count))
        let distance = EditDistance.optimalStringAlignment(
          Array(first.lowercased().utf8), Array(second.lowercased().utf8), limit: limit)
        if distance <= limit { nearPairs.append("\(first) \(second)") }
      }
    }
    #expect(nearPairs == [
      "CFBundleIconFile CFBundleIconFiles", "UILaunchScreen UILaunchScreens",
      "UTExportedTypeDeclarations UTImportedTypeDeclarations",
    ])
    let everything = AppleInfoPlistKeys.known.sorted().filter { !$0.contains(".") }
      .map { "<key>\($0)</key>\n<string>x</string>" }.joined(separator: "\n")
    #expect(try Self.findings(everything).isEmpty)
  }

  // MARK: Clean Info.plists

  /// Info.plists as real apps, extensions and builds write them: no finding.
  static let cleanInfoPlists = [
    // A UIKit app from Xcode's template, with its usage descriptions.
    """
    <key>CFBundleDevelopmentRegion</key>
    <string>$(DEVELOPMENT_LANGUAGE)</string>
    <key>CFBundleDisplayName</key>
    <string>Field Notes</string>
    <key>CFBundleExecutable</key>
    <string>$(EXECUTABLE_NAME)</string>
    <key>CFBundleIdentifier</key>
    <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>CFBundleInfoDictionaryVersion</key>
    <string>6.0</string>
    <key>CFBundleName</key>
    <string>$(PRODUCT_NAME)</string>
    <key>CFBundlePackageType</key>
    <string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
    <key>CFBundleShortVersionString</key>
    <string>$(MARKETING_VERSION)</string>
    <key>CFBundleVersion</key>
    <string>$(CURRENT_PROJECT_VERSION)</string>
    <key>LSRequiresIPhoneOS</key>
    <true/>
    <key>NSCameraUsageDescription</key>
    <string>Scan receipts.</string>
    <key>NSMicrophoneUsageDescription</key>
    <string>Record voice notes.</string>
    <key>NSPhotoLibraryUsageDescription</key>
    <string>Attach photos.</string>
    <key>NSPhotoLibraryAddUsageDescription</key>
    <string>Save scans.</string>
    <key>NSLocationWhenInUseUsageDescription</key>
    <string>Tag notes with a place.</string>
    <key>NSLocationAlwaysAndWhenInUseUsageDescription</key>
    <string>Remind you at a place.</string>
    <key>NSLocationAlwaysUsageDescription</key>
    <string>Remind you at a place.</string>
    <key>NSContactsUsageDescription</key>
    <string>Share with a contact.</string>
    <key>NSCalendarsUsageDescription</key>
    <string>Add shifts.</string>
    <key>NSCalendarsFullAccessUsageDescription</key>
    <string>Add shifts.</string>
    <key>NSCalendarsWriteOnlyAccessUsageDescription</key>
    <string>Add shifts.</string>
    <key>NSRemindersUsageDescription</key>
    <string>Add tasks.</string>
    <key>NSRemindersFullAccessUsageDescription</key>
    <string>Add tasks.</string>
    <key>NSBluetoothAlwaysUsageDescription</key>
    <string>Find the scanner.</string>
    <key>NSBluetoothPeripheralUsageDescription</key>
    <string>Find the scanner.</string>
    <key>NSMotionUsageDescription</key>
    <string>Count steps.</string>
    <key>NSSpeechRecognitionUsageDescription</key>
    <string>Dictate notes.</string>
    <key>NSLocalNetworkUsageDescription</key>
    <string>Find printers.</string>
    <key>NSBonjourServices</key>
    <array>
    \t<string>_ipp._tcp</string>
    </array>
    <key>NSUserTrackingUsageDescription</key>
    <string>Measure our ads.</string>
    <key>NSFaceIDUsageDescription</key>
    <string>Unlock your notes.</string>
    <key>UIApplicationSceneManifest</key>
    <dict>
    \t<key>UIApplicationSupportsMultipleScenes</key>
    \t<false/>
    </dict>
    <key>UIBackgroundModes</key>
    <array>
    \t<string>audio</string>
    \t<string>remote-notification</string>
    </array>
    <key>BGTaskSchedulerPermittedIdentifiers</key>
    <array>
    \t<string>com.fabrikam.refresh</string>
    </array>
    <key>UILaunchStoryboardName</key>
    <string>LaunchScreen</string>
    <key>UIMainStoryboardFile</key>
    <string>Main</string>
    <key>UIRequiredDeviceCapabilities</key>
    <array>
    \t<string>armv7</string>
    </array>
    <key>UISupportedInterfaceOrientations</key>
    <array>
    \t<string>UIInterfaceOrientationPortrait</string>
    </array>
    <key>UISupportedInterfaceOrientations~ipad</key>
    <array>
    \t<string>UIInterfaceOrientationPortrait</string>
    \t<string>UIInterfaceOrientationLandscapeLeft</string>
    </array>
    <key>UIStatusBarHidden~ipad</key>
    <true/>
    <key>UIViewControllerBasedStatusBarAppearance</key>
    <false/>
    <key>UIUserInterfaceStyle</key>
    <string>Light</string>
    <key>UIFileSharingEnabled</key>
    <true/>
    <key>LSSupportsOpeningDocumentsInPlace</key>
    <true/>
    <key>ITSAppUsesNonExemptEncryption</key>
    <false/>
    """,
    // An Intune app with its SDKs' keys.
    """
    <key>CFBundleIdentifier</key>
    <string>com.contoso.notes</string>
    <key>CFBundleURLTypes</key>
    <array>
    \t<dict>
    \t\t<key>CFBundleURLSchemes</key>
    \t\t<array>
    \t\t\t<string>msauth.com.contoso.notes</string>
    \t\t\t<string>msauth.com.contoso.notes-intunemam</string>
    \t\t</array>
    \t</dict>
    </array>
    <key>IntuneMAMSettings</key>
    <dict>
    \t<key>ADALClientId</key>
    \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
    </dict>
    <key>IntuneMAMVersion</key>
    <string>21.7.1</string>
    <key>IntuneMAMBuildBranch</key>
    <string>release</string>
    <key>LSApplicationQueriesSchemes</key>
    <array>
    \t<string>https-intunemam</string>
    </array>
    <key>NSAppTransportSecurity</key>
    <dict>
    \t<key>NSAllowsArbitraryLoads</key>
    \t<false/>
    \t<key>NSExceptionDomains</key>
    \t<dict/>
    </dict>
    <key>NSFaceIDUsageDescription</key>
    <string>Unlock your organization's data.</string>
    <key>AppIdentifierPrefix</key>
    <string>$(AppIdentifierPrefix)</string>
    <key>FirebaseAppDelegateProxyEnabled</key>
    <false/>
    <key>FirebaseAutomaticScreenReportingEnabled</key>
    <false/>
    <key>GADApplicationIdentifier</key>
    <string>ca-app-pub-3940256099942544~1458002511</string>
    <key>FacebookAppID</key>
    <string>1234567890</string>
    <key>FacebookClientToken</key>
    <string>abc</string>
    <key>FacebookDisplayName</key>
    <string>Notes</string>
    <key>SKAdNetworkItems</key>
    <array/>
    <key>API_KEY</key>
    <string>placeholder</string>
    <key>RCTNewArchEnabled</key>
    <true/>
    <key>CADisableMinimumFrameDurationOnPhone</key>
    <true/>
    <key>PHPhotoLibraryPreventAutomaticLimitedAccessAlert</key>
    <true/>
    """,
    // A share extension.
    """
    <key>CFBundleDisplayName</key>
    <string>Open in Notes</string>
    <key>CFBundleIdentifier</key>
    <string>com.contoso.notes.share</string>
    <key>NSExtension</key>
    <dict>
    \t<key>NSExtensionAttributes</key>
    \t<dict>
    \t\t<key>NSExtensionActivationRule</key>
    \t\t<string>TRUEPREDICATE</string>
    \t\t<key>IntentsSupported</key>
    \t\t<array/>
    \t</dict>
    \t<key>NSExtensionPointIdentifier</key>
    \t<string>com.apple.share-services</string>
    \t<key>NSExtensionPrincipalClass</key>
    \t<string>ShareViewController</string>
    </dict>
    """,
    // A watch app, and a Mac Catalyst build's keys.
    """
    <key>WKApplication</key>
    <true/>
    <key>WKCompanionAppBundleIdentifier</key>
    <string>com.contoso.notes</string>
    <key>WKRunsIndependentlyOfCompanionApp</key>
    <true/>
    <key>WKBackgroundModes</key>
    <array/>
    <key>LSApplicationCategoryType</key>
    <string>public.app-category.productivity</string>
    <key>LSMinimumSystemVersion</key>
    <string>12.0</string>
    <key>NSHumanReadableCopyright</key>
    <string>Contoso</string>
    <key>NSPrincipalClass</key>
    <string>NSApplication</string>
    <key>NSMainStoryboardFile</key>
    <string>Main</string>
    """,
    // What Xcode writes into a built app.
    """
    <key>BuildMachineOSBuild</key>
    <string>23F79</string>
    <key>CFBundleSupportedPlatforms</key>
    <array>
    \t<string>iPhoneOS</string>
    </array>
    <key>DTCompiler</key>
    <string>com.apple.compilers.llvm.clang.1_0</string>
    <key>DTPlatformBuild</key>
    <string>21F77</string>
    <key>DTPlatformName</key>
    <string>iphoneos</string>
    <key>DTPlatformVersion</key>
    <string>17.5</string>
    <key>DTSDKBuild</key>
    <string>21F77</string>
    <key>DTSDKName</key>
    <string>iphoneos17.5</string>
    <key>DTXcode</key>
    <string>1540</string>
    <key>DTXcodeBuild</key>
    <string>15F31d</string>
    <key>MinimumOSVersion</key>
    <string>16.0</string>
    <key>UIDeviceFamily</key>
    <array>
    \t<integer>1</integer>
    \t<integer>2</integer>
    </array>
    <key>CFBundleIcons</key>
    <dict/>
    <key>CFBundleIcons~ipad</key>
    <dict/>
    """,
  ]

  @Test(arguments: cleanInfoPlists.indices)
  func realLookingInfoPlistsAreClean(_ index: Int) throws {
    let body = Self.cleanInfoPlists[index]
    #expect(try Self.findings(body).isEmpty)
    #expect(TargetFixture.lint(try TargetFixture.target(body, binary: true), [Self.rule]).isEmpty)
  }

  @Test func theSamplesAreClean() throws {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Samples")
    let enumerator = try #require(FileManager.default.enumerator(atPath: samples.path))
    var read = 0
    for case let path as String in enumerator where path.hasSuffix("Info.plist") {
      let bytes = try [UInt8](Data(contentsOf: samples.appendingPathComponent(path)))
      guard let document = try? PropertyListDocument(bytes: bytes, name: path) else { continue }
      read += 1
      let found = TargetFixture.lint(LintTarget(infoPlist: document), [Self.rule])
      #expect(found.isEmpty, "\(path): \(found.map(\.message))")
    }
    #expect(read >= 10)
  }

  // MARK: Findings and the rename

  /// The rename changes the key's text and nothing else: entities, comments, spacing and line endings stay.
  @Test(arguments: ["\n", "\r\n"])
  func theRenameIsByteExact(_ lineEnding: String) throws {
    let body = """
      <key>CFBundleIdentifier</key>   <!-- the id -->
      <string>com.contoso.notes</string>
      <!-- Face ID -->
      <key>NSFaceIDUsage&#83;cription</key><string>Unlock &amp; go</string>
      <key>UIAppFonts</key>
      <array/>
      """
    let text = RuleExample.document(for: body).replacingOccurrences(of: "\n", with: lineEnding)
    let document = try PropertyListDocument(source: SourceText(name: "Info.plist", string: text))
    let diagnostics = TargetFixture.lint(LintTarget(infoPlist: document), [Self.rule])
    #expect(diagnostics.map(\.message) == [
      "'NSFaceIDUsageScription' is not a key iOS reads; did you mean 'NSFaceIDUsageDescription'?",
    ])
    let fix = try #require(diagnostics.first?.fix)
    #expect(fix.applicability == .safe)
    #expect(fix.title == "rename 'NSFaceIDUsageScription' to 'NSFaceIDUsageDescription'")
    let fixed = TargetFixture.applyFixes(diagnostics, to: document)
    let expected = text.replacingOccurrences(of: "NSFaceIDUsage&#83;cription", with: "NSFaceIDUsageDescription")
    #expect(String(decoding: fixed.bytes, as: UTF8.self) == expected)
  }

  @Test func aBinaryPlistIsRenamedInItsValues() throws {
    let target = try TargetFixture.target(
      "<key>UIAppFont</key>\n<array>\n\t<string>Inter.ttf</string>\n</array>", binary: true)
    let diagnostics = TargetFixture.lint(target, [Self.rule])
    #expect(diagnostics.count == 1)
    let value = try TargetFixture.fixedValue(of: target.infoPlist, with: diagnostics)
    #expect(value == .dictionary([.init("UIAppFonts", .array([.string("Inter.ttf")]))]))
  }

  /// A key written twice is reported once, where iOS reads it (the last), and both are renamed: PL002 then
  /// reports the documented key twice, as it reported the misspelled one.
  @Test func aKeyWrittenTwiceIsReportedOnce() throws {
    let body = """
      <key>NSCameraUsageDescripton</key>
      <string>Scan</string>
      <key>NSCameraUsageDescripton</key>
      <string>Scan receipts</string>
      """
    let target = try TargetFixture.target(body)
    let diagnostics = TargetFixture.lint(target, [Self.rule])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.range?.start == target.infoPlist.root.entries?.last?.key.elementRange?.start)
    let fixed = String(decoding: TargetFixture.applyFixes(diagnostics, to: target.infoPlist).bytes, as: UTF8.self)
    #expect(fixed.components(separatedBy: "<key>NSCameraUsageDescription</key>").count == 3)
    #expect(!fixed.contains("Descripton"))
  }

  /// Two misspellings of one key: renaming both would write it twice, so neither finding has a fix.
  @Test func twoMisspellingsOfOneKeyAreNotRenamed() throws {
    let diagnostics = try Self.findings("""
      <key>NSCameraUsageDescripton</key>
      <string>Scan</string>
      <key>NSCamerUsageDescription</key>
      <string>Scan receipts</string>
      """)
    #expect(diagnostics.count == 2)
    #expect(diagnostics.allSatisfy { $0.fix == nil })
    #expect(diagnostics.first?.notes.first?.contains("'NSCamerUsageDescription' also looks like") == true)
  }

  /// With `GENERATE_INFOPLIST_FILE`, Xcode writes the documented key from `INFOPLIST_KEY_…`: the near miss in the
  /// file is a leftover, not why the key is missing.
  @Test func aGeneratedKeyCountsAsPresent() throws {
    var settings = LintSettings()
    settings.generatedInfoPlistKeys["NSFaceIDUsageDescription"] = "Unlock your notes."
    #expect(try Self.findings("<key>NSFaceIDUsageScription</key>\n<string>x</string>", settings: settings).isEmpty)
  }

  // MARK: With IM011

  static let intuneAppWithMisspelledFaceID = """
    <key>CFBundleIdentifier</key>
    <string>com.contoso.notes</string>
    <key>IntuneMAMSettings</key>
    <dict>
    \t<key>AutoEnrollOnLaunch</key>
    \t<true/>
    </dict>
    <key>NSFaceIDUsageScription</key>
    <string>Unlock your notes with Face ID.</string>
    """

  @Test func missingFaceIDUsageOffersNoFixNextToAMisspelling() throws {
    let target = try TargetFixture.target(Self.intuneAppWithMisspelledFaceID)
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("IM011"))
    #expect(diagnostics.map(\.code) == ["IM011"])
    #expect(diagnostics.first?.fix == nil)
    #expect(diagnostics.first?.notes.contains {
      $0 == "'NSFaceIDUsageScription' looks like a misspelling of 'NSFaceIDUsageDescription': PL005's fix renames it"
    } == true)
  }

  /// Every rule, fixed to completion (as `fix --unsafe`): the documented key once, with the author's text.
  @Test func fixingEveryRuleWritesTheKeyOnce() throws {
    let target = try TargetFixture.target(Self.intuneAppWithMisspelledFaceID)
    let (fixed, _) = try TargetFixture.fixedToCompletion(target, RuleRegistry.rules)
    let text = String(decoding: fixed.infoPlist.source.bytes, as: UTF8.self)
    #expect(text.components(separatedBy: "<key>NSFaceIDUsageDescription</key>").count == 2)
    #expect(!text.contains("NSFaceIDUsageScription"))
    #expect(fixed.infoPlist.root["NSFaceIDUsageDescription"]?.string == "Unlock your notes with Face ID.")
    #expect(!text.contains(MissingFaceIDUsageRule.defaultUsageDescription))
    let left = TargetFixture.lint(fixed, TargetFixture.rules("IM011", "PL005"))
    #expect(left.isEmpty)
  }

  /// The same through `fix`'s session, on a file in a folder.
  @Test func theFixSessionWritesTheKeyOnce() async throws {
    let folder = try LintPipelineTests.folder([
      "App/Info.plist": RuleExample.document(for: Self.intuneAppWithMisspelledFaceID),
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outcome = try await FixSession.run(.init(paths: [folder]), includingUnsafe: true)
    let file = try #require(outcome.files.first { $0.original.name.hasSuffix("App/Info.plist") })
    let text = String(decoding: file.bytes, as: UTF8.self)
    #expect(text.components(separatedBy: "<key>NSFaceIDUsageDescription</key>").count == 2)
    #expect(!text.contains("NSFaceIDUsageScription"))
    #expect(outcome.appliedFixes.contains { $0.code == "PL005" })
    #expect(!outcome.appliedFixes.contains { $0.code == "IM011" })
    #expect(!outcome.finalReport.diagnostics.contains { $0.code == "PL005" || $0.code == "IM011" })
  }

  // MARK: With the rules that add a missing key

  static let intuneAppWithMisspelledSchemeKeys = """
    <key>CFBundleIdentifier</key>
    <string>com.contoso.notes</string>
    <key>CFBundleURLType</key>
    <array>
    \t<dict>
    \t\t<key>CFBundleURLSchemes</key>
    \t\t<array>
    \t\t\t<string>contoso</string>
    \t\t</array>
    \t</dict>
    </array>
    <key>IntuneMAMSettings</key>
    <dict>
    \t<key>ADALClientId</key>
    \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
    \t<key>ADALRedirectUri</key>
    \t<string>msauth.com.contoso.notes://auth</string>
    </dict>
    <key>LSApplicationQueriesScheme</key>
    <array>
    \t<string>https-intunemam</string>
    </array>
    <key>NSFaceIDUsageDescription</key>
    <string>Unlock your notes.</string>
    """

  /// US002 and US007 add `LSApplicationQueriesSchemes` and `CFBundleURLTypes` when they are missing: next to a
  /// misspelling PL005 renames, their fixes wait for the rename (they would write the key twice), and say so.
  @Test func insertionsOfARenamedKeyWaitForTheRename() throws {
    let target = try TargetFixture.target(Self.intuneAppWithMisspelledSchemeKeys)
    let alone = TargetFixture.lint(target, TargetFixture.rules("US002", "US007"))
    #expect(alone.count == 2)
    #expect(alone.allSatisfy { $0.fix != nil })
    let withRename = TargetFixture.lint(target, TargetFixture.rules("US002", "US007", "PL005"))
    #expect(withRename.filter { $0.code == "PL005" }.count == 2)
    for diagnostic in withRename where diagnostic.code != "PL005" {
      #expect(diagnostic.fix == nil, "\(diagnostic.code)")
      let note = "PL005's fix renames it; this finding's fix comes after that"
      #expect(diagnostic.notes.contains { $0.hasSuffix(note) })
    }
    let (fixed, _) = try TargetFixture.fixedToCompletion(target, RuleRegistry.rules)
    let text = String(decoding: fixed.infoPlist.source.bytes, as: UTF8.self)
    #expect(text.components(separatedBy: "<key>LSApplicationQueriesSchemes</key>").count == 2)
    #expect(text.components(separatedBy: "<key>CFBundleURLTypes</key>").count == 2)
    #expect(!text.contains("<key>LSApplicationQueriesScheme</key>") && !text.contains("<key>CFBundleURLType</key>"))
    #expect(fixed.infoPlist.root["LSApplicationQueriesSchemes"]?.elements?.count ?? 0 > 1)
    #expect(fixed.infoPlist.duplicateKeys.isEmpty)
  }
}

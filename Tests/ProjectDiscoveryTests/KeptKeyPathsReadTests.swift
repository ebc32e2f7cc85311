import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import ProjectDiscovery
@testable import PropertyList

/// A read keeping only some key paths (how discovery reads the facts that pair targets) builds those
/// values alone, and fails exactly when the whole read fails, so pairing never sees a file as readable
/// that the lint then finds malformed.
struct KeptKeyPathsReadTests {
  private static func wholeRead(_ bytes: [UInt8]) -> PropertyListDocument? {
    try? PropertyListDocument(bytes: bytes, name: "Info.plist")
  }

  private static func keptRead(_ bytes: [UInt8], _ paths: [[String]] = PairingFacts.keyPaths)
    -> PropertyListDocument?
  {
    try? PropertyListDocument(bytes: bytes, name: "Info.plist", knownWellFormed: false, keepingOnly: paths)
  }

  /// Every XML Info.plist and entitlements file of `Samples/`.
  private static let samples: [[UInt8]] = {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Samples")
    let files = FileManager.default.enumerator(atPath: samples.path)?.compactMap { $0 as? String } ?? []
    return files.sorted().filter { $0.hasSuffix(".plist") || $0.hasSuffix(".entitlements") }.compactMap { file in
        FileManager.default.contents(atPath: samples.appendingPathComponent(file).path).map { [UInt8]($0) }
      }.filter { !BinaryPropertyList.looksBinary($0) }
  }()

  @Test func onlyTheKeptValuesAreBuilt() throws {
    let text = """
      <plist><dict>
        <key>CFBundleIdentifier</key><string>com.contoso.share</string>
        <key>CFBundleVersion</key><string>1</string>
        <key>NSExtension</key><dict>
          <key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key><string>TRUEPREDICATE</string></dict>
          <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
        </dict>
        <key>IntuneMAMSettings</key><dict><key>ContainingAppBundleId</key><string>com.contoso</string></dict>
        <key>UIRequiredDeviceCapabilities</key><array><string>arm64</string></array>
      </dict></plist>
      """
    let kept = try #require(Self.keptRead(Array(text.utf8)))
    #expect(kept.root.entries?.map(\.key.text) == ["CFBundleIdentifier", "NSExtension", "IntuneMAMSettings"])
    #expect(kept.value(at: ["NSExtension"])?.entries?.map(\.key.text) == ["NSExtensionPointIdentifier"])
    #expect(kept.value(at: ["CFBundleIdentifier"])?.string == "com.contoso.share")
    #expect(kept.value(at: ["NSExtension", "NSExtensionPointIdentifier"])?.path == [
      .key("NSExtension"), .key("NSExtensionPointIdentifier"),
    ])
    #expect(kept.value(at: ["NSExtension", "NSExtensionPointIdentifier"])?.contentRange != nil)
    #expect(kept.duplicateKeys.isEmpty)
    // A path ending at a container keeps all of it.
    let whole = try #require(Self.keptRead(Array(text.utf8), [["NSExtension"]]))
    #expect(whole.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"])?.string
      == "TRUEPREDICATE")
    // An empty path keeps everything.
    #expect(Self.keptRead(Array(text.utf8), [[]])?.root == Self.wholeRead(Array(text.utf8))?.root)
  }

  @Test func damageInValuesThatAreNotKeptStillFailsTheRead() {
    let damaged = [
      "<key>CFBundleVersion</key><integer>one</integer>",
      "<key>CFBundleVersion</key><string>&nbsp;</string>",
      "<key>CFBundleVersion</key><string>a & b</string>",
      "<key>CFBundleVersion</key><string>&#0;</string>",
      "<key>CFBundleVersion</key><string>a<b/>c</string>",
      "<key>CFBundleVersion</key><date>tomorrow</date>",
      "<key>CFBundleVersion</key><data>!!</data>",
      "<key>CFBundleVersion</key><true>yes</true>",
      "<key>CFBundleVersion</key><dict><key>a</key></dict>",
      "<key>CFBundleVersion</key><dict><string>a</string></dict>",
      "<key>CFBundleVersion</key><array><key>a</key></array>",
      "<key>CFBundleVersion</key><array><widget/></array>",
      "<key>CF&bogus;</key><string>1</string>",
      "<key>CFBundleVersion</key>",
      "<key>CFBundleVersion</key><string>1</string><string>2</string>",
      "<key>Deep</key>" + String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600),
    ]
    // An undefined entity, which libxml2 lets pass under a DOCTYPE naming an external DTD it does not
    // load: only the reader's own check of a skipped string refuses it.
    let declared = #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
    for (prologue, piece) in damaged.map({ ("", $0) }) + [(declared, "<key>CFBundleVersion</key><string>&x;</string>")] {
      let bytes = Array(
        "\(prologue)<plist><dict><key>CFBundleIdentifier</key><string>a.b</string>\(piece)</dict></plist>".utf8)
      #expect(Self.wholeRead(bytes) == nil, "\(piece)")
      #expect(Self.keptRead(bytes) == nil, "\(piece)")
    }
  }

  /// On seeded mutations of the samples, the kept read succeeds exactly when the whole read does, and
  /// the pairing facts read from either tree are the same.
  @Test func keptReadsAgreeWithWholeReadsOnDamagedPlists() throws {
    try #require(Self.samples.count >= 10)
    var generator = SeededGenerator(seed: 0x9A1E)
    let pieces = [
      "<", ">", "/", "&", ";", "&amp;", "&lt;", "&#65;", "&x;", "<key>", "</key>", "<string>", "</string>",
      "<dict>", "</dict>", "<array>", "</array>", "<integer>", "<true/>", "<dict/>", "<![CDATA[x]]>", "<!-- c -->",
      "CFBundleIdentifier", "NSExtension", "IntuneMAMSettings", "0x1F", "\"", " ",
    ].map { Array($0.utf8) }
    var bothRead = 0
    var neitherRead = 0
    for round in 0..<3_000 {
      var bytes = Self.samples[round % Self.samples.count]
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        let end = min(bytes.count, at + Int.random(in: 0...4, using: &generator))
        bytes.replaceSubrange(at..<end, with: pieces.randomElement(using: &generator)!)
      }
      switch (Self.wholeRead(bytes), Self.keptRead(bytes)) {
      case (let whole?, let kept?):
        bothRead += 1
        let (wholeFacts, keptFacts) = (PairingFacts(root: whole.root), PairingFacts(root: kept.root))
        #expect(wholeFacts.isDictionary == keptFacts.isDictionary, "round \(round)")
        #expect(wholeFacts.bundleIdentifier == keptFacts.bundleIdentifier, "round \(round)")
        #expect(wholeFacts.isExtension == keptFacts.isExtension, "round \(round)")
        #expect(wholeFacts.extensionPointIdentifier == keptFacts.extensionPointIdentifier, "round \(round)")
        #expect(wholeFacts.containingAppBundleIdentifier == keptFacts.containingAppBundleIdentifier, "round \(round)")
      case (nil, nil):
        neitherRead += 1
      case (let whole, _):
        Issue.record("round \(round): only the \(whole == nil ? "kept" : "whole") read succeeded")
      }
    }
    #expect(bothRead > 300, "\(bothRead) mutated plists read")
    #expect(neitherRead > 300, "\(neitherRead) mutated plists refused")
  }
}

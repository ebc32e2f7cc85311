import BoundedYAML
import PropertyList
import SharelintBase
import Testing
import XcodeModel

@testable import Lint

/// The YAML edits a fix of an XcodeGen-written plist becomes (`XcodeGenSpecFixes`): each change touches only the
/// bytes it must, keeps the quoting style of a value it replaces, writes a new string so that YAML reads it back as
/// that string, and refuses what it cannot edit safely.
@Suite struct XcodeGenSpecFixesTests {
  /// The text of `spec` after the changes, planned on the plist its `info:` (at `targets.App.info`) gives, or
  /// why the changes cannot be written.
  private func fixed(_ spec: String, _ changes: [PlistChange], defaults: [String] = []) throws -> Result<
    String, XcodeGenSpecFixes.Unwritable
  > {
    let yaml = try #require(try BoundedYAMLReader.read(Array(spec.utf8), file: "project.yml", budget: YAMLBudget(
      document: "the spec")))
    let info = try #require(yaml["targets"]?["App"]?.entry("info"))
    let plistSpec = XcodeGenPlistSpec(entry: info, defaultKeys: defaults, uneditable: nil)
    var entries: [PropertyListValue.Entry] = defaults.map { .init($0, .string("$(\($0))")) }
    for entry in info.value["properties"]?.entries ?? [] {
      entries.removeAll { $0.key == entry.key }
      entries.append(.init(entry.key, Self.plistValue(entry.value)))
    }
    let text = SourceText(name: "project.yml", string: spec)
    return XcodeGenSpecFixes.edits(of: changes, before: .dictionary(entries), spec: plistSpec, text: text).map {
      String(decoding: text.bytes.applying($0).result, as: UTF8.self)
    }
  }

  private static func plistValue(_ value: YAMLValue) -> PropertyListValue {
    switch value.kind {
    case .scalar(let scalar):
      switch scalar.kind {
      case .boolean(let flag): return .boolean(flag)
      case .integer(let number): return .integer(number)
      case .real(let number): return .real(number)
      case .string: return .string(scalar.text)
      }
    case .sequence(let elements): return .array(elements.map(plistValue))
    case .mapping(let entries): return .dictionary(entries.map { .init($0.key, plistValue($0.value)) })
    }
  }

  private static let head = """
    name: App
    targets:
      App:
        type: application
        info:
          path: App/Info.plist

    """

  @Test func aScalarIsReplacedInItsQuotingStyleAndItsCommentKept() throws {
    let spec = Self.head + """
            properties:
              CFBundleDisplayName: 'Old name'   # shown on the home screen
              NSFaceIDUsageDescription: "Old"

      """
    let result = try fixed(spec, [
      .replaceValue(at: [.key("CFBundleDisplayName")], with: .string("Contoso's app")),
      .replaceValue(at: [.key("NSFaceIDUsageDescription")], with: .string("Unlock \"work\" data")),
    ]).get()
    #expect(result == Self.head + """
            properties:
              CFBundleDisplayName: 'Contoso''s app'   # shown on the home screen
              NSFaceIDUsageDescription: "Unlock \\"work\\" data"

      """)
  }

  @Test func aKeyIsRemovedWithItsLinesAndAnAddedStringReadsBackAsAString() throws {
    let spec = Self.head + """
            properties:
              UIRequiredDeviceCapabilities:
                - armv7
              # the version
              LSRequiresIPhoneOS: true
      """
    let result = try fixed(spec, [
      .removeEntries(from: [], key: "UIRequiredDeviceCapabilities"),
      .insertEntry(into: [], key: "MinimumVersion", value: .string("1.10"), after: nil),
      .insertEntry(into: [], key: "ITSAppUsesNonExemptEncryption", value: .boolean(false), after: nil),
      .insertEntry(into: [], key: "Answer", value: .string("yes"), after: nil),
    ]).get()
    #expect(result == Self.head + """
            properties:
              # the version
              LSRequiresIPhoneOS: true
              MinimumVersion: "1.10"
              ITSAppUsesNonExemptEncryption: false
              Answer: "yes"

      """)
  }

  /// A predicate of several lines, as Xcode writes one, becomes a literal block: its lines (tabs included) as
  /// they are.
  @Test func aTextOfSeveralLinesIsALiteralBlock() throws {
    let spec = Self.head + "      properties:\n        NSExtension:\n          NSExtensionPointIdentifier: x\n"
    let rule = "SUBQUERY (\n\textensionItems,\n\n\t$e,\n\t\"a\" == 'b'\n).@count == 1"
    let result = try fixed(spec, [
      .insertEntry(into: [.key("NSExtension")], key: "NSExtensionAttributes",
                   value: .dictionary([.init("NSExtensionActivationRule", .string(rule))]), after: nil),
    ]).get()
    #expect(result == spec + """
                NSExtensionAttributes:
                  NSExtensionActivationRule: |-
                    SUBQUERY (
                    \textensionItems,

                    \t$e,
                    \t"a" == 'b'
                    ).@count == 1

      """)
    let reread = try #require(try BoundedYAMLReader.read(Array(result.utf8), file: "p.yml", budget: YAMLBudget(
      document: "the spec")))
    #expect(reread["targets"]?["App"]?["info"]?["properties"]?["NSExtension"]?["NSExtensionAttributes"]?[
      "NSExtensionActivationRule"]?.string == rule)
  }

  /// A list written at its key's own indentation (`key:` then `- item`) belongs to the key: an entry added after it
  /// goes after its items, and a rewrite or removal takes them along.
  @Test func aListAtItsKeysIndentationBelongsToTheKey() throws {
    let spec = Self.head + """
            properties:
              UIRequiredDeviceCapabilities:
              - armv7
              keychain-access-groups:
              - $(AppIdentifierPrefix)com.contoso.App

      """
    let result = try fixed(spec, [
      .removeEntries(from: [], key: "UIRequiredDeviceCapabilities"),
      .insertElements(
        into: [.key("keychain-access-groups")], values: [.string("$(AppIdentifierPrefix)com.microsoft.intune.mam")],
        at: nil),
      .insertEntry(into: [], key: "NSFaceIDUsageDescription", value: .string("Unlock"), after: nil),
    ]).get()
    #expect(result == Self.head + """
            properties:
              keychain-access-groups:
              - $(AppIdentifierPrefix)com.contoso.App
              - $(AppIdentifierPrefix)com.microsoft.intune.mam
              NSFaceIDUsageDescription: Unlock

      """)
  }

  @Test func propertiesAreAddedToAnInfoWithoutThem() throws {
    let result = try fixed(Self.head, [
      .insertEntry(
        into: [], key: "IntuneMAMSettings",
        value: .dictionary([.init("ADALClientId", .string("11111111-2222-3333-4444-555555555555"))]), after: nil),
    ], defaults: ["CFBundleIdentifier"]).get()
    #expect(result == Self.head + """
            properties:
              IntuneMAMSettings:
                ADALClientId: "11111111-2222-3333-4444-555555555555"

      """)
  }

  @Test func aKeyXcodeGenWritesByItselfIsNotRemoved() throws {
    let spec = Self.head + "      properties:\n        CFBundleDisplayName: App\n"
    let result = try fixed(
      spec, [.removeEntries(from: [], key: "CFBundleIdentifier")], defaults: ["CFBundleIdentifier"])
    guard case .failure(let unwritable) = result else {
      Issue.record("removing a default key was written: \(result)")
      return
    }
    #expect(unwritable.reason == "XcodeGen writes 'CFBundleIdentifier' by itself")
  }

  /// A flow mapping on its own is written anew as a block (an entry holds no comment to lose); one that would take
  /// a new key in place is refused.
  @Test func aFlowMappingIsRewrittenAsABlock() throws {
    let spec = Self.head + "      properties:\n        IntuneMAMSettings: {ADALClientId: abc}\n"
    let result = try fixed(spec, [
      .replaceValue(at: [.key("IntuneMAMSettings"), .key("ADALClientId")], with: .string("def")),
    ]).get()
    #expect(result == Self.head + "      properties:\n        IntuneMAMSettings:\n          ADALClientId: def\n")
  }

  @Test(arguments: [
    ("      properties: {IntuneMAMSettings: {ADALClientId: abc}}\n", "flow style"),
    ("      properties:\n        IntuneMAMSettings:\n          ADALClientId: |\n            abc\n", "block scalar"),
    ("      properties:\n        IntuneMAMSettings: &settings\n          ADALClientId: abc\n", "anchors, aliases"),
  ])
  func whatTheTextCannotTakeSafelyIsRefused(properties: String, reason: String) throws {
    let spec = Self.head + properties
    let result = try fixed(spec, [
      .replaceValue(at: [.key("IntuneMAMSettings"), .key("ADALClientId")], with: .string("def")),
      .insertEntry(into: [], key: "NSFaceIDUsageDescription", value: .string("Unlock"), after: nil),
    ])
    guard case .failure(let unwritable) = result else {
      Issue.record("written: \(result)")
      return
    }
    #expect(unwritable.reason.contains(reason), "\(unwritable.reason)")
  }

  @Test func keyPathsAreFoundWhereTheSpecWritesThem() throws {
    let spec = Self.head + """
            properties:
              CFBundleURLTypes:
                - CFBundleURLSchemes: [app]

      """
    let yaml = try #require(try BoundedYAMLReader.read(Array(spec.utf8), file: "project.yml", budget: YAMLBudget(
      document: "the spec")))
    let info = try #require(yaml["targets"]?["App"]?.entry("info"))
    let plistSpec = XcodeGenPlistSpec(entry: info, defaultKeys: [], uneditable: nil)
    let text = SourceText(name: "project.yml", string: spec)
    func site(_ keyPath: String) -> String? {
      XcodeGenSpecFixes.site(ofKeyPath: keyPath, in: plistSpec, text: text).map {
        let position = text.position(of: $0.start)
        return "\(position.line):\(position.column)"
      }
    }
    #expect(site("CFBundleURLTypes[0].CFBundleURLSchemes[0]") == "9:13")
    #expect(site("CFBundleURLTypes") == "8:9")
    #expect(site("LSApplicationQueriesSchemes") == "5:5")
  }
}

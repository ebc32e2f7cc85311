import Foundation
import Testing
import XcodeModel

@testable import PropertyList

@Suite("Build settings from .xcconfig files")
struct BuildSettingsXcconfigTests {
  /// A fresh folder holding `files` (name → contents).
  private func folder(_ files: [String: String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sharelint-xcconfig-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, contents) in files {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    return folder.path
  }

  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func samplesConfigExpandsTheFabrikamRedirectButNotTheClientId() throws {
    let config = Self.packageRoot.appendingPathComponent("Samples/FabrikamBroken/Config.xcconfig").path
    let settings = try BuildSettings(xcconfigFiles: [config])
    #expect(
      settings.names == [
        "CURRENT_PROJECT_VERSION", "IPHONEOS_DEPLOYMENT_TARGET", "MARKETING_VERSION", "PRODUCT_BUNDLE_IDENTIFIER",
      ])
    #expect(
      settings.resolve("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth") == .resolved("msauth.com.fabrikam.field://auth"))
    #expect(settings.resolve("$(MSAL_CLIENT_ID)").unresolvedReferences.map(\.name) == ["MSAL_CLIENT_ID"])
    #expect(settings.definitions(of: "MARKETING_VERSION").first?.origin == .xcconfig(file: config, line: 6))
  }

  @Test func commentsSemicolonsContinuationsAndWhitespace() throws {
    var settings = BuildSettings()
    try settings.loadXcconfig(
      text: """
        // a comment
        A = one two   // trailing comment
          B=value;
        C = https:/$()/example.com
        D = first \\
            second
        E =
        """, name: "Base.xcconfig")
    #expect(settings.value(of: "A") == "one two")
    #expect(settings.value(of: "B") == "value")
    #expect(settings.resolve("$(C)") == .resolved("https://example.com"))
    #expect(settings.value(of: "D") == "first second")
    #expect(settings.value(of: "E") == "")
  }

  @Test func includesAreRelativeToTheIncludingFileAndInheritedChains() throws {
    let root = try folder([
      "App.xcconfig": """
      #include "Shared/Base.xcconfig"
      #include? "Missing.xcconfig"
      OTHER_FLAGS = $(inherited) -app
      PRODUCT_BUNDLE_IDENTIFIER = $(BUNDLE_PREFIX).notes
      """,
      "Shared/Base.xcconfig": """
      #include "Company.xcconfig"
      OTHER_FLAGS = $(inherited) -base
      """,
      "Shared/Company.xcconfig": """
      BUNDLE_PREFIX = com.contoso
      OTHER_FLAGS = -company
      """,
    ])
    let settings = try BuildSettings(xcconfigFiles: [root + "/App.xcconfig"])
    #expect(settings.resolve("$(OTHER_FLAGS)") == .resolved("-company -base -app"))
    #expect(settings.resolve("$(PRODUCT_BUNDLE_IDENTIFIER)") == .resolved("com.contoso.notes"))
    let origins = settings.definitions(of: "OTHER_FLAGS").map(\.origin.description)
    #expect(
      origins == [
        root + "/Shared/Company.xcconfig:2", root + "/Shared/Base.xcconfig:2", root + "/App.xcconfig:3",
      ])
  }

  @Test func inheritedWithNothingEarlierIsEmpty() throws {
    var settings = BuildSettings()
    try settings.loadXcconfig(text: "FLAGS = $(inherited) -x", name: "A.xcconfig")
    #expect(settings.resolve("[$(FLAGS)]") == .resolved("[ -x]"))
  }

  @Test func commandLineOverridesXcconfigWhateverTheOrder() throws {
    let root = try folder(["A.xcconfig": "NAME = from-xcconfig\nFLAGS = -a\n"])
    let settings = try BuildSettings(
      definitions: ["NAME=from-command-line", "FLAGS=$(inherited) -d"], xcconfigFiles: [root + "/A.xcconfig"])
    #expect(settings.resolve("$(NAME)") == .resolved("from-command-line"))
    #expect(settings.resolve("$(FLAGS)") == .resolved("-a -d"))
    var later = BuildSettings()
    later.define("NAME", as: "from-command-line")
    try later.loadXcconfig(atPath: root + "/A.xcconfig")
    #expect(later.value(of: "NAME") == "from-command-line")
  }

  @Test func laterFilesOverrideEarlierOnes() throws {
    let root = try folder(["A.xcconfig": "NAME = a\n", "B.xcconfig": "NAME = b\n"])
    let settings = try BuildSettings(xcconfigFiles: [root + "/A.xcconfig", root + "/B.xcconfig"])
    #expect(settings.value(of: "NAME") == "b")
  }

  @Test func conditionalAssignmentsApplyOnlyWhenTheirConditionsAreGiven() throws {
    let text = """
      PRODUCT_BUNDLE_IDENTIFIER = com.contoso.notes
      PRODUCT_BUNDLE_IDENTIFIER[sdk=iphonesimulator*] = com.contoso.notes.sim
      PRODUCT_BUNDLE_IDENTIFIER[sdk=iphoneos*][config=Debug] = com.contoso.notes.debug
      """
    var plain = BuildSettings()
    try plain.loadXcconfig(text: text, name: "A.xcconfig")
    #expect(plain.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.contoso.notes")
    var simulator = BuildSettings(conditionValues: ["sdk": "iphonesimulator17.0"])
    try simulator.loadXcconfig(text: text, name: "A.xcconfig")
    #expect(simulator.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.contoso.notes.sim")
    var debug = BuildSettings(conditionValues: ["sdk": "iphoneos17.0", "config": "Debug"])
    try debug.loadXcconfig(text: text, name: "A.xcconfig")
    #expect(debug.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "com.contoso.notes.debug")
    #expect(
      debug.definitions(of: "PRODUCT_BUNDLE_IDENTIFIER").last?.conditions.map(\.description) == [
        "[sdk=iphoneos*]", "[config=Debug]",
      ])
  }

  @Test func includeCyclesAreRefusedWithTheIncludingLine() throws {
    let root = try folder([
      "A.xcconfig": "X = 1\n#include \"B.xcconfig\"\n",
      "B.xcconfig": "\n\n#include \"A.xcconfig\"\n",
    ])
    let error = try #require(throws: BuildSettingsError.self) {
      try BuildSettings(xcconfigFiles: [root + "/A.xcconfig"])
    }
    #expect(error.kind == .includeCycle)
    #expect(error.description == root + "/B.xcconfig:3: include cycle: A.xcconfig → B.xcconfig → A.xcconfig")
    let selfInclude = try folder(["Self.xcconfig": "#include \"Self.xcconfig\"\n"])
    #expect(throws: BuildSettingsError.self) { try BuildSettings(xcconfigFiles: [selfInclude + "/Self.xcconfig"]) }
  }

  @Test func missingFilesAreErrorsUnlessTheIncludeIsOptional() throws {
    let root = try folder(["A.xcconfig": "// header\n#include \"Nope.xcconfig\"\n"])
    let error = try #require(throws: BuildSettingsError.self) {
      try BuildSettings(xcconfigFiles: [root + "/A.xcconfig"])
    }
    #expect(error.kind == .unreadableFile)
    #expect(error.file == root + "/A.xcconfig")
    #expect(error.line == 2)
    let missing = try #require(throws: BuildSettingsError.self) {
      try BuildSettings(xcconfigFiles: [root + "/Absent.xcconfig"])
    }
    #expect(missing.description == "xcconfig file '\(root)/Absent.xcconfig' does not exist")
  }

  @Test(arguments: [
    ("A = 1\n= value\n", 2, "expected a setting name, found '= value'"),
    ("NAME value\n", 1, "expected '=' after 'NAME'"),
    ("\n\nNAME[sdk=iphoneos* = x\n", 3, "unterminated condition after 'NAME'"),
    ("NAME[sdk] = x\n", 1, "expected 'parameter=pattern' in condition '[sdk]'"),
    ("#import \"x.xcconfig\"\n", 1, "unsupported directive '#import'; expected '#include \"file.xcconfig\"'"),
    ("#include x.xcconfig\n", 1, "expected a quoted file name after '#include'"),
  ])
  func malformedLinesCarryFileAndLine(text: String, line: Int, message: String) throws {
    var settings = BuildSettings()
    let error = try #require(throws: BuildSettingsError.self) {
      try settings.loadXcconfig(text: text, name: "Config/Bad.xcconfig")
    }
    #expect(error.kind == .malformedLine)
    #expect(error.description == "Config/Bad.xcconfig:\(line): \(message)")
  }
}

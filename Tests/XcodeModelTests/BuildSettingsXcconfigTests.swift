import Foundation
import TestSupport
import Testing
import XcodeModel

@testable import PropertyList

@Suite("Build settings from .xcconfig files")
struct BuildSettingsXcconfigTests {
  /// A fresh folder holding `files` (name → contents).
  private func folder(_ files: [String: String]) throws -> String {
    let folder = TemporaryFolders.url("sharelint-xcconfig")
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

  /// swift-build `MacroConfigFileLoader.foundPreprocessorInclusion`: an include that would create a cycle is
  /// a warning at the including line and is skipped; everything else is read.
  @Test func includeCyclesAreSkippedWithAWarningAtTheIncludingLine() throws {
    let root = try folder([
      "A.xcconfig": "X = 1\n#include \"B.xcconfig\"\n",
      "B.xcconfig": "\n\n#include \"A.xcconfig\"\nY = 2\n",
    ])
    let settings = try BuildSettings(xcconfigFiles: [root + "/A.xcconfig"])
    #expect(settings.xcconfigDiagnostics.map(\.kind) == [.includeCycle])
    #expect(
      settings.xcconfigDiagnostics.first?.description
        == root + "/B.xcconfig:3: skipping the include of 'A.xcconfig' as it would create a cycle: "
        + "A.xcconfig → B.xcconfig → A.xcconfig")
    #expect(settings.value(of: "X") == "1" && settings.value(of: "Y") == "2")
    let selfInclude = try folder(["Self.xcconfig": "#include \"Self.xcconfig\"\nZ = 3\n"])
    let alone = try BuildSettings(xcconfigFiles: [selfInclude + "/Self.xcconfig"])
    #expect(alone.xcconfigDiagnostics.map(\.kind) == [.includeCycle])
    #expect(alone.value(of: "Z") == "3")
  }

  /// swift-build `MacroConfigFileLoader.foundPreprocessorInclusion` (`missingIncludedFile`): a missing include is
  /// reported at its line and the rest of the file still counts; `#include?` is silent; only an `.xcconfig` that
  /// cannot be read at all stops the load (`getCachedMacroConfigFile`'s "Unable to open").
  @Test func aMissingIncludeIsReportedAndTheRestStillCounts() throws {
    let root = try folder([
      "A.xcconfig": "// header\n#include \"Nope.xcconfig\"\n#include? \"Maybe.xcconfig\"\nB = 2\n"
    ])
    let settings = try BuildSettings(xcconfigFiles: [root + "/A.xcconfig"])
    let diagnostic = try #require(settings.xcconfigDiagnostics.first)
    #expect(settings.xcconfigDiagnostics.count == 1)
    #expect(diagnostic.kind == .missingInclude)
    #expect(diagnostic.file == root + "/A.xcconfig")
    #expect(diagnostic.line == 2)
    #expect(settings.value(of: "B") == "2")
    let missing = try #require(throws: BuildSettingsError.self) {
      try BuildSettings(xcconfigFiles: [root + "/Absent.xcconfig"])
    }
    #expect(missing.description == "xcconfig file '\(root)/Absent.xcconfig' does not exist")
  }

  /// swift-build `MacroConfigFileParser.parse`: a malformed line is an error at its line, skipped, and the lines
  /// after it still count.
  @Test(arguments: [
    ("A = 1\n= value\n", 2, "expected a setting name, found '= value'"),
    ("NAME value\n", 1, "expected '=' after 'NAME'"),
    ("\n\nNAME[sdk=iphoneos* = x\n", 3, "unterminated condition after 'NAME'"),
    ("NAME[sdk] = x\n", 1, "expected 'parameter=pattern' in condition '[sdk]'"),
    ("#import \"x.xcconfig\"\n", 1, "unsupported directive '#import'; expected '#include \"file.xcconfig\"'"),
    ("#include x.xcconfig\n", 1, "expected a quoted file name after '#include'"),
  ])
  func malformedLinesAreReportedAndSkipped(text: String, line: Int, message: String) throws {
    var settings = BuildSettings()
    try settings.loadXcconfig(text: text + "AFTER = yes\n", name: "Config/Bad.xcconfig")
    #expect(settings.xcconfigDiagnostics.map(\.kind) == [.malformedLine])
    #expect(settings.xcconfigDiagnostics.first?.description == "Config/Bad.xcconfig:\(line): \(message)")
    #expect(settings.value(of: "AFTER") == "yes")
  }
}

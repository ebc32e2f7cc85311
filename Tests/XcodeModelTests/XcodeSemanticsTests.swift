import Foundation
import SharelintBase
import Testing
import XcodeModel

/// Each test names the swift-build code (`swiftlang/swift-build`) whose behaviour it pins.
@Suite("Xcode's macro semantics, as swift-build implements them")
struct XcodeSemanticsTests {
  /// Whether this machine's temporary folder tells `a` from `A` (Linux: yes; a Mac's default disk: no).
  static let diskIsCaseSensitive: Bool = {
    let probe = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-case-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: probe.path, contents: Data())
    defer { try? FileManager.default.removeItem(at: probe) }
    return !FileManager.default.fileExists(atPath: probe.path.uppercased())
  }()

  /// `MacroEvaluationProgram.executeInContext` (`.evalNamedMacro`: "a known macro but no value has been defined
  /// for it … substitute the empty string") and `MacroEvaluationScope.evaluateAsString` ("No value, so we return
  /// an empty string"): an undefined setting is empty, and the value is usable when it is whole.
  @Test func anUndefinedSettingIsTheEmptyString() {
    var settings = BuildSettings()
    settings.define("A", as: "io.example")
    let evaluation = settings.evaluate("${A}.App${B}${C}")
    #expect(evaluation.value == "io.example.App")
    #expect(evaluation.undefinedNames == ["B", "C"])
    #expect(!evaluation.isIncomplete)
    #expect(settings.resolve("${A}.App${B}${C}") == .resolved("io.example.App"))
    // An undefined setting that stands for a whole part (or all) of the value makes it incomplete.
    #expect(settings.evaluate("msauth.$(B)").isIncomplete)
    #expect(settings.evaluate("group.$(B).shared").isIncomplete)
    #expect(settings.evaluate("$(B)").isIncomplete)
    #expect(settings.resolve("$(B)$(C)").unresolvedReferences.map(\.name) == ["B", "C"])
  }

  /// `MacroEvaluationContext.nextValueForMacro` ("If it's the same macro as ours, it's really just an inheritance
  /// lookup"): `DEVELOPMENT_TEAM = "$(DEVELOPMENT_TEAM)"` at target level is the project level's team.
  @Test func aSettingThatRefersToItselfIsTheLevelBelow() throws {
    let configuration = try XcodeFixtures.appDebug(
      XcodeFixtures.project(
        appSettings: "DEVELOPMENT_TEAM = \"$(DEVELOPMENT_TEAM)\"; PRODUCT_BUNDLE_IDENTIFIER = \"$(ID) $(ID)\";",
        projectSettings: "DEVELOPMENT_TEAM = ABCDE12345; ID = x;"))
    #expect(configuration.developmentTeam?.resolved == "ABCDE12345")
    #expect(configuration.notes.isEmpty && configuration.errors.isEmpty)
    #expect(configuration.bundleIdentifier?.resolved == "x x")
  }

  /// `MacroEvaluationContext.nextValueForMacro` for a loop through another setting: the looping reference takes
  /// the assignment below the one in use; with nothing below it is empty, with one note at the assignment that
  /// closes the loop. The other settings are unaffected.
  @Test func aRealCycleIsEmptyWithOneLocatedNote() throws {
    var settings = BuildSettings()
    settings.add(BuildSettingDefinition(name: "A", value: "base", origin: .xcconfig(file: "P.xcconfig", line: 1)))
    settings.add(BuildSettingDefinition(name: "A", value: "$(B)", origin: .xcconfig(file: "T.xcconfig", line: 1)))
    settings.add(BuildSettingDefinition(name: "B", value: "<$(A)>", origin: .xcconfig(file: "T.xcconfig", line: 2)))
    settings.define("C", as: "fine")
    let loop = settings.evaluate("$(A)")
    #expect(loop.value == "<base>")
    #expect(loop.cycles.count == 1)
    #expect(loop.cycles.first?.origin == .xcconfig(file: "T.xcconfig", line: 2))
    #expect(settings.resolve("$(C)") == .resolved("fine"))
  }

  /// `MacroConfigFileLoader.foundPreprocessorInclusion`: a relative include is looked up in the including file's
  /// folder, then in the folders of the files that included it, then in the search paths (for a base
  /// configuration, the project's folder: `WorkspaceSettingsCache.getCachedMacroConfigFile`); `.xcconfig` is
  /// added to a name without extension.
  @Test func includesAreSearchedAsXcodeSearchesThem() throws {
    let configuration = try XcodeFixtures.appDebug(
      XcodeFixtures.project(appSettings: "", appBase: "FA"),
      files: [
        "App.xcconfig": "#include \"Configs/Nested\"\n",
        "Configs/Nested.xcconfig": "#include \"Shared.xcconfig\"\n#include \"Root.xcconfig\"\nNESTED = yes\n",
        "Shared.xcconfig": "SHARED = from-the-includer's-folder\n",
        "Root.xcconfig": "ROOT = from-the-project-folder\n",
      ])
    #expect(configuration.notes.isEmpty)
    #expect(configuration.settings.value(of: "NESTED") == "yes")
    #expect(configuration.settings.value(of: "SHARED") == "from-the-includer's-folder")
    #expect(configuration.settings.value(of: "ROOT") == "from-the-project-folder")
  }

  /// `MacroConfigFileLoader.foundPreprocessorInclusion` on a Mac's case-insensitive disk: `Version.public` finds
  /// `Version.Public.xcconfig`. Where the disk tells case apart the file is found ignoring case, with a note; so
  /// are `INFOPLIST_FILE` and `CODE_SIGN_ENTITLEMENTS`.
  @Test func filesAreFoundIgnoringCaseWithANote() throws {
    let configuration = try XcodeFixtures.appDebug(
      XcodeFixtures.project(
        appSettings: "INFOPLIST_FILE = app/info.plist; CODE_SIGN_ENTITLEMENTS = App/app.ENTITLEMENTS;", appBase: "FA"),
      files: [
        "App.xcconfig": "#include \"Version.public.xcconfig\"\n",
        "Version.Public.xcconfig": "MARKETING_VERSION = 2.0\n",
        "App/Info.plist": "<plist/>", "App/App.entitlements": "<plist/>",
      ])
    #expect(configuration.settings.value(of: "MARKETING_VERSION") == "2.0")
    #expect(configuration.infoPlistPath?.resolved?.hasSuffix("/App/Info.plist") == true)
    #expect(configuration.entitlementsPath?.resolved?.hasSuffix("/App/App.entitlements") == true)
    if Self.diskIsCaseSensitive {
      #expect(configuration.notes.count == 3)
      #expect(configuration.notes.allSatisfy { $0.message.contains("found ignoring case") })
    } else {
      print("note: this disk is case-insensitive, as Xcode's: no case notes to check")
      #expect(configuration.notes.isEmpty)
    }
  }

  /// `PlanningOperation` (`processRawEntitlements`): code signing gives `$(CFBundleIdentifier)` the product's bundle
  /// identifier and `$(TeamIdentifierPrefix)` the team followed by `.` (nothing without a team); the app identifier
  /// prefix comes from the profile, which is the team's. None of them is an undefined setting.
  @Test func entitlementsSigningVariablesResolveAsCodeSigningDoes() {
    var settings = BuildSettings()
    settings.define("PRODUCT_BUNDLE_IDENTIFIER", as: "io.example.app")
    settings.define("DEVELOPMENT_TEAM", as: "ABCDE12345")
    #expect(settings.resolve("iCloud.$(CFBundleIdentifier)", signing: true) == .resolved("iCloud.io.example.app"))
    #expect(
      settings.resolve("$(AppIdentifierPrefix)$(CFBundleIdentifier)", signing: true)
        == .resolved("ABCDE12345.io.example.app"))
    #expect(settings.resolve("$(TeamIdentifierPrefix)shared", signing: true) == .resolved("ABCDE12345.shared"))
    let withoutTeam = BuildSettings().evaluate("$(TeamIdentifierPrefix)shared", signing: true)
    #expect(withoutTeam.value == "shared" && withoutTeam.undefined.isEmpty && !withoutTeam.isIncomplete)
  }

  /// Thirty files that each `#include` the next one twice, each with its own assignments.
  private func doublingIncludes(assignment: (Int) -> String) throws -> String {
    var files: [String: String] = [:]
    for index in 0..<30 {
      let next = index + 1 < 30 ? "#include \"F\(index + 1).xcconfig\"\n#include \"F\(index + 1).xcconfig\"\n" : ""
      files["F\(index).xcconfig"] = next + assignment(index)
    }
    return try XcodeFixtures.folder(files) + "/F0.xcconfig"
  }

  /// Bounded where swift-build is not: `MacroConfigFileLoader` parses an included file again for every `#include`,
  /// so files that each include the next one twice take 2ⁿ reads. Here each file is parsed once and its
  /// assignments reused: 30 such files load at once (without the fix this test does not finish).
  @Test(.timeLimit(.minutes(1))) func filesThatIncludeTheNextTwiceLoadInLinearTime() throws {
    let path = try doublingIncludes { "X\($0) = \($0)\nY = \($0)\n" }
    let start = ContinuousClock.now
    let settings = try BuildSettings(xcconfigFiles: [path])
    #expect(ContinuousClock.now - start < .seconds(1))
    #expect(settings.resolve("$(Y)") == .resolved("0"))
    #expect(settings.resolve("$(X29)") == .resolved("29"))
    #expect(settings.xcconfigDiagnostics.isEmpty)
  }

  /// The same with `X = $(inherited) …` in every file: the last file's assignment is included 2²⁹ times, and
  /// each copy stands for a different level of `$(inherited)`; the latest 10,000 assignments are kept, with a
  /// note (without the bound this test does not finish).
  @Test(.timeLimit(.minutes(1))) func repeatedInheritingAssignmentsAreKeptUpToALimit() throws {
    let path = try doublingIncludes { "X\($0) = $(inherited) \($0)\nY = \($0)\n" }
    let settings = try BuildSettings(xcconfigFiles: [path])
    #expect(settings.resolve("$(Y)") == .resolved("0"))
    #expect(settings.resolve("$(X0)") == .resolved(" 0"))
    #expect(settings.xcconfigDiagnostics.map(\.kind) == [.tooManyAssignments])
  }

  /// Bounded where swift-build is not: `MacroEvaluationProgram.executeInContext` evaluates `X0 = $(X1)$(X1)` …
  /// by expanding each reference again (2ⁿ work and a 2ⁿ-byte value). Here each setting is evaluated once per
  /// context and a value past 1 MB is an error and empty (without the fix this test does not finish).
  @Test(.timeLimit(.minutes(1))) func settingsThatDoubleAreEvaluatedOnceAndCutAtTheSizeLimit() throws {
    var settings = BuildSettings()
    for index in 0..<25 {
      settings.add(
        BuildSettingDefinition(
          name: "X\(index)", value: "$(X\(index + 1))$(X\(index + 1))",
          origin: .xcconfig(file: "B.xcconfig", line: index + 1)))
    }
    settings.define("X25", as: "abcd")
    let start = ContinuousClock.now
    let evaluation = settings.evaluate("$(X0)")
    #expect(ContinuousClock.now - start < .seconds(1))
    #expect(evaluation.value.isEmpty)
    #expect(evaluation.problems.contains { $0.reason == .tooLarge })
    // Small enough values come out whole: X6 is 4 × 2¹⁹ bytes, 2 MB; X8 is 512 KB.
    #expect(settings.evaluate("$(X8)").value.utf8.count == 4 << 17)
    #expect(settings.evaluate("$(X6)").problems.map(\.reason) == [.tooLarge])

    let configuration = try XcodeFixtures.appDebug(
      XcodeFixtures.project(
        appSettings: (0..<25).map { "X\($0) = \"$(X\($0 + 1))$(X\($0 + 1))\";" }.joined()
          + "X25 = abcd; PRODUCT_BUNDLE_IDENTIFIER = \"$(X0)\";"))
    #expect(configuration.errors.count == 1)
    #expect(configuration.errors.first?.message.contains("grows past 1 MB") == true)
  }
}

@Suite("References without brackets and the $$ escape, as swift-build parses them")
struct UnbracketedReferenceTests {
  /// `MacroExpressionParser.parseSubstitutionSubexpression` ("a valid expression of the deprecated form
  /// “$MACRO”"): the name starts with a letter or `_` (`isValidMacroName1stChar`) and runs over letters, digits,
  /// `_` and `.` (`isValidMacroNameNthChar`); anything else ends it. A setting with a value is expanded.
  @Test func anUnbracketedNameEndsAtTheFirstCharacterThatIsNotLetterDigitUnderscoreOrDot() {
    var settings = BuildSettings()
    settings.define("APP_SCHEME", as: "contoso")
    settings.define("_X1", as: "x")
    #expect(settings.resolve("$APP_SCHEME-intunemam") == .resolved("contoso-intunemam"))
    #expect(settings.resolve("$APP_SCHEME://auth") == .resolved("contoso://auth"))
    #expect(settings.resolve("a/$_X1/b") == .resolved("a/x/b"))
    // '.' continues the name: `$APP_SCHEME.x` names the setting 'APP_SCHEME.x', which has no value.
    #expect(settings.resolve("$APP_SCHEME.x") == .resolved("$APP_SCHEME.x"))
    let references = BuildSettingText(parsing: "$APP_SCHEME-x").references
    #expect(references.map(\.delimiter) == [.none])
    #expect(references.map(\.range) == [0..<11])
    #expect(references.map(\.spelling) == ["$APP_SCHEME"])
    // A digit cannot start a name: `$5` is literal.
    #expect(BuildSettingText(parsing: "$5").references.isEmpty)
  }

  /// `MacroEvaluationProgram.executeInContext`, `.evalNamedMacro(preserveOriginalIfUnresolved:)`: a `$NAME` whose
  /// setting has no value — none defined, `$inherited` with nothing below — stays as written, and is no undefined
  /// setting; `$(NAME)` in the same place is empty.
  @Test func anUnbracketedNameWithNoValueStaysAsWritten() {
    let settings = BuildSettings()
    let evaluation = settings.evaluate("msauth.$BUNDLE_ID")
    #expect(evaluation.value == "msauth.$BUNDLE_ID")
    #expect(evaluation.undefined.isEmpty && !evaluation.isIncomplete)
    #expect(settings.evaluate("msauth.$(BUNDLE_ID)").value == "msauth.")
    var inheriting = BuildSettings()
    inheriting.define("FLAGS", as: "$inherited -x")
    #expect(inheriting.evaluate("$(FLAGS)").value == "$inherited -x")
    inheriting.add(BuildSettingDefinition(name: "LEVELS", value: "base", origin: .commandLine))
    inheriting.add(BuildSettingDefinition(name: "LEVELS", value: "$inherited top", origin: .commandLine))
    #expect(inheriting.evaluate("$(LEVELS)").value == "base top")
  }

  /// `MacroExpressionParser.parseSubstitutionSubexpression`: a `$(…)` written right after a `$NAME` is part of the
  /// name (rdar://12769727), so `$FOO_$(KIND)` names `FOO_` followed by the value of `KIND`.
  @Test func aBracketedReferenceRightAfterAnUnbracketedNameIsPartOfTheName() {
    var settings = BuildSettings()
    settings.define("KIND", as: "RELEASE")
    settings.define("ID_RELEASE", as: "com.contoso.notes")
    #expect(settings.resolve("$ID_$(KIND).share") == .resolved("com.contoso.notes.share"))
  }

  /// `MacroExpressionParser.parseSubstitutionSubexpression`: `$$` is an escaped `$` (the second is skipped), so
  /// what follows is literal; `$[NAME]` is an older bracket form Xcode still expands.
  @Test func twoDollarsAreOneAndSquareBracketsAreAReference() {
    var settings = BuildSettings()
    settings.define("NAME", as: "contoso")
    #expect(settings.resolve("$$NAME") == .resolved("$NAME"))
    #expect(settings.resolve("a$$(NAME)") == .resolved("a$(NAME)"))
    #expect(settings.resolve("$[NAME]-intunemam") == .resolved("contoso-intunemam"))
    #expect(BuildSettingText(parsing: "$$NAME").spelling == "$$NAME")
    #expect(BuildSettingText(parsing: "$[NAME]").references.first?.spelling == "$[NAME]")
    #expect(BuildSettingText.mayHoldReferences("x$NAME") && BuildSettingText.mayHoldReferences("$$"))
    #expect(!BuildSettingText.mayHoldReferences("costs $5 or $"))
  }
}

@Suite("Info.plist preprocessor flags, as Xcode passes them")
struct InfoPlistPreprocessorOptionsTests {
  /// swift-build's `Cpp.xcspec` (`com.apple.compilers.cpp`): `-D` for each `INFOPLIST_PREPROCESSOR_DEFINITIONS`
  /// entry, then `INFOPLIST_OTHER_PREPROCESSOR_FLAGS`, so a later `-D` or `-U` wins; `-C`, `-I` and
  /// `-traditional` change the output; flags sharelint cannot honour are named.
  @Test func flagsAreHonouredInXcodesOrderAndTheRestNamed() {
    let options = InfoPlistPreprocessorOptions(
      definitionsSetting: "BAR FOO=1 \"SPACED=a b\"",
      otherFlags: "-C -DFOO=2 -U BAR -Iinc -isystem /abs -traditional -x c -Wno-foo -P -include x.h -fmodules",
      workingFolder: "Project")
    #expect(options.definitions == ["FOO": "2", "SPACED": "a b"])
    #expect(options.keepsComments && options.traditional)
    #expect(options.includePaths == ["Project/inc", "/abs"])
    #expect(options.unsupportedFlags == ["-include x.h", "-fmodules"])
    #expect(options.unsupportedFlagsNote?.contains("'-include x.h', '-fmodules'") == true)
    let plain = InfoPlistPreprocessorOptions(definitionsSetting: "", otherFlags: "", workingFolder: "")
    #expect(!plain.keepsComments && !plain.traditional && plain.unsupportedFlagsNote == nil)
  }

  /// With `-C` (clang keeps comments, `//` ones included), `msauth.x://auth</string>` comes out whole; without it
  /// the ISO preprocessor Xcode runs by default cuts the line at `//`.
  @Test func keepingCommentsKeepsTheRestOfAURL() throws {
    let source = SourceText(name: "Info.plist", string: "<string>msauth.x://auth</string>\n")
    let kept = InfoPlistPreprocessorOptions(definitionsSetting: "", otherFlags: "-C", workingFolder: "")
    #expect(String(decoding: try kept.preprocessor.preprocess(source).output, as: UTF8.self).contains("//auth</string>"))
    let cut = InfoPlistPreprocessorOptions(definitionsSetting: "", otherFlags: "", workingFolder: "")
    #expect(!String(decoding: try cut.preprocessor.preprocess(source).output, as: UTF8.self).contains("</string>"))
  }
}

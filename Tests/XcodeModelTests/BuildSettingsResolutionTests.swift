import Testing
import XcodeModel

@testable import PropertyList

@Suite("Build setting references and resolution")
struct BuildSettingsResolutionTests {
  @Test func referencesAreFoundWithTheirUTF8Ranges() {
    let text = "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://é/${NAME:lower}"
    let references = BuildSettingText(parsing: text).references
    #expect(references.map(\.literalName) == ["PRODUCT_BUNDLE_IDENTIFIER", "NAME"])
    #expect(references[0].range == 7..<35)
    #expect(references[0].delimiter == .parentheses)
    let utf8 = Array(text.utf8)
    #expect(String(decoding: utf8[references[1].range], as: UTF8.self) == "${NAME:lower}")
    #expect(references[1].delimiter == .braces)
    #expect(references[1].modifiers.map(\.name) == ["lower"])
  }

  @Test func dollarNamesWithNoValueStayAsWritten() {
    let rule = "SUBQUERY(extensionItems, $extensionItem, $extensionItem.attachments.@count == 1).@count == 1"
    #expect(
      BuildSettingText(parsing: rule).references.map(\.literalName) == [
        "extensionItem", "extensionItem.attachments.",
      ])
    #expect(BuildSettings().resolve(rule) == .resolved(rule))
    #expect(BuildSettings().evaluate(rule).undefined.isEmpty)
    #expect(BuildSettingText(parsing: "costs $5 or $").references.isEmpty)
    #expect(BuildSettings().resolve("costs $5 or $") == .resolved("costs $5 or $"))
  }

  @Test func nestedReferencesResolveInsideOut() {
    var settings = BuildSettings()
    settings.define("BAR", as: "RELEASE")
    settings.define("FOO_RELEASE", as: "com.contoso.notes")
    #expect(settings.resolve("$(FOO_$(BAR))") == .resolved("com.contoso.notes"))
    let nested = BuildSettingText(parsing: "$(FOO_$(BAR))").allReferences
    #expect(nested.map(\.range) == [0..<13, 6..<12])
    #expect(settings.resolve("$(P:default=$(BAR:lower))") == .resolved("release"))
  }

  @Test func unresolvedInnerReferenceIsReportedAtItsOwnRange() {
    let settings = BuildSettings()
    let unresolved = settings.resolve("x.$(FOO_$(BAR))").unresolvedReferences
    #expect(
      unresolved == [
        UnresolvedBuildSettingReference(name: "BAR", range: 8..<14, reason: .undefined),
        UnresolvedBuildSettingReference(name: "FOO_", range: 2..<15, reason: .undefined),
      ])
  }

  @Test func everyUnresolvedReferenceIsListedWithNameAndRange() {
    var settings = BuildSettings()
    settings.define("PRODUCT_BUNDLE_IDENTIFIER", as: "com.fabrikam.field")
    let text = "$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER).$(MSAL_CLIENT_ID)"
    let resolution = settings.resolve(text)
    #expect(resolution.resolvedText == nil)
    #expect(
      resolution.unresolvedReferences == [
        UnresolvedBuildSettingReference(name: "AppIdentifierPrefix", range: 0..<22, reason: .undefined),
        UnresolvedBuildSettingReference(name: "MSAL_CLIENT_ID", range: 51..<68, reason: .undefined),
      ])
    #expect(resolution.unresolvedReferences[1].message == "build setting 'MSAL_CLIENT_ID' is not defined")
  }

  @Test func aSettingThatRefersToAMissingOneIsReportedThroughIt() {
    var settings = BuildSettings()
    settings.define("PRODUCT_BUNDLE_IDENTIFIER", as: "com.contoso.$(PRODUCT_NAME:rfc1034identifier)")
    let unresolved = settings.resolve("id=$(PRODUCT_BUNDLE_IDENTIFIER)").unresolvedReferences
    #expect(
      unresolved == [
        UnresolvedBuildSettingReference(
          name: "PRODUCT_NAME", range: 3..<31, reason: .undefined, via: ["PRODUCT_BUNDLE_IDENTIFIER"],
          origin: .commandLine)
      ])
    settings.define("PRODUCT_NAME", as: "My App_1")
    #expect(settings.resolve("id=$(PRODUCT_BUNDLE_IDENTIFIER)") == .resolved("id=com.contoso.My-App-1"))
  }

  /// swift-build `MacroEvaluationContext.nextValueForMacro`: a loop back to a setting being evaluated takes its
  /// next assignment below (here none: nothing), recorded as a cycle; an unterminated reference is still
  /// evaluated (`MacroExpressionParser` reports it and goes on).
  @Test func loopsTakeTheLevelBelowAndUnterminatedReferencesAreReported() {
    var settings = BuildSettings()
    settings.define("A", as: "$(B)")
    settings.define("B", as: "x$(A)")
    let loop = settings.evaluate("$(A)")
    #expect(loop.value == "x")
    #expect(loop.cycles.map(\.name) == ["A"])
    #expect(loop.cycles.first?.via == ["A", "B"])
    #expect(settings.resolve("$(A)") == .resolved("x"))
    let unterminated = settings.evaluate("abc $(C").problems
    #expect(unterminated == [UnresolvedBuildSettingReference(name: "C", range: 4..<7, reason: .unterminated)])
  }

  /// swift-build `MacroEvaluationProgram.lookupMacroInContext`: `$(inherited)` outside any setting names no
  /// setting, so it is nothing.
  @Test func emptyReferenceAndInheritedOutsideASettingExpandToNothing() {
    #expect(BuildSettings().resolve("https:/$()/host") == .resolved("https://host"))
    #expect(BuildSettings().resolve("a$(inherited)") == .resolved("a"))
  }

  @Test func commandLineDefinitionsAreParsed() throws {
    var settings = BuildSettings()
    try settings.define(commandLineArgument: "MSAL_CLIENT_ID=a=b")
    try settings.define(commandLineArgument: "EMPTY=")
    #expect(settings.value(of: "MSAL_CLIENT_ID") == "a=b")
    #expect(settings.resolve("[$(EMPTY)]") == .resolved("[]"))
    #expect(throws: BuildSettingsError.self) { try settings.define(commandLineArgument: "NO_EQUALS") }
    #expect(throws: BuildSettingsError.self) { try settings.define(commandLineArgument: "1BAD=x") }
  }

  @Test func rangesMapBackToThePlistFileThroughTheSourceMap() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>ADALClientId</key>
      \t<string>&quot;$(MSAL_CLIENT_ID)</string>
      </dict>
      </plist>
      """
    let document = try PropertyListDocument(bytes: Array(xml.utf8), name: "Info.plist")
    let node = try #require(document.value(at: ["ADALClientId"]))
    let text = try #require(node.string)
    let unresolved = try #require(BuildSettings().evaluate(text).undefined.first)
    let sourceRange = try #require(node.sourceMap).sourceRange(ofTextUTF8Range: unresolved.range)
    #expect(document.text(of: sourceRange) == "$(MSAL_CLIENT_ID)")
  }
}

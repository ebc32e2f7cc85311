import Testing
import XcodeModel

@testable import PropertyList

@Suite("Build setting modifiers")
struct BuildSettingsModifierTests {
  private func resolved(_ text: String, _ settings: [String: String]) -> String? {
    var buildSettings = BuildSettings()
    for (name, value) in settings { buildSettings.define(name, as: value) }
    return buildSettings.resolve(text).resolvedText
  }

  @Test func rfc1034IdentifierReplacesWhatADomainLabelCannotHold() {
    #expect(resolved("$(PRODUCT_NAME:rfc1034identifier)", ["PRODUCT_NAME": "My App_1"]) == "My-App-1")
    #expect(resolved("com.x.$(P:rfc1034identifier)", ["P": "Notes.Pro+"]) == "com.x.Notes-Pro-")
    #expect(resolved("$(P:rfc1034identifier)", ["P": "1Password"]) == "-Password")
    #expect(resolved("$(P:rfc1034identifier)", ["P": "Café"]) == "Caf-")
  }

  @Test func identifierAndC99ExtendedIdentifierUseUnderscores() {
    #expect(resolved("$(P:identifier)", ["P": "My App-1.0"]) == "My_App_1_0")
    #expect(resolved("$(P:identifier)", ["P": "9lives"]) == "_lives")
    #expect(resolved("$(P:c99extidentifier)", ["P": "My App-1"]) == "My_App_1")
    #expect(resolved("$(P:c99extidentifier)", ["P": "2Go"]) == "_Go")
    #expect(resolved("$(P:c99extidentifier)", ["P": "Café"]) == "Café")
  }

  @Test func caseAndQuoteModifiers() {
    #expect(resolved("$(P:lower)", ["P": "Contoso Notes"]) == "contoso notes")
    #expect(resolved("${P:upper}", ["P": "Contoso Notes"]) == "CONTOSO NOTES")
    #expect(resolved("$(P:quote)", ["P": #"a b"c'd\e"#]) == #"a\ b\"c\'d\\e"#)
    #expect(BuildSettingModifier.quote.apply(to: "") == "\"\"")
    #expect(resolved("[$(P:quote)]", ["P": ""]) == "[]", "a setting that expands to nothing stays nothing")
    #expect(resolved("$(P:not)", ["P": "YES"]) == "NO")
    #expect(resolved("$(P:not)", ["P": "NO"]) == "YES")
  }

  @Test func pathModifiers() {
    let path = ["P": "/tmp/build/Info.plist"]
    #expect(resolved("$(P:dir)", path) == "/tmp/build/")
    #expect(resolved("$(P:file)", path) == "Info.plist")
    #expect(resolved("$(P:base)", path) == "Info")
    #expect(resolved("$(P:suffix)", path) == ".plist")
    #expect(resolved("$(P:dir)", ["P": "Info.plist"]) == "./")
    #expect(resolved("$(P:base)", ["P": "archive.tar.gz"]) == "archive.tar")
    #expect(resolved("$(P:suffix)", ["P": ".hidden"]) == "")
    #expect(resolved("$(P:standardizepath)", ["P": "/a/./b//c/../d/"]) == "/a/b/d")
    #expect(resolved("$(P:standardizepath)", ["P": "a/./b/../c"]) == "a/b/../c")
    #expect(resolved("$(P:suffix=txt)", path) == "/tmp/build/Info.txt")
    #expect(resolved("$(P:file=Other.plist)", path) == "/tmp/build/Other.plist")
    #expect(resolved("$(P:dir=/out)", path) == "/out/Info.plist")
    #expect(resolved("$(P:base=Main)", path) == "/tmp/build/Main.plist")
  }

  @Test func defaultAppliesToEmptyAndUndefinedSettingsOnly() {
    #expect(resolved("$(MISSING:default=fallback)", [:]) == "fallback")
    #expect(resolved("$(EMPTY:default=fallback)", ["EMPTY": ""]) == "fallback")
    #expect(resolved("$(SET:default=fallback)", ["SET": "value"]) == "value")
    #expect(resolved("$(MISSING:upper:default=$(OTHER:lower))", ["OTHER": "ABC"]) == "abc")
    #expect(resolved("$(MISSING:dir:default=x)", [:]) == "x")
  }

  @Test func modifiersApplyLeftToRight() {
    #expect(resolved("$(P:file:base:upper)", ["P": "/a/My App.app"]) == "MY APP")
    #expect(resolved("$(P:rfc1034identifier:lower)", ["P": "My App"]) == "my-app")
  }

  @Test func unknownModifierIsReportedWithTheReference() {
    var settings = BuildSettings()
    settings.define("PRODUCT_NAME", as: "Notes")
    let resolution = settings.resolve("id.$(PRODUCT_NAME:camelcase)")
    let unresolved = resolution.unresolvedReferences
    #expect(resolution.resolvedText == nil)
    #expect(
      unresolved == [
        UnresolvedBuildSettingReference(name: "PRODUCT_NAME", range: 3..<28, reason: .unknownModifier("camelcase"))
      ])
    #expect(unresolved.first?.message == "unknown modifier ':camelcase' in the reference to 'PRODUCT_NAME'")
    #expect(
      settings.resolve("$(PRODUCT_NAME:relativeto=/tmp)").unresolvedReferences.first?.reason
        == .unknownModifier("relativeto"))
  }
}

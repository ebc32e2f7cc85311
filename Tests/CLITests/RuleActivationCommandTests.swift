import Foundation
import Testing

@Suite struct RuleActivationCommandTests {
  static let imageRule = #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count >= 1).@count >= 1"#

  @Test func augmentAddsTheTwinOnceAndKeepsTheLayout() throws {
    let first = try Sharelint.run(["rule", "augment", Self.imageRule])
    #expect(first.status == 0)
    #expect(first.standardOutput.contains(#"UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image""#))
    #expect(first.standardOutput.hasPrefix("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, (ANY"))
    let second = try Sharelint.run(["rule", "augment", "-"], input: first.standardOutput)
    #expect(second.standardOutput == first.standardOutput, "augment is idempotent")
    let broken = try Sharelint.run(["rule", "augment", "a =="])
    #expect(broken.status == 1)
  }

  @Test func evalAnswersWithItsExitStatus() throws {
    let yes = try Sharelint.run(["rule", "eval", Self.imageRule, "--attachments", "public.jpeg,public.heic"])
    #expect(yes.status == 0)
    #expect(yes.standardOutput == "activates\n")
    let managed = try Sharelint.run(["rule", "eval", Self.imageRule, "--attachments", "com.microsoft.intune.mam.public.jpeg"])
    #expect(managed.status == 1, "the unaugmented rule ignores MAM-wrapped types")
    let json = try Sharelint.run([
      "rule", "eval", Self.imageRule, "--json",
      "--input", #"{"extensionItems": [{"attachments": [{"registeredTypeIdentifiers": ["com.adobe.pdf"]}]}]}"#,
    ])
    #expect(json.status == 1)
    #expect(json.standardOutput == "{\"activates\":false}\n")
    let badJSON = try Sharelint.run(["rule", "eval", Self.imageRule, "--input", "{\"extensionItems\": [}"])
    #expect(badJSON.status == 2)
    #expect(badJSON.standardError.hasPrefix("sharelint: --input:1:"))
    let both = try Sharelint.run(["rule", "eval", Self.imageRule])
    #expect(both.status == 2, "a context is required")
  }

  @Test func convertKeepsTheDictionarysMeaningAndReportsItsProblems() throws {
    let json = #"{"NSExtensionActivationSupportsImageWithMaxCount": 10, "NSExtensionActivationDictionaryVersion": 2}"#
    let converted = try Sharelint.run(["rule", "convert", "-"], input: json)
    #expect(converted.status == 0)
    #expect(converted.standardOutput.contains(#"UTI-CONFORMS-TO "public.image""#))
    let evaluated = try Sharelint.run(["rule", "eval", "-", "--attachments", "public.png"], input: converted.standardOutput)
    #expect(evaluated.status == 0)
    let broken = try Sharelint.run(["rule", "convert", "Samples/FabrikamBroken/FabrikamPhotos/Info.plist"])
    #expect(broken.status == 1)
    #expect(broken.standardError.contains("did you mean 'NSExtensionActivationSupportsImageWithMaxCount'"))
    let missing = try Sharelint.run(["rule", "convert", "No/Such/Info.plist"])
    #expect(missing.status == 2)
  }

  @Test func simulatePrintsTheCatalogue() throws {
    let text = try Sharelint.run(["rule", "simulate", "Samples/ContosoClean/ContosoShare/Info.plist"])
    #expect(text.status == 0)
    #expect(text.standardOutput.contains("Photos: one photo (managed)"))
    let json = try Sharelint.run(["rule", "simulate", "--format", "json", "Samples/ContosoClean/ContosoShare/Info.plist"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    let inputs = try #require(object["inputs"] as? [[String: Any]])
    #expect(inputs.count >= 20)
    let managedPhoto = inputs.first { $0["input"] as? String == "Photos: one photo (managed)" }
    #expect(managedPhoto?["activates"] as? Bool == true, "the clean sample's rule accepts MAM-wrapped images")
  }
}

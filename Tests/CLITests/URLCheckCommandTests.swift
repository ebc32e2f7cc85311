import Foundation
import Testing


@Suite struct URLCheckCommandTests {
  static let managedAppsPolicy = "sendOrgData: managedApps\nbrowser: edge\n"

  @Test func textFormatGivesOneLinePerURLAndExitsOneWhenOneIsInvalid() throws {
    let folder = try TemporaryFolder()
    let policy = try folder.write("policy.yaml", Self.managedAppsPolicy)
    let result = try Sharelint.run([
      "url", "check", "--policy", policy, "tel:112", "skype:bob", "https://a.example", "nourl",
    ])
    #expect(result.status == 1)
    #expect(result.standardError.isEmpty)
    #expect(result.standardOutput == """
      tel:112: allowed-if-managed-target by allowedOutboundDataTransferDestinations; opens tel-intunemam:112; \
      canOpenURL not-checked
      skype:bob: allowed by exemptedAppProtocols; opens skype:bob; canOpenURL not-checked
      https://a.example: allowed by managedBrowser; opens microsoft-edge-https://a.example; canOpenURL not-checked
      nourl: invalid by missingScheme; opens nothing; canOpenURL not-checked

      """)
  }

  @Test func jsonLinesHaveSortedKeysAndNullWhenNothingOpens() throws {
    let folder = try TemporaryFolder()
    let policy = try folder.write("policy.json", #"{"sendOrgData": "none"}"#)
    let result = try Sharelint.run([
      "url", "check", "--policy", policy, "--format", "json", "itms-apps://x", "mailto:a@b",
    ])
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines == [
      #"{"canOpenURL":"not-checked","opens":"itms-apps://x","reason":"exemptedAppProtocols","url":"itms-apps://x","#
        + #""verdict":"allowed"}"#,
      #"{"canOpenURL":"not-checked","opens":null,"reason":"allowedOutboundDataTransferDestinations","#
        + #""url":"mailto:a@b","verdict":"blocked"}"#,
    ])
    for line in lines {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(Set(object.keys) == ["canOpenURL", "opens", "reason", "url", "verdict"])
    }
  }

  @Test func policyNamePicksOnePolicyOfAGraphCollection() throws {
    let folder = try TemporaryFolder()
    let policies = try folder.write("policies.json", """
      {"value": [{"id": "a1", "displayName": "Open", "allowedOutboundDataTransferDestinations": "allApps"},
                 {"id": "b2", "displayName": "Locked", "allowedOutboundDataTransferDestinations": "none"}]}
      """)
    let locked = try Sharelint.run(["url", "check", "--policy", policies, "--policy-name", "Locked", "mailto:a@b"])
    #expect(locked.status == 1, "\(locked.standardError)")
    let open = try Sharelint.run(["url", "check", "--policy", policies, "--policy-name", "a1", "mailto:a@b"])
    #expect(open.status == 0, "\(open.standardError)")
    let ambiguous = try Sharelint.run(["url", "check", "--policy", policies, "mailto:a@b"])
    #expect(ambiguous.status == 2)
    #expect(ambiguous.standardError.contains("'Open', 'Locked'"), "\(ambiguous.standardError)")
    #expect(ambiguous.standardError.split(separator: "\n").count == 1)
    let withoutPolicy = try Sharelint.run(["url", "check", "--policy-name", "Locked", "mailto:a@b"])
    #expect(withoutPolicy.status == 2)
  }

  @Test func allowedURLsUnderTheDefaultPolicyExitZero() throws {
    let result = try Sharelint.run(["url", "check", "--format", "tsv", "mailto:a@b", "https://example.com/x"])
    #expect(result.status == 0)
    #expect(result.standardOutput == """
      mailto:a@b\tallowed\tallowedOutboundDataTransferDestinations\tmailto:a@b\tnot-checked
      https://example.com/x\tallowed\tallowedOutboundDataTransferDestinations\thttps://example.com/x\tnot-checked

      """)
  }

  @Test func standardInputBatchSkipsBlankLinesAndReportsAMalformedLine() throws {
    let folder = try TemporaryFolder()
    let policy = try folder.write("policy.yaml", Self.managedAppsPolicy)
    let input = "tel:1\n\nhttp://a.example\r\n1tel:2\nitms-apps://x"
    let result = try Sharelint.run(["url", "check", "--policy", policy, "--format", "tsv", "-"], input: input)
    #expect(result.status == 1)
    #expect(result.standardOutput == """
      tel:1\tallowed-if-managed-target\tallowedOutboundDataTransferDestinations\ttel-intunemam:1\tnot-checked
      http://a.example\tallowed\tmanagedBrowser\tmicrosoft-edge-http://a.example\tnot-checked
      1tel:2\tinvalid\tinvalidScheme\t-\tnot-checked
      itms-apps://x\tallowed\texemptedAppProtocols\titms-apps://x\tnot-checked

      """)
    let noArguments = try Sharelint.run(["url", "check", "--policy", policy, "--format", "tsv"], input: "tel:1\n")
    #expect(noArguments.status == 0)
    #expect(noArguments.standardOutput.hasPrefix("tel:1\tallowed-if-managed-target\t"))
  }

  @Test func argumentsAroundStandardInputKeepTheirOrder() throws {
    let result = try Sharelint.run(["url", "check", "--format", "tsv", "a:1", "-", "c:3"], input: "b:2\n")
    #expect(result.status == 0)
    #expect(result.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["a:1", "b:2", "c:3"])
  }

  @Test func knownManagedAllowsWhatWouldDependOnTheTarget() throws {
    let folder = try TemporaryFolder()
    let policy = try folder.write("policy.yaml", Self.managedAppsPolicy)
    let result = try Sharelint.run([
      "url", "check", "--policy", policy, "--known-managed", "--format", "tsv", "ms-word:x",
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput
      == "ms-word:x\tallowed\tallowedOutboundDataTransferDestinations\tms-word-intunemam:x\tnot-checked\n")
  }

  @Test func queriesSchemeAtPosition51IsPastTheLimit() throws {
    let folder = try TemporaryFolder()
    let schemes = (1...50).map { "scheme\($0)" } + ["late"]
    let plist = try folder.infoPlist(queriesSchemes: schemes)
    let result = try Sharelint.run([
      "url", "check", "--info-plist", plist, "--format", "tsv", "late://x", "scheme50:y", "other:z",
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").last.map(String.init) }
      == ["past-limit", "declared", "undeclared"])
    let sdk27 = try Sharelint.run([
      "url", "check", "--info-plist", plist, "--sdk-version", "27", "--format", "tsv", "scheme25:a", "scheme26:b",
    ])
    #expect(sdk27.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").last.map(String.init) }
      == ["declared", "past-limit"])
  }

  @Test func managedTargetIsCheckedAgainstTheTwinScheme() throws {
    let folder = try TemporaryFolder()
    let policy = try folder.write("policy.yaml", Self.managedAppsPolicy)
    let plist = try folder.infoPlist(queriesSchemes: ["tel-intunemam"])
    let result = try Sharelint.run([
      "url", "check", "--policy", policy, "--info-plist", plist, "--format", "json", "tel:1",
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix(#"{"canOpenURL":"declared","opens":"tel-intunemam:1""#))
  }

  @Test func unusablePlistOrPolicyExitsTwoWithOneLine() throws {
    let folder = try TemporaryFolder()
    let malformed = try folder.write("Bad.plist", "<plist><dict><key>A</key>\n<strin>x</string></dict></plist>")
    let plist = try Sharelint.run(["url", "check", "--info-plist", malformed, "a:b"])
    #expect(plist.status == 2)
    #expect(plist.standardOutput.isEmpty)
    #expect(plist.standardError.hasPrefix("sharelint: \(malformed):2:"))
    #expect(plist.standardError.filter { $0 == "\n" }.count == 1)

    let missing = try Sharelint.run(["url", "check", "--info-plist", folder.url.path + "/None.plist", "a:b"])
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("None.plist"))

    let wrongType = try folder.write(
      "Wrong.plist", "<plist><dict><key>LSApplicationQueriesSchemes</key><string>x</string></dict></plist>")
    let wrong = try Sharelint.run(["url", "check", "--info-plist", wrongType, "a:b"])
    #expect(wrong.status == 2)
    #expect(wrong.standardError
      == "sharelint: \(wrongType):1:52: LSApplicationQueriesSchemes must be an array of strings, not a string\n")

    let contradictory = try folder.write("policy.yaml", "sendOrgData: allApps\nfilterOpenInToOnlyManagedApps: true\n")
    let policy = try Sharelint.run(["url", "check", "--policy", contradictory, "a:b"])
    #expect(policy.status == 2)
    #expect(policy.standardError.hasPrefix("sharelint: \(contradictory): "))
    #expect(policy.standardError.filter { $0 == "\n" }.count == 1)

    let unreadable = try Sharelint.run(["url", "check", "--policy", folder.url.path + "/absent.yaml", "a:b"])
    #expect(unreadable.status == 2)
    #expect(unreadable.standardError.hasPrefix("sharelint: cannot read"))
  }

  @Test func usageErrorsExitTwoAndHelpExplainsTheAnswers() throws {
    let empty = try Sharelint.run(["url", "check", ""])
    #expect(empty.status == 2)
    let twice = try Sharelint.run(["url", "check", "--policy", "-", "-"], input: "sendOrgData: none\n")
    #expect(twice.status == 2)
    let format = try Sharelint.run(["url", "check", "--format", "xml", "a:b"])
    #expect(format.status == 2)
    let help = try Sharelint.run(["url", "check", "--help"])
    #expect(help.status == 0)
    for word in ["allowed-if-managed-target", "exemptedAppProtocols", "past-limit", "tsv", "Exit status", "Examples"] {
      #expect(help.standardOutput.contains(word), "help lacks \(word)")
    }
  }
}

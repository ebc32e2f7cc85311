import Foundation
import Testing

/// `fix` on a plist XcodeGen writes from `info: properties:` / `entitlements: properties:`: the fix is written into
/// the spec (the root `project.yml` or the included file that defines the key) as YAML edits that keep every other
/// byte, the findings point at the spec, a committed copy of the plist is left alone, `fix --check`, `fix --diff`
/// and `fix` agree, and a second `fix` changes nothing. What the spec's text cannot take safely gets no fix.
@Suite struct XcodeGenSpecFixTests {
  private static func folder(_ files: [String: String]) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for (name, text) in files {
      let url = folder.url.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder
  }

  private static func text(_ name: String, in folder: TemporaryFolder) throws -> String {
    try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
  }

  /// An Intune app whose Info.plist and entitlements XcodeGen writes, neither committed.
  static let appSpec = """
    name: Notes
    options:
      bundleIdPrefix: com.contoso
    targets:
      Notes:
        type: application
        platform: iOS
        info:
          path: Notes/Info.plist
          properties:
            # what iOS shows
            CFBundleDisplayName: 'Notes'
            CFBundleURLTypes:
              - CFBundleURLSchemes: [notes]
            IntuneMAMSettings:
              ADALClientId: 11111111-2222-3333-4444-555555555555
              ADALRedirectUri: msauth.com.contoso.Notes://auth
        entitlements:
          path: Notes/Notes.entitlements
          properties:
            keychain-access-groups:
              - $(AppIdentifierPrefix)com.contoso.Notes   # the app's own

    """

  @Test func findingsPointAtTheSpecAndTheirFixesEditIt() throws {
    let folder = try Self.folder(["project.yml": Self.appSpec])
    let lint = try Sharelint.run(["lint", "--format", "json", "."], in: folder.url)
    let diagnostics = try LintCommandTests.diagnostics(lint.standardOutput)
    func finding(_ code: String) throws -> [String: Any] {
      try #require(diagnostics.first { $0["code"] as? String == code }, "no \(code): \(diagnostics)")
    }
    // A key the spec writes: at its line; a key it lacks: at `info:`.
    let scheme = try finding("US004")
    #expect("\(scheme["file"] ?? "") \(scheme["line"] ?? "") \(scheme["column"] ?? "")" == "project.yml 14 13")
    #expect((scheme["notes"] as? [String])?.first == "in 'Notes/Info.plist', which XcodeGen writes from "
      + "'info: properties:' here")
    let queries = try finding("US002")
    #expect("\(queries["file"] ?? "") \(queries["line"] ?? "")" == "project.yml 8")
    let keychain = try finding("EN001")
    #expect("\(keychain["file"] ?? "") \(keychain["line"] ?? "")" == "project.yml 21")
    for fixed in [scheme, queries, keychain] {
      let fix = try #require(fixed["fix"] as? [String: Any], "\(fixed)")
      #expect(fix["file"] as? String == "project.yml")
    }
    #expect(!diagnostics.contains { ($0["file"] as? String)?.contains("Info.plist") == true })
  }

  @Test func checkDiffAndFixAgreeKeepEveryOtherByteAndASecondFixChangesNothing() throws {
    let folder = try Self.folder(["project.yml": Self.appSpec])
    let check = try Sharelint.run(["fix", "--unsafe", "--check", "."], in: folder.url)
    #expect(check.status == 1)
    #expect(check.standardOutput == "would fix project.yml\n", "\(check.standardOutput)")

    let diff = try Sharelint.run(["fix", "--unsafe", "--diff", "."], in: folder.url)
    #expect(diff.status == 0, "\(diff.standardError)")
    #expect(diff.standardOutput.hasPrefix("--- a/project.yml\n+++ b/project.yml\n"), "\(diff.standardOutput)")
    #expect(try Self.text("project.yml", in: folder) == Self.appSpec, "--diff writes nothing")

    let fixed = try Sharelint.run(["fix", "--unsafe", "."], in: folder.url)
    #expect(fixed.status != 2, "\(fixed.standardError)")
    #expect(!fixed.standardError.contains("not written"), "\(fixed.standardError)")
    let after = try Self.text("project.yml", in: folder)
    let queries = [
      "https-intunemam", "http-intunemam", "microsoft-edge-https", "microsoft-edge-http", "ms-outlook",
      "companyportal", "smart-ns", "zips", "lacoonsecurity", "wandera", "lookoutwork-ase", "skycure",
      "betteractiveshield", "smsec", "mvisionmobile", "scmx", "intunemam-mtd", "msauthv2", "msauthv3",
    ].map { "          - \($0)\n" }.joined()
    let expected = """
      name: Notes
      options:
        bundleIdPrefix: com.contoso
      targets:
        Notes:
          type: application
          platform: iOS
          info:
            path: Notes/Info.plist
            properties:
              # what iOS shows
              CFBundleDisplayName: 'Notes'
              CFBundleURLTypes:
                - CFBundleURLSchemes: [notes, notes-intunemam, msauth.com.contoso.Notes, msauth.com.contoso.Notes-intunemam]
              IntuneMAMSettings:
                ADALClientId: 11111111-2222-3333-4444-555555555555
                ADALRedirectUri: msauth.com.contoso.Notes://auth
              NSFaceIDUsageDescription: "Face ID is used to unlock your organization's data in this app."
              LSApplicationQueriesSchemes:

      """ + queries + """
          entitlements:
            path: Notes/Notes.entitlements
            properties:
              keychain-access-groups:
                - $(AppIdentifierPrefix)com.contoso.Notes   # the app's own
                - $(AppIdentifierPrefix)com.microsoft.intune.mam
                - $(AppIdentifierPrefix)com.microsoft.adalcache

      """
    #expect(after == expected, "\(after)")
    // What --diff showed is what was written.
    let added = diff.standardOutput.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
    // The URL schemes' line, the Face ID text, the query schemes' key and its 19 items, the two keychain groups.
    #expect(added.count == 1 + 1 + 1 + 19 + 2, "\(diff.standardOutput)")
    for line in added { #expect(after.contains(line.dropFirst() + "\n"), "\(line)") }

    let again = try Sharelint.run(["fix", "--unsafe", "."], in: folder.url)
    #expect(again.standardOutput.hasPrefix("nothing to fix; "), "\(again.standardOutput)")
    #expect(try Self.text("project.yml", in: folder) == after)
    let recheck = try Sharelint.run(["fix", "--unsafe", "--check", "."], in: folder.url)
    #expect(recheck.status == 0, "\(recheck.standardOutput)")
    // XcodeGen writes the files: fix writes none of them.
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Notes").path))
  }

  /// #28's AR015: a key misplaced in `NSExtension` moves into `NSExtensionAttributes` of an included spec; the
  /// committed copy of the Info.plist, which XcodeGen rewrites, is not edited.
  @Test func misplacedExtensionKeyMovesInTheIncludedSpecAndTheCommittedPlistIsLeftAlone() throws {
    let target = """
      targets:
        NotesShare:
          type: app-extension
          platform: iOS
          info:
            path: Info.plist   # committed, rewritten by xcodegen generate
            properties:
              NSExtension:
                NSExtensionPointIdentifier: com.apple.share-services
                NSExtensionPrincipalClass: ShareViewController
                NSExtensionActivationRule: "SUBQUERY(extensionItems, $e, ANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO \\"public.url\\").@count == 1"
                NSExtensionAttributes:
                  NSExtensionServiceRoleType: NSExtensionServiceRoleTypeViewer

      """
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>CFBundleIdentifier</key>
      \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      </dict>
      </plist>

      """
    let folder = try Self.folder([
      "project.yml": """
        name: Notes
        include:
          - Share/target.yml
        targets:
          Notes:
            type: application
            platform: iOS
            dependencies:
              - target: NotesShare

        """,
      "Share/target.yml": target, "Share/Info.plist": plist,
    ])
    let lint = try Sharelint.run(["lint", "--format", "json", "."], in: folder.url)
    let diagnostics = try LintCommandTests.diagnostics(lint.standardOutput)
    let misplaced = try #require(diagnostics.first { $0["code"] as? String == "AR015" }, "\(diagnostics)")
    #expect("\(misplaced["file"] ?? "") \(misplaced["line"] ?? "")" == "Share/target.yml 11")
    #expect(lint.standardError.contains(
      "Share/Info.plist: XcodeGen rewrites this file from Share/target.yml:5 when it generates the project"))
    let targets = try Sharelint.run(["targets", "."], in: folder.url)
    #expect(targets.standardOutput.contains(
      "    note: XcodeGen rewrites 'Share/Info.plist' from Share/target.yml:5 when it generates the project: it is "
        + "read as XcodeGen would write it\n"), "\(targets.standardOutput)")
    let fix = try #require(misplaced["fix"] as? [String: Any])
    #expect(fix["file"] as? String == "Share/target.yml")
    #expect((fix["title"] as? String)?.hasSuffix("(in the spec; 'xcodegen generate' rewrites 'Share/Info.plist')")
      == true)

    let fixed = try Sharelint.run(["fix", "--unsafe", "."], in: folder.url)
    #expect(fixed.status != 2, "\(fixed.standardError)")
    let lines = target.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let moved = lines[10].replacingOccurrences(of: "          NSExtensionActivationRule", with: "            "
      + "NSExtensionActivationRule")
    var expected = lines
    expected.remove(at: 10)
    expected.insert(moved, at: 12)
    #expect(try Self.text("Share/target.yml", in: folder) == expected.joined(separator: "\n"))
    #expect(try Self.text("Share/Info.plist", in: folder) == plist)
    #expect(try Self.text("project.yml", in: folder).hasSuffix("- target: NotesShare\n"))
    let again = try Sharelint.run(["fix", "--unsafe", "--check", "."], in: folder.url)
    #expect(again.status == 0, "\(again.standardOutput)")
  }

  /// Keys from a target template and lists written through a YAML alias get no fix; the finding says what to write
  /// where, and nothing is written.
  @Test func templatesAndAliasesGetNoFixButANote() throws {
    let spec = """
      name: Shared
      targetTemplates:
        Intune:
          info:
            path: ${target_name}/Info.plist
            properties:
              CFBundleURLTypes:
                - CFBundleURLSchemes: [shared]
              IntuneMAMSettings:
                ADALClientId: 11111111-2222-3333-4444-555555555555
      queried: &queried
        - shared
      targets:
        App:
          type: application
          platform: iOS
          templates: [Intune]
        Other:
          type: application
          platform: iOS
          info:
            path: Other/Info.plist
            properties:
              LSApplicationQueriesSchemes: *queried
              IntuneMAMSettings:
                ADALClientId: 11111111-2222-3333-4444-555555555555

      """
    let folder = try Self.folder(["project.yml": spec])
    let lint = try Sharelint.run(["lint", "--format", "json", "."], in: folder.url)
    let diagnostics = try LintCommandTests.diagnostics(lint.standardOutput)
    let scheme = try #require(diagnostics.first { $0["code"] as? String == "US004" }, "\(diagnostics)")
    #expect(scheme["fix"] == nil)
    #expect((scheme["notes"] as? [String] ?? []).contains {
      $0.hasPrefix("not fixed automatically: 'info' of the target 'App' comes from a target template")
        && $0.contains("add 'shared-intunemam' after 'shared' in 'info: properties:' of project.yml:4")
    })
    let twin = try #require(diagnostics.first { $0["code"] as? String == "US001" }, "\(diagnostics)")
    #expect("\(twin["file"] ?? "") \(twin["line"] ?? "")" == "project.yml 24")
    #expect(twin["fix"] == nil)
    #expect((twin["notes"] as? [String] ?? []).contains { $0.contains("a YAML alias") })
    let fixed = try Sharelint.run(["fix", "--unsafe", "."], in: folder.url)
    #expect(fixed.status != 2, "\(fixed.standardError)")
    #expect(try Self.text("project.yml", in: folder) == spec)
  }
}

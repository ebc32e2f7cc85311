import Testing

/// A finding in a UTF-16 `.strings` file (what Xcode's templates wrote for years) is shown in the file's text, not
/// in its raw UTF-16 bytes (each ASCII character followed by a NUL, escaped as `\u{0}`).
@Suite struct StringsExcerptTests {
  @Test func aUTF16StringsFileIsQuotedAsText() throws {
    let result = try Sharelint.run(["lint", "Samples/AdatumBroken"])
    #expect(result.standardOutput.contains("2 | \"CFBundleDisplayName\" = \"Send to Adatum\";"), "\(result.standardOutput)")
    #expect(!result.standardOutput.contains("\\u{0}"))
  }
}

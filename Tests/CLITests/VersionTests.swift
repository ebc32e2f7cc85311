import Testing

/// `sharelint --version`: the version, the C libraries it runs with, and the day its knowledge was checked.
@Suite struct VersionTests {
  @Test func versionNamesLibxml2AndPCRE2() throws {
    let result = try Sharelint.run(["--version"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(result.standardOutput)")
    #expect(lines.first?.split(separator: ".").count == 3)
    #expect(lines.dropFirst().first?.hasPrefix("libxml2 2.") == true, "\(lines)")
    #expect(lines.dropFirst(2).first?.hasPrefix("PCRE2 10.") == true, "\(lines)")
    #expect(lines.last?.hasPrefix("knowledge checked 20") == true, "\(lines)")
  }
}

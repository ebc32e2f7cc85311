import PredicateEvaluation
import Testing

/// `sharelint --version` names the PCRE2 it runs with.
@Suite struct PCRE2VersionTests {
  @Test func runtimeVersionIsPCRE2sOwnString() {
    let version = PCRE2Version.runtime
    // "10.42 2022-12-11": major 10, a minor, a release date.
    #expect(version.hasPrefix("10."), "\(version)")
    #expect(version.split(separator: " ").count == 2, "\(version)")
  }
}

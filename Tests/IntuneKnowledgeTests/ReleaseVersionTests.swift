import IntuneKnowledge
import Testing

@Suite("Release versions")
struct ReleaseVersionTests {
  @Test("versions as dependency managers write them", arguments: [
    ("19.6.0", ReleaseVersion(19, 6, 0)), ("17.7", ReleaseVersion(17, 7, 0)), ("v21.7.1", ReleaseVersion(21, 7, 1)),
    ("= 19.6.0", ReleaseVersion(19, 6, 0)), ("~> 2.1", ReleaseVersion(2, 1, 0)),
  ])
  func parses(text: String, expected: ReleaseVersion) {
    #expect(ReleaseVersion(text) == expected)
  }

  @Test("branches and revisions are no versions", arguments: ["main@1a2b3c4", "", "x.1", "1.2.3.4.5"])
  func rejects(text: String) {
    #expect(ReleaseVersion(text) == nil)
  }
}

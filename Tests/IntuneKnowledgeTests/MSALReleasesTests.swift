import IntuneKnowledge
import Testing

@Suite("MSAL releases")
struct MSALReleasesTests {
  @Test("the minimum iOS of a release is the row of its line", arguments: [
    (ReleaseVersion(2, 15, 0), IOSVersion(17)), (ReleaseVersion(2, 16, 1), IOSVersion(17)),
    (ReleaseVersion(2, 14, 1), IOSVersion(16)), (ReleaseVersion(2, 1, 0), IOSVersion(16)),
    (ReleaseVersion(2, 0, 0), IOSVersion(14)), (ReleaseVersion(1, 2, 6), IOSVersion(14)),
    (ReleaseVersion(1, 2, 5), IOSVersion(11)), (ReleaseVersion(1, 1, 7), IOSVersion(10)),
    (ReleaseVersion(0, 1, 4), IOSVersion(9, 3)),
  ])
  func minimumIOS(version: ReleaseVersion, expected: IOSVersion) {
    #expect(MSALReleases.minimumIOS(for: version)?.minimum == expected)
  }

  @Test("rows run from the newest release down, each minimum higher than the next row's, each with a source")
  func rowsAreOrdered() {
    let rows = MSALReleases.minimumIOS
    for (newer, older) in zip(rows, rows.dropFirst()) {
      #expect(newer.since > older.since)
      #expect(newer.minimum > older.minimum)
    }
    #expect(rows.allSatisfy { !$0.source.isEmpty })
    #expect(rows.last?.since == ReleaseVersion(0, 0, 0))
  }

  @Test("the newest known release is at least the newest row, and enforces the broker-capable redirect")
  func newestKnown() {
    #expect(MSALReleases.newestKnown >= MSALReleases.minimumIOS[0].since)
    #expect(MSALReleases.newestKnown >= MSALReleases.brokerCapableRedirectRequiredSince)
    #expect(MSALReleases.intuneSDKSupportsMSALSince == ReleaseVersion(11, 1, 2))
  }
}

import IntuneKnowledge
import Testing

/// The release table is data a person adds a row to: these tests catch the slips a row can carry.
@Suite("Intune SDK release history")
struct ReleaseHistoryTests {
  @Test("every version once, and the tag days in order")
  func versionsAndDays() {
    let versions = IntuneSDKReleases.history.map(\.version)
    #expect(Set(versions).count == versions.count)
    let days = IntuneSDKReleases.history.compactMap(\.date)
    #expect(days == days.sorted())
    for day in days {
      #expect(day.wholeMatch(of: /20\d\d-[01]\d-[0-3]\d/) != nil, "\(day) is no YYYY-MM-DD day")
    }
    // Only the releases known from their pull requests lack a day, and they come last.
    let undated = IntuneSDKReleases.history.filter { $0.date == nil }
    #expect(undated.allSatisfy { $0.reference.hasPrefix("#") })
    #expect(IntuneSDKReleases.history.suffix(undated.count).allSatisfy { $0.date == nil })
  }

  @Test("the newest release is the greatest version, at least 22.2.0")
  func newest() {
    #expect(IntuneSDKReleases.newest >= ReleaseVersion(22, 2, 0))
    #expect(IntuneSDKReleases.history.allSatisfy { $0.version <= IntuneSDKReleases.newest })
  }

  @Test("every change says where it is written and what checks it")
  func changesAreSourced() {
    for release in IntuneSDKReleases.history {
      for change in release.changes {
        #expect(!change.source.isEmpty && !change.summary.isEmpty, "\(release.version)")
        switch change.coverage {
        case .rules(let codes): #expect(!codes.isEmpty && codes.allSatisfy { $0.count == 5 }, "\(release.version)")
        case .read(let what), .notYet(let what), .notCheckable(let what): #expect(!what.isEmpty)
        }
      }
    }
  }

  @Test("the steps from an old release to the newest are the breaking changes between them, oldest first")
  func steps() {
    let steps = IntuneSDKReleases.steps(from: ReleaseVersion(7, 1, 14), to: IntuneSDKReleases.newest)
    #expect(steps.first?.release == ReleaseVersion(8, 1, 1))
    #expect(steps.map(\.release) == steps.map(\.release).sorted())
    #expect(steps.allSatisfy { $0.change.isBreaking })
    #expect(IntuneSDKReleases.steps(from: IntuneSDKReleases.newest, to: IntuneSDKReleases.newest).isEmpty)
    // 21.1.0's new minimum iOS is a step from 20.8.0.
    #expect(IntuneSDKReleases.steps(from: ReleaseVersion(20, 8, 0), to: IntuneSDKReleases.newest)
      .contains { $0.release == ReleaseVersion(21, 1, 0) && $0.change.summary.contains("iOS 17") })
  }

  @Test("HooksAlwaysEnabled: read from 20.9.0 on the 20.x line and from 21.2.0 on the 21.x line")
  func settingLines() throws {
    let setting = try #require(IntuneSettingsCatalog.settingsByName["HooksAlwaysEnabled"])
    #expect(setting.type == .boolean)
    #expect(!setting.isRead(by: ReleaseVersion(20, 8, 0)))
    #expect(setting.isRead(by: ReleaseVersion(20, 9, 0)))
    #expect(!setting.isRead(by: ReleaseVersion(21, 1, 0)))
    #expect(setting.isRead(by: ReleaseVersion(21, 2, 0)))
    #expect(setting.isRead(by: ReleaseVersion(22, 0, 0)))
    #expect(!setting.isRead(by: ReleaseVersion(19, 7, 14)))
    // A setting of the docs' table is read by every release.
    #expect(try #require(IntuneSettingsCatalog.settingsByName["AutoEnrollOnLaunch"]).isRead(by: ReleaseVersion(7)))
  }

  @Test("the service notices concern supported releases only after their day")
  func notices() {
    let notices = IntuneSDKReleases.serviceNotices
    #expect(notices.contains { $0.effect == .blocked && $0.releasesBelow == ReleaseVersion(21, 1, 0) })
    #expect(notices.contains { $0.effect == .warning && $0.releasesBelow == ReleaseVersion(20, 8, 0) })
    #expect(notices.allSatisfy { !$0.source.isEmpty })
  }
}

import IntuneKnowledge
import Testing
import URLSchemes

/// A list with `count` filler schemes `app0`, `app1`, … in front of `tail`.
private func filler(_ count: Int, then tail: [String] = []) -> [String] {
  (0..<count).map { "app\($0)" } + tail
}

@Suite struct CanOpenURLTests {
  @Test func positionsPast50AndPast25() throws {
    let list =
      filler(24, then: ["ms-word", "ms-word-intunemam"]) + filler(30).map { $0 + "x" }
      + ["msteams", "msteams-intunemam", "ms-word"]
    let policy = IntunePolicy(allowedOutboundDataTransferDestinations: .managedApps)
    let at50 = try URLAllowanceChecker(policy: policy, queriesSchemes: list, queriesSchemesLimit: 50)
    let at25 = try URLAllowanceChecker(
      policy: policy, queriesSchemes: list, queriesSchemesLimit: IntuneSchemeLists.queriesSchemesLimitFromIOS27)

    // ms-word at 24, its twin at 25: both within 50; only the scheme within 25.
    #expect(at50.isURLAllowed("ms-word://x").canOpenURL == .declared)
    #expect(at25.isURLAllowed("ms-word://x").canOpenURL == .pastLimit)
    #expect(at25.isURLAllowed("ms-word://x").checkedScheme == "ms-word-intunemam")
    #expect(at25.isURLAllowed("ms-word://x", isKnownManagedAppScheme: true).canOpenURL == .declared)
    #expect(at25.isURLAllowed("ms-word://x", isKnownManagedAppScheme: true).checkedScheme == "ms-word")
    // msteams at 56, its twin at 57: past 50.
    #expect(at50.isURLAllowed("MSTeams://x").canOpenURL == .pastLimit)
    #expect(at50.isURLAllowed("zoomus://x").canOpenURL == .undeclared)
    #expect(at50.canOpenURLStatus(forScheme: "APP0") == .declared)
    #expect(at50.canOpenURLStatus(forScheme: "app23x") == .declared)
    #expect(at50.canOpenURLStatus(forScheme: "app24x") == .pastLimit)
    let unknown = try URLAllowanceChecker(policy: policy)
    #expect(unknown.isURLAllowed("ms-word://x").canOpenURL == .notChecked)
  }

  @Test func duplicatesUsePositions() throws {
    let list = Array(repeating: "fb", count: 50) + ["twitter"]
    let checker = try URLAllowanceChecker(policy: IntunePolicy(), queriesSchemes: list)
    #expect(checker.isURLAllowed("twitter://x").canOpenURL == .pastLimit)
    #expect(checker.isURLAllowed("fb://x").canOpenURL == .declared)
  }

  @Test func browserRedirectsCheckTheBrowserScheme() throws {
    let edge = IntunePolicy(managedBrowserToOpenLinksRequired: true, managedBrowser: .microsoftEdge)
    let declared = try URLAllowanceChecker(policy: edge, queriesSchemes: IntuneSchemeLists.requiredQueriesSchemes)
    let verdict = declared.isURLAllowed("https://example.com")
    #expect(verdict.canOpenURL == .declared && verdict.checkedScheme == "microsoft-edge-https")
    let custom = IntunePolicy(managedBrowserToOpenLinksRequired: true, customBrowserProtocol: "mybrowser")
    let missing = try URLAllowanceChecker(policy: custom, queriesSchemes: ["mybrowser"])
    #expect(missing.isURLAllowed("http://a").canOpenURL == .declared)
    #expect(missing.isURLAllowed("https://a").canOpenURL == .undeclared)
    #expect(missing.isURLAllowed("https://a").checkedScheme == "mybrowsers")
  }

  @Test func blockedURLsCheckTheirOwnScheme() throws {
    let checker = try URLAllowanceChecker(
      policy: IntunePolicy(allowedOutboundDataTransferDestinations: .none), queriesSchemes: ["ms-word"])
    let verdict = checker.isURLAllowed("ms-word://x")
    #expect(verdict.verdict == .blocked && verdict.canOpenURL == .declared && verdict.checkedScheme == "ms-word")
    #expect(checker.isURLAllowed("bad scheme:x").canOpenURL == .notChecked)
  }

  @Test func verdictJSONHasSortedKeysAndNull() throws {
    let checker = try URLAllowanceChecker(policy: IntunePolicy(allowedOutboundDataTransferDestinations: .none))
    #expect(
      checker.isURLAllowed("tel:1").json.serialized()
        == #"{"canOpenURL":"not-checked","opens":null,"reason":"allowedOutboundDataTransferDestinations","#
        + #""url":"tel:1","verdict":"blocked"}"#
    )
  }
}

@Suite struct QueriesSchemeBudgetTests {
  @Test func reportsEntriesPastTheLimitAndDroppableTwins() {
    let list =
      filler(20, then: ["ms-word", "ms-word-intunemam", "msteams-intunemam", "app3", "myapp-intunemam"])
      + filler(30).map { "more\($0)" }
    let budget = QueriesSchemeBudget(schemes: list, limit: 50)
    #expect(budget.overflow == 5)
    #expect(!budget.fits)
    #expect(budget.entriesPastLimit.map(\.index) == [50, 51, 52, 53, 54])
    #expect(budget.entriesPastLimit.first?.scheme == "moreapp25")
    #expect(
      budget.droppableKnownManagedTwins == [
        .init(index: 21, scheme: "ms-word-intunemam"), .init(index: 22, scheme: "msteams-intunemam"),
      ])
    #expect(budget.duplicates == [.init(index: 23, scheme: "app3")])
    #expect(!budget.fitsAfterDroppingDuplicatesAndKnownManagedTwins)
    #expect(budget.knownManagedTwinsToDrop.map(\.scheme) == ["msteams-intunemam", "ms-word-intunemam"])
    #expect(budget.canOpenURLStatus(forScheme: "MoreApp29") == .pastLimit)
    #expect(budget.canOpenURLStatus(forScheme: "app0") == .declared)
    #expect(budget.canOpenURLStatus(forScheme: "nope") == .undeclared)

    let small = QueriesSchemeBudget(schemes: filler(26, then: ["lync-intunemam"]), limit: 25)
    #expect(small.overflow == 2 && small.fitsAfterDroppingDuplicatesAndKnownManagedTwins == false)
    #expect(
      QueriesSchemeBudget(schemes: filler(25, then: ["lync-intunemam"]), limit: 25)
        .fitsAfterDroppingDuplicatesAndKnownManagedTwins)
    #expect(QueriesSchemeBudget(schemes: filler(3), limit: 25).fits)
  }

  @Test func listsMatchTheNotes() {
    #expect(IntuneSchemeLists.knownManagedAppSchemes.count == 34)
    #expect(Set(IntuneSchemeLists.knownManagedAppSchemes).count == 34)
    #expect(IntuneSchemeLists.mobileThreatDefenseSchemes.count == 11)
    #expect(IntuneSchemeLists.configuratorExcludedSchemes.count == 17)
    #expect(IntuneSchemeLists.requiredQueriesSchemes.count == 19)
    #expect(IntuneSchemeLists.baseScheme(ofTwin: "MS-Word-IntuneMAM") == "MS-Word")
    #expect(IntuneSchemeLists.baseScheme(ofTwin: "-intunemam") == nil)
    #expect(IntuneSchemeLists.baseScheme(ofTwin: "ms-word") == nil)
  }
}

@Suite struct URLSchemeSyntaxTests {
  @Test func explainsWhatIsWrong() {
    #expect(URLSchemeSyntax.problem(in: "msauth.com.example.app") == nil)
    #expect(URLSchemeSyntax.problem(in: "x-y+z.1") == nil)
    #expect(URLSchemeSyntax.problem(in: "") == .empty)
    #expect(URLSchemeSyntax.problem(in: "myapp://") == .containsSchemeSeparator)
    #expect(URLSchemeSyntax.problem(in: "tel:") == .containsColon(offset: 3))
    #expect(URLSchemeSyntax.problem(in: "1password") == .startsWithDigit)
    #expect(URLSchemeSyntax.problem(in: "-app") == .startsWithNonLetter("-"))
    #expect(URLSchemeSyntax.problem(in: "my_app") == .invalidCharacter("_", offset: 2))
    #expect(URLSchemeSyntax.problem(in: "café") == .invalidCharacter("é", offset: 3))
    #expect(URLSchemeSyntax.problem(in: "$(MSAL_REDIRECT_URI)-intunemam") == .unexpandedBuildVariable)
    #expect(URLSchemeProblem.startsWithDigit.description == "starts with a digit: a scheme must start with a letter")
    #expect(URLSchemeProblem.containsSchemeSeparator.description.contains("'://'"))
    #expect(URLSchemeProblem.invalidCharacter(" ", offset: 2).description.hasPrefix("contains whitespace at offset 2"))
    #expect(URLSchemeSyntax.normalized("MS-Word") == "ms-word")
    #expect(URLSchemeSyntax.scheme(of: "a:b:c") == "a" && URLSchemeSyntax.scheme(of: "abc") == nil)
  }
}

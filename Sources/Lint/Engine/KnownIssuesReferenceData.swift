import IntuneKnowledge

extension IntuneSDKKnownIssues {
  /// The data line `explain` shows for the rules that read the known issues.
  static let referenceData = [RuleReferenceData(
    name: "sdk_known_issues_checked", value: checkedOn, source: checkedSource)]
}

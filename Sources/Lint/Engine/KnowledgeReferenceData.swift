import IntuneKnowledge

extension IntuneSDKReleases {
  /// The data line `explain` shows for the rules that read the release tables.
  static let referenceData = [RuleReferenceData(
    name: "sdk_releases_checked", value: checkedOn, source: checkedSource)]
}

import IntuneKnowledge

extension IntuneSDKReleases {
  /// The data line `explain` shows for the rules that read the release tables.
  static let referenceData = [RuleReferenceData(
    name: "sdk_releases_checked", value: checkedOn, source: checkedSource)]
}

extension MSALReleases {
  /// The data line `explain` shows for the rules that read MSAL's release tables.
  static let referenceData = [RuleReferenceData(
    name: "msal_releases_checked", value: checkedOn, source: checkedSource)]
}

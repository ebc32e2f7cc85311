import IntuneKnowledge

extension IntuneSDKReleases {
  /// The data line `explain` shows for the rules that read the release tables.
  static let referenceData = [RuleReferenceData(
    name: "knowledge_checked", value: KnowledgeSnapshot.checkedOn, source: KnowledgeSnapshot.sources)]
}

extension IntuneSDKKnownIssues {
  /// The data line `explain` shows for the rules that read the known issues.
  static let referenceData = [RuleReferenceData(
    name: "knowledge_checked", value: KnowledgeSnapshot.checkedOn, source: checkedSource)]
}

extension AppleInfoPlistKeys {
  /// The data line `explain` shows for the rule that reads these lists.
  static let referenceData = [RuleReferenceData(
    name: "knowledge_checked", value: KnowledgeSnapshot.checkedOn, source: checkedSource)]
}

extension MSALReleases {
  /// The data line `explain` shows for the rules that read MSAL's release tables.
  static let referenceData = [RuleReferenceData(
    name: "knowledge_checked", value: KnowledgeSnapshot.checkedOn, source: checkedSource)]
}

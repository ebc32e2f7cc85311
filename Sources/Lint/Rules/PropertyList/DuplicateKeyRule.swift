/// PL002: a dictionary with the same key twice.
struct DuplicateKeyRule: LintRule {
  static let description = RuleDescription(
    identifier: "duplicate-key",
    family: .propertyList, number: 2,
    summary: "a dictionary has the same key twice",
    whatItDoes: "Finds keys written more than once in the same dictionary.",
    whyItMatters: """
      Apple's reader keeps only the last value and Xcode's editor shows only one, so the value you \
      see may not be the one iOS uses; merges of Info.plist files are the usual cause.
      """,
    useInstead: "Keep one entry per key and delete the other.",
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample("""
        <key>NSCameraUsageDescription</key>
        <string>Scan receipts</string>
        ↓<key>NSCameraUsageDescription</key>
        <string>Take photos of receipts</string>
        """,
        messages: [
          "key 'NSCameraUsageDescription' appears twice in the same dictionary; iOS keeps only the last value",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>NSCameraUsageDescription</key>
        <string>Scan receipts</string>
        <key>NSFaceIDUsageDescription</key>
        <string>Unlock your notes</string>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    for document in [target.infoPlist, target.entitlements].compactMap({ $0 }) {
      for duplicate in document.duplicateKeys {
        let keyPath = (duplicate.dictionaryPath + [.key(duplicate.key)]).keyPathDescription
        let first = document.format == .xml ? document.position(of: duplicate.firstRange.start) : nil
        findings.report(
          "key '\(duplicate.key)' appears twice in the same dictionary; iOS keeps only the last value",
          in: document, range: duplicate.duplicateRange, keyPath: keyPath,
          notes: first.map { ["the first '\(duplicate.key)' is at line \($0.line), column \($0.column)"] } ?? [])
      }
    }
  }
}

/// PL001: a plist that cannot be read. The runner reports it when loading a file fails (a rule
/// cannot run on a document that does not exist); its description lives here with the others.
struct MalformedPlistRule: LintRule {
  static let description = RuleDescription(
    identifier: "malformed-plist",
    family: .propertyList, number: 1,
    summary: "the file is not a well-formed property list",
    whatItDoes: "Reports XML that is not well-formed, plist structure errors, and unreadable binary plists.",
    whyItMatters: """
      Xcode refuses to build with an Info.plist it cannot read, and a malformed entitlements file \
      fails code signing; no other rule can check the file until it reads.
      """,
    useInstead: "Fix the XML at the reported line and column (`plutil -lint` on a Mac agrees).",
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</strin>↓
        """, messages: ["opening and ending tag mismatch: string line 6 and strin"]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {}
}

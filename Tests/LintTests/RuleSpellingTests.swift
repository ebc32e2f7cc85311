import Foundation
import Lint
import PredicateSyntax
import PropertyList
import Testing

/// A finding inside an activation rule must land on the rule's exact character however the plist spells
/// the string. Each predicate of `Grammar/examples` and `Samples/Rules` is written in five spellings, and
/// every finding of every rule must have the same message and the same place in the decoded rule in all
/// of them.
@Suite struct RuleSpellingTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The spellings of `text` as a `<string>`'s content; nil where XML cannot carry it that way.
  static func spellings(of text: String) -> [(name: String, content: String)] {
    let plain = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
    var spellings = [
      ("escaped", plain),
      ("quote entities", plain.replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&apos;")),
      ("character references", text.unicodeScalars.map { "&#x\(String($0.value, radix: 16));" }.joined()),
      ("decimal references outside ASCII", plain.unicodeScalars.map { $0.isASCII ? String($0) : "&#\($0.value);" }.joined()),
    ]
    if !text.contains("]]>") { spellings.append(("CDATA", "<![CDATA[\(text)]]>")) }
    return spellings
  }

  /// A managed share extension whose activation rule's content is `content`.
  static func plist(ruleContent content: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>com.example.app.share</string>
    \t<key>IntuneMAMSettings</key>
    \t<dict>
    \t\t<key>ContainingAppBundleId</key>
    \t\t<string>com.example.app</string>
    \t</dict>
    \t<key>NSExtension</key>
    \t<dict>
    \t\t<key>NSExtensionAttributes</key>
    \t\t<dict>
    \t\t\t<key>NSExtensionActivationRule</key>
    \t\t\t<string>\(content)</string>
    \t\t</dict>
    \t\t<key>NSExtensionPointIdentifier</key>
    \t\t<string>com.apple.share-services</string>
    \t</dict>
    </dict>
    </plist>

    """
  }

  /// Where a file offset falls in the rule's decoded text: a UTF-8 offset, or the file offset itself
  /// (marked) when it is outside the string's content; nil when it falls inside an escape.
  static func place(of fileOffset: Int, in rule: PropertyListNode) -> String? {
    guard let map = rule.sourceMap, let text = rule.string else { return nil }
    guard map.contentRange.start <= fileOffset, fileOffset <= map.contentRange.end else { return "outside" }
    let count = text.utf8.count
    return (0...count).first { map.sourceOffset(ofTextUTF8Offset: $0) == fileOffset }.map(String.init)
  }

  static func examples() throws -> [URL] {
    let folders = ["Grammar/examples/valid", "Grammar/examples/invalid", "Samples/Rules"]
    return try folders.flatMap { folder in
      try FileManager.default.contentsOfDirectory(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil
      ).filter { $0.pathExtension == "predicate" }
    }.sorted { $0.path < $1.path }
  }

  @Test func findingsLandOnTheSameCharacterInEverySpelling() throws {
    let linter = Linter()
    var comparedFindings = 0
    var examplesWithFindings = 0
    for example in try Self.examples() {
      var text = try String(contentsOf: example, encoding: .utf8)
      if text.hasSuffix("\n") { text.removeLast() }
      // XML 1.0 cannot carry these characters, in any spelling.
      if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }) {
        continue
      }
      var reference: (spelling: String, findings: [String])?
      for (name, content) in Self.spellings(of: text) {
        let document = try PropertyListDocument(bytes: Array(Self.plist(ruleContent: content).utf8), name: "Info.plist")
        let rule = try #require(
          document.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"]),
          "\(example.lastPathComponent), \(name)")
        // Line breaks are kept as written (\r\n too), as Apple's parser keeps them.
        #expect(rule.string == text, "\(example.lastPathComponent), \(name)")
        let diagnostics = linter.lint(LintTarget(infoPlist: document))
        let findings = diagnostics.map { diagnostic -> String in
          let start = diagnostic.range.map { Self.place(of: $0.start, in: rule) ?? "inside an escape" } ?? "nowhere"
          let end = diagnostic.range.map { Self.place(of: $0.end, in: rule) ?? "inside an escape" } ?? "nowhere"
          return "\(diagnostic.code) \(start)..<\(end) \(diagnostic.message)"
        }.sorted()
        #expect(
          !findings.contains { $0.contains("inside an escape") }, "\(example.lastPathComponent), \(name): \(findings)")
        if let reference {
          #expect(
            findings == reference.findings,
            "\(example.lastPathComponent): \(name) against \(reference.spelling)")
        } else {
          reference = (name, findings)
          comparedFindings += findings.count
          if !findings.isEmpty { examplesWithFindings += 1 }
        }
      }
    }
    #expect(examplesWithFindings >= 100, "most examples have findings to compare")
    #expect(comparedFindings >= 300)
  }
}

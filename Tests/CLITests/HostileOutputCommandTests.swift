import Foundation
import SharelintBase
import Testing

/// Folders named `::error::x` or with a line feed in their name, plists whose values hold line feeds, ESC, DEL, C1
/// controls, bidirectional overrides and `##[` (issue 26): whatever the command, no line it writes on standard
/// output or standard error starts a GitHub Actions workflow command, holds `##[`, or a raw control character.
@Suite struct HostileOutputCommandTests {
  static let value = "x\n::error file=README.md,line=1::forged\u{7F}\u{9B}31m\u{202E} ##[stop-commands]t"

  /// A repository with a broken plist under `::error::x` and an app whose URL scheme is `value` under a folder
  /// whose name holds a line feed.
  static func repository() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    _ = try folder.write("::error::x/Info.plist", "<plist><dict><key>a</key></dict></plist>\n")
    _ = try folder.write("evil\n::warning::y/Info.plist", """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>CFBundleIdentifier</key>
      \t<string>com.example.app</string>
      \t<key>CFBundlePackageType</key>
      \t<string>APPL</string>
      \t<key>CFBundleURLTypes</key>
      \t<array><dict><key>CFBundleURLSchemes</key><array><string>\(value)</string></array></dict></array>
      </dict>
      </plist>

      """)
    return folder
  }

  /// The lines of `text` that could act in a CI log or on a terminal.
  static func actingLines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { line in
      line.drop(while: { $0.isWhitespace }).hasPrefix("::") || line.contains("##[")
        || line.unicodeScalars.contains(where: PrintableText.isEscaped)
    }
  }

  @Test(
    .timeLimit(.minutes(1)),
    arguments: [["lint", "."], ["targets", "."], ["fix", "--check", "."], ["fix", "--diff", "."]])
  func noLineCanActInACILog(arguments: [String]) throws {
    let folder = try Self.repository()
    let result = try Sharelint.run(arguments, in: folder.url)
    #expect((0...2).contains(result.status))
    #expect(Self.actingLines(result.standardOutput).isEmpty, "\(result.standardOutput)")
    #expect(Self.actingLines(result.standardError).isEmpty, "\(result.standardError)")
    #expect(!result.standardOutput.isEmpty || !result.standardError.isEmpty)
  }

  @Test(.timeLimit(.minutes(1))) func lintShowsTheHostilePathsEscaped() throws {
    let folder = try Self.repository()
    let result = try Sharelint.run(["lint", "."], in: folder.url)
    #expect(result.status == 2)
    #expect(result.standardOutput.hasPrefix("./::error::x/Info.plist:1:14: error: key 'a' has no value"))
    #expect(result.standardOutput.contains(#"evil\n::warning::y/Info.plist:9:"#))
    #expect(result.standardOutput.contains(#"\u{7F}\u{9B}31m\u{202E} #\u{23}[stop-commands]t"#))
    #expect(result.standardError == "sharelint: ::error::x/Info.plist:1:14: key 'a' has no value\n")
  }

  @Test(.timeLimit(.minutes(1))) func githubFormatWritesOneCommandPerFinding() throws {
    let folder = try Self.repository()
    let result = try Sharelint.run(["lint", "--format", "github", "."], in: folder.url)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("::error file=") }, "\(result.standardOutput)")
    #expect(!result.standardOutput.unicodeScalars.contains { $0 != "\n" && PrintableText.isEscaped($0) })
  }
}

import Foundation
import SharelintBase

/// A Carthage `Cartfile` (what is asked for: `github "owner/repo" ~> 1.0`) or `Cartfile.resolved` (what was
/// resolved: `github "owner/repo" "1.2.3"`), one dependency a line, `#` comments.
public struct Cartfile: Hashable, Sendable {
  /// One dependency line.
  public struct Entry: Hashable, Sendable {
    /// `github`, `git` or `binary`.
    public var kind: String
    /// The quoted source: `owner/repo`, a Git URL, a binary spec URL.
    public var source: String
    /// The rest of the line: a requirement (`~> 1.0`) in a `Cartfile`, the resolved version or revision in a
    /// `Cartfile.resolved`, quotes removed.
    public var version: String
    /// The line it is written at.
    public var line: Int

    /// The repository's (or binary spec's) name: `microsoft-authentication-library-for-objc`, `IntuneMAM` for
    /// `…/IntuneMAM.json`.
    public var name: String {
      var last = PathText.lastComponent(of: source)
      for suffix in [".git", ".json"] where last.lowercased().hasSuffix(suffix) { last.removeLast(suffix.count) }
      return last
    }
  }

  /// The file's path, as given.
  public private(set) var path: String
  /// The entries, in written order.
  public private(set) var entries: [Entry] = []
  /// What could not be read.
  public private(set) var notes: [XcodeProjectNote] = []

  /// Reads the file at `path` within `boundary`; `nil` when there is none.
  public init?(path: String, boundary: RepositoryBoundary = .current) {
    guard let bytes = DependencyFiles.read(path, limit: Podfile.maximumSize, boundary: boundary) else { return nil }
    switch bytes {
    case .success(let bytes): self.init(path: path, text: String(decoding: bytes, as: UTF8.self))
    case .failure(let failure): self.init(unreadable: path, failure: failure)
    }
  }

  /// A file that could not be read (or is too large, or refused): a note and nothing else.
  private init(unreadable path: String, failure: RepositoryFile.Failure) {
    self.path = path
    notes.append(DependencyFiles.unreadableNote(path, failure: failure))
  }

  /// Reads a Cartfile's `text`; `path` names it in notes.
  public init(path: String, text: String) {
    self.path = path
    var lineNumber = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let tokens = RubyToken.tokens(of: line, limit: 16)
      guard case .identifier(let kind)? = tokens.first, ["github", "git", "binary"].contains(kind) else {
        if tokens.first != nil {
          notes.append(XcodeProjectNote("expected 'github', 'git' or 'binary'", file: path, line: lineNumber))
        }
        continue
      }
      guard tokens.count > 1, case .string(let source) = tokens[1] else {
        notes.append(XcodeProjectNote("expected a quoted source after '\(kind)'", file: path, line: lineNumber))
        continue
      }
      // The rest as written: `~> 1.0`, `"1.2.3"`, `== 2.0`.
      let rest = tokens.dropFirst(2).map { token -> String in
        switch token {
        case .string(let text), .identifier(let text), .label(let text), .symbol(let text): return text
        case .arrow: return "=>"
        case .punctuation(let character): return String(character)
        }
      }
      entries.append(
        Entry(kind: kind, source: source, version: Self.joinedRequirement(rest), line: lineNumber))
    }
  }

  /// `~`, `>`, `1`, `.`, `0` → `~> 1.0`: operators, then the version.
  private static func joinedRequirement(_ parts: [String]) -> String {
    var operators = ""
    var version = ""
    for part in parts {
      if version.isEmpty, part.allSatisfy({ "~<>=".contains($0) }) { operators += part } else { version += part }
    }
    return operators.isEmpty ? version : operators + " " + version
  }
}

import Foundation
import SharelintBase

/// A CocoaPods podspec (`*.podspec`, Ruby) read for what it links: `vendored_frameworks`, `vendored_libraries`,
/// `dependency`, `frameworks` and `source_files`, with or without a platform (`s.ios.vendored_frameworks`).
///
/// The file is Ruby; it is read conservatively: a value counts only when it is a string literal, several
/// separated by commas, or an array of them. A computed value (`package['version']`, a variable, string
/// interpolation) is skipped; when it is one of the attributes that could bring in a library, a located note says
/// so. Reading is linear in the file's size and bounded.
public struct Podspec: Hashable, Sendable {
  /// A library the podspec brings in: a vendored framework or library (its path as written), or a pod it depends on.
  public struct Library: Hashable, Sendable {
    /// `ios/IntuneMAMSwift.xcframework`, `MSAL`.
    public var name: String
    /// Whether it is a `dependency` (a pod name) rather than a vendored file.
    public var isDependency: Bool
    /// The line it is written at.
    public var line: Int
  }

  /// The file's path, as given.
  public private(set) var path: String
  /// `s.name`, when written as a literal.
  public private(set) var name: String?
  /// What it vendors or depends on, in written order.
  public private(set) var libraries: [Library] = []
  /// `frameworks`: the system frameworks it links.
  public private(set) var frameworks: [String] = []
  /// `source_files`: the patterns of its own sources.
  public private(set) var sourceFiles: [String] = []
  /// What could not be read (a computed `vendored_frameworks`, a file too large), located.
  public internal(set) var notes: [XcodeProjectNote] = []

  /// The largest podspec read (256 KiB).
  public static let maximumSize = 256 << 10

  /// Reads the podspec at `path` within `boundary`; `nil` when there is none. A file too large, unreadable or
  /// refused gives a model with a note and nothing else.
  public init?(path: String, boundary: RepositoryBoundary = .current) {
    guard let bytes = DependencyFiles.read(path, limit: Self.maximumSize, boundary: boundary) else { return nil }
    switch bytes {
    case .success(let bytes): self.init(path: path, text: String(decoding: bytes, as: UTF8.self))
    case .failure(let failure):
      self.init(path: path, text: "")
      notes.append(DependencyFiles.unreadableNote(path, failure: failure))
    }
  }

  /// Reads a podspec's `text`; `path` names it in notes. A statement `s.attribute …` goes on over the next lines
  /// while a bracket it opened is not closed or its line ends with `,` or `=` (an array written one element a line, a
  /// `dependency` with its version on the next line), for at most `maximumStatementLines` lines; `%w[…]` word arrays
  /// are read as arrays of strings; heredocs (`<<-DESC … DESC`) are skipped.
  public init(path: String, text: String) {
    self.path = path
    var lineNumber = 0
    var statement: [RubyToken] = []
    var statementLine = 0
    var statementLines = 0
    var heredocEnd: Substring?
    for rawLine in Self.expandingWordArrays(text).split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      if let end = heredocEnd {
        if rawLine.drop(while: { $0 == " " || $0 == "\t" }).prefix(while: { $0 != "\r" }) == end { heredocEnd = nil }
        continue
      }
      let tokens = RubyToken.tokens(of: rawLine)
      heredocEnd = Self.heredocTerminator(in: tokens)
      if statement.isEmpty {
        guard !tokens.isEmpty else { continue }
        statementLine = lineNumber
      }
      statement += tokens
      statementLines += 1
      if heredocEnd == nil, statementLines < Self.maximumStatementLines, Self.continuesOnNextLine(statement) {
        continue
      }
      read(statement, line: statementLine)
      statement = []
      statementLines = 0
    }
    if !statement.isEmpty { read(statement, line: statementLine) }
  }

  /// The most lines one statement is read over.
  public static let maximumStatementLines = 64

  /// Whether a statement `receiver.attribute …` goes on over the next line: a bracket is open, or it ends with `,`
  /// or `=`. Other lines (`Pod::Spec.new do |s|`, `end`) end where they end.
  static func continuesOnNextLine(_ tokens: [RubyToken]) -> Bool {
    guard tokens.count >= 2, case .identifier = tokens[0], tokens[1] == .punctuation("."), let last = tokens.last
    else { return false }
    if last == .punctuation(",") || last == .punctuation("=") || last == .punctuation("\\") { return true }
    var depth = 0
    for token in tokens {
      switch token {
      case .punctuation("["), .punctuation("("), .punctuation("{"): depth += 1
      case .punctuation("]"), .punctuation(")"), .punctuation("}"): depth -= 1
      default: continue
      }
    }
    return depth > 0
  }

  /// The word that ends a heredoc begun among `tokens` (`<<-DESC`, `<<~DESC`, `<<~'DESC'`, outside strings), if
  /// one is.
  static func heredocTerminator(in tokens: [RubyToken]) -> Substring? {
    for index in tokens.indices.dropLast(2)
    where tokens[index] == .punctuation("<") && tokens[index + 1] == .punctuation("<") {
      var next = index + 2
      if tokens[next] == .punctuation("-") || tokens[next] == .punctuation("~"), next + 1 < tokens.count { next += 1 }
      guard let word = tokens[next].text, let first = word.first, first.isUppercase || first == "_",
        word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      else { continue }
      return Substring(word)
    }
    return nil
  }

  /// The most characters a `%w[…]` word array is looked through for its end.
  static let maximumWordArrayLength = 16 << 10

  /// `text` with each `%w[a b]` (or `%w(…)`, `%W[…]`, over several lines too) written as `['a', 'b']`, lines kept
  /// where they were. Linear (each array looked through `maximumWordArrayLength` characters at most); a word
  /// array never closed is left as written.
  static func expandingWordArrays(_ text: String) -> String {
    guard text.contains("%w") || text.contains("%W") else { return text }
    let characters = Array(text)
    var result = ""
    result.reserveCapacity(characters.count)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      guard character == "%", index + 2 < characters.count,
        characters[index + 1] == "w" || characters[index + 1] == "W",
        let closing: Character = characters[index + 2] == "[" ? "]" : characters[index + 2] == "(" ? ")" : nil,
        let end = characters[(index + 3)..<min(characters.count, index + 3 + Self.maximumWordArrayLength)]
          .firstIndex(of: closing)
      else {
        result.append(character)
        index += 1
        continue
      }
      var words: [String] = []
      var word = ""
      result.append("[")
      for inner in characters[(index + 3)..<end] {
        if inner == " " || inner == "\t" || inner == "\n" || inner == "\r" {
          if !word.isEmpty { words.append(word) }
          word = ""
          if inner == "\n" {
            result += words.map { "'\($0)', " }.joined()
            words = []
            result.append("\n")
          }
        } else if inner != "'" && inner != "\\" {
          word.append(inner)
        }
      }
      if !word.isEmpty { words.append(word) }
      result += words.map { "'\($0)', " }.joined() + "]"
      index = end + 1
    }
    return result
  }

  /// The sources `source_files` names, inside the podspec's folder, as the folders (or files) they are under: a
  /// pattern's part before its first wildcard (`ios/Classes/**/*.{swift,m}` is `ios/Classes`), so every Swift,
  /// Objective-C or C file below it counts. A pattern that leaves the folder (`..`, an absolute path) is left out.
  public var sourceFolders: XcodeCompiledSources {
    let podFolder = PathText.removingLastComponent(of: path)
    var sources = XcodeCompiledSources()
    for pattern in sourceFiles {
      guard let relative = XcodeCompiledSources.folder(ofPattern: pattern) else { continue }
      let folder = PathText.tidied(PathText.joined(podFolder, relative))
      let shown = XcodeCompiledSources.Folder(path: PathText.relativeToWorkingFolder(folder.isEmpty ? "." : folder))
      if !sources.folders.contains(shown) { sources.folders.append(shown) }
    }
    return sources
  }

  /// The attributes whose computed value may hide a library.
  static let libraryAttributes: Set<String> = ["vendored_frameworks", "vendored_framework", "vendored_libraries",
    "vendored_library", "dependency"]

  /// One statement: `receiver(.platform)?.attribute = values` or `receiver(.platform)?.attribute values`.
  private mutating func read(_ tokens: [RubyToken], line: Int) {
    // receiver . [platform .] attribute
    guard tokens.count >= 3, case .identifier = tokens[0], tokens[1] == .punctuation(".") else { return }
    var index = 2
    if tokens.count > 4, case .identifier(let platform) = tokens[2], Self.platforms.contains(platform),
      tokens[3] == .punctuation(".")
    {
      index = 4
    }
    guard index < tokens.count, case .identifier(let attribute) = tokens[index] else { return }
    var values = tokens[(index + 1)...]
    if values.first == .punctuation("=") { values = values.dropFirst() }
    guard let strings = Self.literalStrings(values, firstOnly: attribute == "dependency") else {
      if Self.libraryAttributes.contains(attribute) {
        notes.append(
          XcodeProjectNote(
            "'\(attribute)' is computed, not written as text: what it brings in is unknown", file: path, line: line))
      }
      return
    }
    switch attribute {
    case "name": name = name ?? strings.first
    case "vendored_frameworks", "vendored_framework", "vendored_libraries", "vendored_library":
      libraries += strings.map { Library(name: $0, isDependency: false, line: line) }
    case "dependency":
      libraries += strings.prefix(1).map { Library(name: $0, isDependency: true, line: line) }
    case "frameworks", "framework": frameworks += strings
    case "source_files": sourceFiles += strings
    default: break
    }
  }

  /// The platform parts of `s.ios.…`.
  static let platforms: Set<String> = ["ios", "osx", "macos", "tvos", "watchos", "visionos"]

  /// The string literals of a value: `'a'`, `'a', 'b'`, `['a', 'b']`; nil when something else is written (a
  /// variable, a method call, an interpolated string). With `firstOnly`, only the first needs to be literal (a
  /// dependency's version requirements follow it).
  static func literalStrings(_ tokens: ArraySlice<RubyToken>, firstOnly: Bool) -> [String]? {
    var strings: [String] = []
    var tokens = tokens
    if tokens.first == .punctuation("("), tokens.last == .punctuation(")") { tokens = tokens.dropFirst().dropLast() }
    for token in tokens {
      switch token {
      case .string(let text):
        if text.contains("#{") { return firstOnly && !strings.isEmpty ? strings : nil }
        strings.append(text)
      case .punctuation(","), .punctuation("["), .punctuation("]"): continue
      default:
        if firstOnly && !strings.isEmpty { return strings }
        return nil
      }
      if firstOnly { return strings }
    }
    return strings.isEmpty ? nil : strings
  }
}

import Foundation
import PropertyList
import SharelintBase

/// The C preprocessor Xcode runs over an Info.plist when a target sets `INFOPLIST_PREPROCESS = YES`,
/// in the traditional mode nearly every such project selects, with a map from each output byte back
/// to the file and offset it came from.
///
/// How Xcode invokes it (swift-build's `Sources/SWBUniversalPlatform/Specs/Cpp.xcspec`, the
/// `com.apple.compilers.cpp` tool): `cc -E -P -x c -Wno-trigraphs [input] -F$(BUILT_PRODUCTS_DIR)
/// [options] -o [output]`, the options being `-D` before each `INFOPLIST_PREPROCESSOR_DEFINITIONS`
/// entry, `-include $(INFOPLIST_PREFIX_HEADER)`, then `INFOPLIST_OTHER_PREPROCESSOR_FLAGS`; `cc` is
/// clang. There is no `-C` and no `-traditional` by default: the ISO preprocessor then reads the `//` of
/// `https://x` as a comment and cuts the line (Apple's TN2175, "Preventing URLs from being converted to
/// comments"), so projects that preprocess real plists set `INFOPLIST_OTHER_PREPROCESSOR_FLAGS =
/// -traditional`. This type reproduces `clang -E -P -traditional`, checked against clang and GNU
/// `cpp -P -traditional` by the differential tests:
///
/// - a directive is a line whose first byte is `#`, or whose tabs come before `#`; after spaces `#` is text;
/// - directive lines and lines of branches not taken are dropped (as GNU cpp does; clang writes one
///   blank line in place of each such run, and one more at the end — blank lines XML ignores), every
///   other line is kept, blank lines too, so output lines follow source lines except where a comment or
///   a `\` continuation joins lines;
/// - object-like macros are replaced inside text, XML tags and comments `<!-- -->` included, but not
///   inside `"…"` or `'…'`, each of which ends at its closing quote or at the end of the line (an
///   apostrophe in `Don't` protects the rest of its line), nor inside numbers (`1SCHEME`);
/// - `/* … */` comments are removed (kept with `keepsComments`, cpp's `-C`); `//` is plain text;
/// - a macro met again inside its own expansion stays as written (`#define SELF SELF+1` gives `SELF+1`).
///
/// Not reproduced: the ISO mode (whitespace squeezed, `//` comments), function-like macros (refused
/// with a located error), compiler-predefined macros (`__APPLE__`…: pass them in `definitions`), SDK headers
/// (`#include <…>` is looked for only in the `-I` folders), and guarded include cycles (a file including one
/// already being read, by any path, is an error even when guarded).
///
/// The Info.plist and what it includes are hostile input: included files are read through `RepositoryFile` within
/// a `RepositoryBoundary` (an include outside the linted folders is a located error, and nothing of it is read), and
/// each run is bounded in output (`maximumOutputSize`), in the includes it carries out (`maximumIncludes`), in the
/// bytes it reads through them (`maximumIncludedBytes`), and in time (`maximumDuration`): a file including itself
/// twice through a link, or a chain of files each including the next twice, ends with a located error.
public struct InfoPlistPreprocessor: Sendable {
  /// Reads a file by path; nil when it cannot be read.
  public typealias FileReader = @Sendable (String) -> [UInt8]?

  /// The macros defined before anything is read, name to body (`-D NAME=BODY`).
  public let definitions: [String: String]
  /// Whether `/* … */` comments are copied to the output (cpp's `-C`) instead of removed.
  public let keepsComments: Bool
  /// `-traditional`, which projects that preprocess real plists set in `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` (the
  /// default here). Without it, as Xcode runs by default, `//` starts a comment (cutting `https://…`) and a
  /// directive may be indented by spaces too.
  public let traditional: Bool
  /// The largest output produced before giving up with an error (macros can grow text exponentially);
  /// by default the largest file the XML reader accepts.
  public let maximumOutputSize: Int
  /// Folders `#include` searches after the including file's (`-I`).
  public let includePaths: [String]
  /// How long one run may take before it stops with an error.
  public let maximumDuration: Duration
  /// How included files and the prefix header are read: a reader given to `init`, else the disk within a boundary.
  private let includeSource: IncludeSource

  /// The deepest `#include` nesting accepted (GNU cpp's limit).
  public static let maximumIncludeDepth = 200
  /// The deepest macro-within-macro expansion accepted.
  public static let maximumExpansionDepth = 200
  /// The most macro expansions one run performs.
  public static let maximumExpansions = 1_000_000
  /// The deepest `#if` nesting accepted.
  public static let maximumConditionalDepth = 1_000
  /// The most `#include`s and `#import`s one run carries out.
  public static let maximumIncludes = 10_000
  /// The most bytes one run reads through includes, counting a file each time it is included.
  public static let maximumIncludedBytes = 64 << 20
  /// The largest file included (or prefix header) read.
  public static let maximumIncludedFileSize = 4 << 20

  /// A preprocessor defining `definitions` (see `parseDefinitions(_:)`), reading included files with
  /// `readFile`, or when none is given from the disk within `boundary`.
  public init(
    definitions: [String: String] = [:], keepsComments: Bool = false, traditional: Bool = true,
    maximumOutputSize: Int = XMLPlistReader.maximumInputSize, includePaths: [String] = [],
    maximumDuration: Duration = .seconds(1), boundary: RepositoryBoundary = .current, readFile: FileReader? = nil
  ) {
    self.includePaths = includePaths
    self.definitions = definitions
    self.keepsComments = keepsComments
    self.traditional = traditional
    self.maximumOutputSize = maximumOutputSize
    self.maximumDuration = maximumDuration
    includeSource = readFile.map(IncludeSource.reader) ?? .disk(boundary)
  }

  /// The bytes of the file at `path`, or nil when it cannot be read: a regular file of at most
  /// `maximumIncludedFileSize` bytes that the process's `RepositoryBoundary` admits.
  public static let readFromDisk: FileReader = { path in
    try? RepositoryFile.read(path, limit: maximumIncludedFileSize).get()
  }

  /// Where included files come from.
  enum IncludeSource: Sendable {
    /// A reader given by the caller: nil is a file that is not there.
    case reader(FileReader)
    /// The disk, within a boundary.
    case disk(RepositoryBoundary)

    /// The bytes of the file at `path`, or why not.
    func read(_ path: String) -> Result<[UInt8], RepositoryFile.Failure> {
      switch self {
      case .reader(let read): return read(path).map { .success($0) } ?? .failure(.missing)
      case .disk(let boundary):
        return RepositoryFile.read(path, limit: InfoPlistPreprocessor.maximumIncludedFileSize, boundary: boundary)
      }
    }
  }

  /// The macros of an `INFOPLIST_PREPROCESSOR_DEFINITIONS` value: entries `NAME` (defined as `1`, as
  /// `-DNAME` does) or `NAME=VALUE`, separated by whitespace and quoted as Xcode splits a string-list
  /// setting (`"a b"`, `'a b'`, `\ `); a later entry for the same name wins, as a later `-D` does.
  public static func parseDefinitions(_ setting: String) -> [String: String] {
    var result: [String: String] = [:]
    for word in splitStringList(setting) {
      guard !word.isEmpty else { continue }
      if let equals = word.firstIndex(of: "=") {
        result[String(word[..<equals])] = String(word[word.index(after: equals)...])
      } else {
        result[word] = "1"
      }
    }
    return result
  }

  /// The words of a string-list build setting: whitespace separates, quotes group, a backslash takes
  /// the next character literally.
  static func splitStringList(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaping = false
    for character in text {
      if escaping {
        current.append(character)
        escaping = false
        inWord = true
      } else if character == "\\" {
        escaping = true
        inWord = true
      } else if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character.isWhitespace {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }

  /// Preprocesses `source` (named by its path, which locates `#include "…"`), after the file at
  /// `prefixHeader` when given (`-include`, whose own text lines come first in the output).
  public func preprocess(_ source: SourceText, prefixHeader: String? = nil) throws(InfoPlistPreprocessorError)
    -> PreprocessedInfoPlist
  {
    let run = PreprocessorRun(
      keepsComments: keepsComments, traditional: traditional, maximumOutputSize: maximumOutputSize,
      source: includeSource, prefixHeaderFolder: prefixHeader.map(Self.folder(of:)), includePaths: includePaths,
      deadline: ContinuousClock.now.advanced(by: maximumDuration))
    for (name, body) in definitions.sorted(by: { $0.key < $1.key }) {
      guard let first = name.utf8.first, PreprocessorCharacters.isIdentifierStart(first),
        name.utf8.allSatisfy(PreprocessorCharacters.isIdentifierPart)
      else {
        throw InfoPlistPreprocessorError("macro names must be identifiers: '\(name)'", file: "<definitions>")
      }
      run.macros[name] = Array(body.utf8)
    }
    let mainIndex = run.register(source)
    if let prefixHeader {
      let bytes: [UInt8]
      switch includeSource.read(prefixHeader) {
      case .success(let read): bytes = read
      case .failure(.missing):
        throw InfoPlistPreprocessorError("cannot read prefix header '\(prefixHeader)'", file: prefixHeader)
      case .failure(let failure):
        throw InfoPlistPreprocessorError("the prefix header '\(prefixHeader)' \(failure)", file: prefixHeader)
      }
      let header = SourceText(name: prefixHeader, bytes: bytes)
      try run.process(fileIndex: run.register(header), depth: 1)
    }
    try run.process(fileIndex: mainIndex, depth: 0)
    return run.result()
  }

  /// The folder part of `path` (empty for a bare file name).
  static func folder(of path: String) -> String {
    guard path.contains("/") else { return "" }
    return PathText.removingLastComponent(of: path)
  }

}

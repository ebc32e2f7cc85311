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
/// with a located error), compiler-predefined macros (`__APPLE__`…: pass them in `definitions`), and
/// guarded include cycles (a file including one already being read is an error even when guarded).
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
  /// How included files and the prefix header are read.
  private let readFile: FileReader

  /// The deepest `#include` nesting accepted (GNU cpp's limit).
  public static let maximumIncludeDepth = 200
  /// The deepest macro-within-macro expansion accepted.
  public static let maximumExpansionDepth = 200
  /// The most macro expansions one run performs.
  public static let maximumExpansions = 1_000_000
  /// The deepest `#if` nesting accepted.
  public static let maximumConditionalDepth = 1_000

  /// A preprocessor defining `definitions` (see `parseDefinitions(_:)`), reading included files with
  /// `readFile` (the file system by default).
  public init(
    definitions: [String: String] = [:], keepsComments: Bool = false, traditional: Bool = true,
    maximumOutputSize: Int = XMLPlistReader.maximumInputSize, includePaths: [String] = [],
    readFile: @escaping FileReader = InfoPlistPreprocessor.readFromDisk
  ) {
    self.includePaths = includePaths
    self.definitions = definitions
    self.keepsComments = keepsComments
    self.traditional = traditional
    self.maximumOutputSize = maximumOutputSize
    self.readFile = readFile
  }

  /// The bytes of the file at `path`, or nil when it cannot be read.
  public static let readFromDisk: FileReader = { path in
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return [UInt8](data)
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
      keepsComments: keepsComments, traditional: traditional, maximumOutputSize: maximumOutputSize, readFile: readFile,
      prefixHeaderFolder: prefixHeader.map(Self.folder(of:)), includePaths: includePaths)
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
      guard let bytes = readFile(prefixHeader) else {
        throw InfoPlistPreprocessorError("cannot read prefix header '\(prefixHeader)'", file: prefixHeader)
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

import Testing
import TestSupport

@testable import Lint

/// `excluded` globs are matched by an automaton, as the backtracking matcher it replaced matched them, in time
/// linear in the path whatever the pattern.
@Suite struct GlobTests {
  /// The backtracking matcher `Glob` replaced, kept as the reference for its semantics (exponential on hostile
  /// patterns: used on short inputs only).
  static func backtracking(_ pattern: ArraySlice<UInt8>, _ path: ArraySlice<UInt8>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    let star = UInt8(ascii: "*")
    if first == star, pattern.dropFirst().first == star {
      var rest = pattern.dropFirst(2)
      if rest.first == UInt8(ascii: "/") { rest = rest.dropFirst() }
      var candidate = path
      while true {
        if backtracking(rest, candidate) { return true }
        guard let slash = candidate.firstIndex(of: UInt8(ascii: "/")) else { return rest.isEmpty }
        candidate = candidate[(slash + 1)...]
      }
    }
    if first == star {
      var candidate = path
      while true {
        if backtracking(pattern.dropFirst(), candidate) { return true }
        guard let next = candidate.first, next != UInt8(ascii: "/") else { return false }
        candidate = candidate.dropFirst()
      }
    }
    guard let character = path.first else { return false }
    if first == UInt8(ascii: "?") ? character != UInt8(ascii: "/") : first == character {
      return backtracking(pattern.dropFirst(), path.dropFirst())
    }
    return false
  }

  @Test func examplesOfEachToken() {
    let cases: [(pattern: String, path: String, matches: Bool)] = [
      ("Pods/**", "Pods/AFNetworking/Info.plist", true), ("Pods/**", "Pods", false), ("Pods/**", "Pods/", true),
      ("**/Tests/*.plist", "Tests/Info.plist", true), ("**/Tests/*.plist", "a/b/Tests/Info.plist", true),
      ("**/Tests/*.plist", "a/Tests/Deep/Info.plist", false), ("Build?/Info.plist", "Build1/Info.plist", true),
      ("Build?/Info.plist", "Build/Info.plist", false), ("Build?/x", "Build//x", false), ("*", "a/b", false),
      ("**", "a/b", true), ("", "", true), ("", "a", false), ("a**b", "ax/b", true), ("a**b", "axb", false),
      ("a/**/", "a/b/c", true), ("***", "a/b", true), ("x/***y", "x/a/zy", true), ("é*", "éa", true),
    ]
    for example in cases {
      #expect(Glob.matches(pattern: example.pattern, path: example.path) == example.matches, "\(example)")
    }
  }

  /// Random patterns and paths over the bytes that matter: the automaton agrees with the backtracking matcher.
  @Test func agreesWithTheBacktrackingMatcher() {
    var generator = SeededGenerator(seed: 26)
    let patternBytes = Array("ab/*?".utf8)
    let pathBytes = Array("ab/".utf8)
    for _ in 0..<20_000 {
      let pattern = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
        patternBytes.randomElement(using: &generator)!
      }
      let path = (0..<Int.random(in: 0...9, using: &generator)).map { _ in
        pathBytes.randomElement(using: &generator)!
      }
      let patternText = String(decoding: pattern, as: UTF8.self)
      let pathText = String(decoding: path, as: UTF8.self)
      #expect(
        Glob.matches(pattern: patternText, path: pathText) == Self.backtracking(pattern[...], path[...]),
        "'\(patternText)' '\(pathText)'")
    }
  }

  /// Patterns that made the backtracking matcher take exponential time answer at once.
  @Test(.timeLimit(.minutes(1))) func hostilePatternsAnswerAtOnce() {
    let stars = String(repeating: "*a", count: 40) + "*b"
    let longComponent = String(repeating: "a", count: 4_000)
    #expect(!Glob.matches(pattern: stars, path: longComponent))
    #expect(Glob.matches(pattern: stars, path: longComponent + "b"))
    let globstars = String(repeating: "**/", count: 60) + "x"
    let deep = Array(repeating: "a", count: 2_000).joined(separator: "/")
    #expect(!Glob.matches(pattern: globstars, path: deep))
    #expect(Glob.matches(pattern: globstars, path: deep + "/x"))
    let mixed = String(repeating: "**a*", count: 30) + "?b"
    #expect(!Glob.matches(pattern: mixed, path: String(repeating: "a/", count: 1_000)))
  }
}

import Foundation
import Testing

@testable import SharelintBase

@Suite("Path components on the text alone")
struct PathTextTests {
  @Test(arguments: [
    ("", "", ""), ("/", "/", "/"), ("x", "x", ""), ("a/", "a", ""), (".", ".", ""), ("..", "..", ""),
    ("/a", "a", "/"), ("a/b", "b", "a"), ("/a/b/Info.plist", "Info.plist", "/a/b"), ("./Info.plist", "Info.plist", "."),
    ("../x/y", "y", "../x"), ("a//b", "b", "a"), ("a/b/", "b", "a"), ("/a/b//", "b", "/a"), ("//", "/", "/"),
    ("ünï/cödé.entitlements", "cödé.entitlements", "ünï"),
  ])
  func lastComponentAndTheRest(path: String, last: String, rest: String) {
    #expect(PathText.lastComponent(of: path) == last)
    #expect(PathText.removingLastComponent(of: path) == rest)
  }

  /// Foundation's answers where it does not trap (it does for one-character paths: `x`, `a/`, `.`; and
  /// it answers the empty string for `//`, where `/` is right).
  @Test(arguments: ["/", "/a", "a/b", "/a/b/Info.plist", "./Info.plist", "../x/y", "a//b", "a/b/", "/a/b//", "ab", "ünï/x"])
  func foundationAgrees(path: String) {
    #expect(PathText.lastComponent(of: path) == (path as NSString).lastPathComponent)
    #expect(PathText.removingLastComponent(of: path) == (path as NSString).deletingLastPathComponent)
  }
}

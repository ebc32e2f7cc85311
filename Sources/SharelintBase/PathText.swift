import Foundation

/// The last component of a path and the path without it, worked out on the text alone.
///
/// Foundation's `NSString.lastPathComponent` and `deletingLastPathComponent` trap on Linux for a
/// one-character path (`x`, `a/`, `.`), so `sharelint lint x` crashed; they are also slow, and discovery
/// asks for every file. These give Foundation's answers otherwise: repeated slashes count as one, and
/// trailing slashes are ignored (`/` stays `/`).
public enum PathText {
  /// `b` for `a/b`, `a/b/` and `a//b`; `/` for `/`; the path itself when it has no slash.
  public static func lastComponent(of path: String) -> String {
    let (text, lastSlash) = normalized(path)
    guard let lastSlash else { return text }
    if text == "/" { return text }
    return String(text[text.utf8.index(after: lastSlash)...])
  }

  /// `a` for `a/b`, `/` for `/a` and `/`, the empty string when there is no slash.
  public static func removingLastComponent(of path: String) -> String {
    let (text, lastSlash) = normalized(path)
    guard let lastSlash else { return "" }
    if lastSlash == text.utf8.startIndex { return "/" }
    return String(text[..<lastSlash])
  }

  /// `path` with repeated slashes as one and no trailing slash (unless it is `/`), and its last slash.
  private static func normalized(_ path: String) -> (text: String, lastSlash: String.Index?) {
    let slash = UInt8(ascii: "/")
    var text = path
    var previous: UInt8 = 0
    var plain = true
    for byte in path.utf8 {
      if byte == slash, previous == slash { plain = false }
      previous = byte
    }
    if !plain || (previous == slash && path.utf8.count > 1) {
      var bytes: [UInt8] = []
      previous = 0
      for byte in path.utf8 where !(byte == slash && previous == slash) {
        bytes.append(byte)
        previous = byte
      }
      while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
      text = String(decoding: bytes, as: UTF8.self)
    }
    return (text, text.utf8.lastIndex(of: slash))
  }
}

extension PathText {
  // Lexical path joining for the paths sharelint shows: `.` components dropped, `..` taken back where possible,
  // no trailing slash; an absolute second part replaces the first.

  /// `folder/relative`, tidied; `relative` alone when it is absolute or `folder` is empty.
  package static func joined(_ folder: String, _ relative: String) -> String {
    if relative.hasPrefix("/") || folder.isEmpty { return tidied(relative) }
    if relative.isEmpty { return tidied(folder) }
    return tidied(folder + "/" + relative)
  }

  /// `path` without `.` components, repeated or trailing slashes, and with `a/..` removed.
  public static func tidied(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == "..", absolute, parts.isEmpty { continue }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    if absolute { return "/" + joined }
    return joined.isEmpty ? (path.isEmpty ? "" : ".") : joined
  }

  /// `path` relative to the working folder when it is an absolute path inside it; otherwise `path` itself.
  public static func relativeToWorkingFolder(_ path: String) -> String {
    guard path.hasPrefix("/") else { return path }
    let folder = FileManager.default.currentDirectoryPath
    return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
  }
}

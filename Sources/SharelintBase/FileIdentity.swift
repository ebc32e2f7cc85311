import Foundation

/// Which file a path names, so that two paths to one file count once: the absolute path without symbolic
/// links, `.` or `..` that `realpath(3)` gives. A path that does not exist (yet) is resolved through its
/// longest existing parent and the rest appended as written (tidied), so it still matches the same path reached
/// through a link.
///
/// This is the one answer sharelint uses. Foundation's `URL.resolvingSymlinksInPath` answers differently on
/// macOS, where `/var`, `/tmp` and `/etc` are links into `/private`: it drops the `/private` that `realpath`
/// keeps, so mixing the two would make one plist two files there.
public enum FileIdentity {
  /// The identity of `path`; a relative path is taken from the working folder.
  public static func of(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    if let resolved = resolved(absolute) { return resolved }
    var head = absolute
    var missing: [String] = []
    while true {
      let parent = PathText.removingLastComponent(of: head)
      missing.append(PathText.lastComponent(of: head))
      guard !parent.isEmpty, parent != head else { return PathText.tidied(absolute) }
      if let resolvedParent = resolved(parent) {
        return PathText.joined(resolvedParent, missing.reversed().joined(separator: "/"))
      }
      head = parent
    }
  }

  /// `realpath(3)` of `path`, nil when some component does not exist or cannot be read.
  private static func resolved(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }
}

/// The path arithmetic behind `:dir`, `:file`, `:base`, `:suffix` and `:standardizepath`, with the
/// rules of swift-system's `FilePath` that Xcode's build system uses: trailing slashes are
/// ignored, an extension follows the last `.` of the last component unless that `.` starts it.
struct BuildSettingPath {
  /// The path as given.
  let text: String

  init(_ text: String) {
    self.text = text
  }

  private var isAbsolute: Bool { text.hasPrefix("/") }

  /// The components, without empty ones (repeated or trailing `/`).
  private var components: [Substring] { text.split(separator: "/", omittingEmptySubsequences: true) }

  private var lastComponent: Substring? { components.last }

  /// The root (`/` or nothing) followed by `components`.
  private static func assemble(_ components: [Substring], absolute: Bool) -> String {
    (absolute ? "/" : "") + components.joined(separator: "/")
  }

  /// Everything but the last component; `/` for a top-level absolute path, empty for a bare name.
  var dirname: String { Self.assemble(Array(components.dropLast()), absolute: isAbsolute) }

  /// The last component, or the path itself when it has none (`/`, empty).
  var basename: String { lastComponent.map(String.init) ?? text }

  /// The dot position that starts the last component's extension, if it has one.
  private var extensionDot: String.Index? {
    guard let last = lastComponent, last != ".", last != "..", let dot = last.lastIndex(of: ".") else { return nil }
    return dot == last.startIndex ? nil : dot
  }

  /// The extension without its dot; empty when there is none.
  var fileExtension: String {
    guard let last = lastComponent, let dot = extensionDot else { return "" }
    return String(last[last.index(after: dot)...])
  }

  /// `.` and the extension, or empty.
  var fileSuffix: String { extensionDot == nil ? "" : "." + fileExtension }

  /// The last component without its extension, or the path itself when it has no component.
  var basenameWithoutSuffix: String {
    guard let last = lastComponent else { return text }
    guard let dot = extensionDot else { return String(last) }
    return String(last[..<dot])
  }

  /// The path with the last component's extension removed.
  var withoutSuffix: String {
    guard let last = lastComponent, let dot = extensionDot else {
      return Self.assemble(components, absolute: isAbsolute)
    }
    return Self.assemble(components.dropLast() + [last[..<dot]], absolute: isAbsolute)
  }

  /// `.` components and empty components dropped; in an absolute path `..` also removes the
  /// component before it (relative paths keep `..`, as `-[NSString stringByStandardizingPath]`).
  var standardized: String {
    let kept = components.filter { $0 != "." }
    guard isAbsolute else { return kept.joined(separator: "/") }
    var resolved: [Substring] = []
    for component in kept {
      if component == ".." {
        if !resolved.isEmpty { resolved.removeLast() }
      } else {
        resolved.append(component)
      }
    }
    return Self.assemble(resolved, absolute: true)
  }

  /// `tail` appended to `head` with one `/` between; an empty head or an absolute tail gives the tail.
  static func join(_ head: String, _ tail: String) -> String {
    if head.isEmpty || tail.hasPrefix("/") { return tail }
    if tail.isEmpty { return head }
    return head.hasSuffix("/") ? head + tail : head + "/" + tail
  }
}

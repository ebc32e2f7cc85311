import Foundation
import SharelintBase

/// An Xcode workspace (`X.xcworkspace`) read from its `contents.xcworkspacedata`: the projects it
/// names. `<FileRef location="…">` locations are `group:` (relative to the enclosing `<Group>`s'
/// locations, then the folder holding the workspace), `container:` and `self:` (relative to that
/// folder) or `absolute:`. The reader is tolerant: it looks only at `Group` and `FileRef` tags.
///
/// A workspace is hostile input like any file of the repository: a project it names outside the folders the
/// `RepositoryBoundary` admits is a note and is not read; a project named twice is named once; groups nest at most
/// `maximumGroupDepth` deep and at most `maximumProjects` projects are kept, each past the bound a located note.
public struct XcodeWorkspace: Hashable, Sendable {
  /// The largest `contents.xcworkspacedata` read.
  public static let maximumContentsSize = 4 << 20
  /// The deepest nesting of `<Group>`s whose references are read (Xcode's navigator shows a few levels).
  public static let maximumGroupDepth = 64
  /// The most projects one workspace names that are read.
  public static let maximumProjects = 1_000

  /// The `.xcworkspace` folder, as given.
  public let path: String
  /// The `.xcodeproj` folders the workspace names, in written order, each once, whether they exist or not; none
  /// outside the boundary.
  public let projectPaths: [String]
  /// Projects named but missing or outside the linted folders, references sharelint cannot place (`developer:`),
  /// missing contents, bounds passed.
  public private(set) var notes: [XcodeProjectNote]

  /// Reads the workspace at `path` (the `.xcworkspace` folder) within `boundary`. Without a readable
  /// `contents.xcworkspacedata` Xcode opens it as an empty workspace: it names no project, and a note says why.
  public init(path: String, boundary: RepositoryBoundary = .current) {
    let contents = PathText.joined(path, "contents.xcworkspacedata")
    switch RepositoryFile.read(contents, limit: Self.maximumContentsSize, boundary: boundary) {
    case .success(let bytes):
      self.init(path: path, contents: bytes, boundary: boundary)
    case .failure(let failure):
      self.init(path: path, contents: [], boundary: boundary)
      let problem =
        failure == .missing
        ? "the workspace has no contents.xcworkspacedata" : "the workspace's contents.xcworkspacedata \(failure)"
      notes.append(
        XcodeProjectNote(problem + ": it names no project; the projects beside it are still read", file: contents))
    }
  }

  /// Reads the workspace at `path` from the bytes of its `contents.xcworkspacedata`, looking at the projects it
  /// names within `boundary`.
  public init(path: String, contents: [UInt8], boundary: RepositoryBoundary = .current) {
    let trimmed = XcodePath.withoutTrailingSlash(path)
    self.path = trimmed
    let container = PathText.removingLastComponent(of: trimmed)
    let contentsPath = PathText.joined(trimmed, "contents.xcworkspacedata")
    let source = SourceText(name: contentsPath, bytes: contents)
    func note(_ message: String, at offset: Int) -> XcodeProjectNote {
      XcodeProjectNote(message, file: contentsPath, line: source.lineIndex(of: offset) + 1)
    }
    // The location of each open group; nil for one nested too deeply, whose references are not read.
    var groups: [String?] = [container]
    var projects: [String] = []
    var named: Set<String> = []
    var notes: [XcodeProjectNote] = []
    var saidTooDeep = false
    var saidTooMany = false
    for tag in WorkspaceTagScanner(bytes: contents).tags() {
      let enclosing = groups.last ?? container
      switch tag.name {
      case "Group":
        guard !tag.isSelfClosing else { continue }
        guard let enclosing, groups.count <= Self.maximumGroupDepth else {
          if !saidTooDeep {
            saidTooDeep = true
            notes.append(
              note(
                "groups nest more than \(Self.maximumGroupDepth) deep: the projects inside are not read",
                at: tag.offset))
          }
          groups.append(nil)
          continue
        }
        let base = tag.location.flatMap { Self.resolve($0, group: enclosing, container: container) }
        groups.append(base ?? enclosing)
      case "/Group":
        if groups.count > 1 { groups.removeLast() }
      case "FileRef":
        guard let enclosing, let location = tag.location else { continue }
        guard let resolved = Self.resolve(location, group: enclosing, container: container) else {
          notes.append(note("cannot place the reference '\(location)'", at: tag.offset))
          continue
        }
        guard resolved.hasSuffix(".xcodeproj"), named.insert(PathText.tidied(resolved)).inserted else { continue }
        guard projects.count < Self.maximumProjects else {
          if !saidTooMany {
            saidTooMany = true
            let message = "the workspace names more than \(Self.maximumProjects) projects: the rest are not read"
            notes.append(note(message, at: tag.offset))
          }
          continue
        }
        switch RepositoryEntry.at(PathText.joined(resolved, "project.pbxproj"), boundary: boundary) {
        case .refused(let refusal):
          notes.append(note("the workspace names '\(resolved)', which is \(refusal.consequence)", at: tag.offset))
        case .missing:
          projects.append(resolved)
          notes.append(note("the workspace names '\(resolved)', which does not exist", at: tag.offset))
        case .file, .folder:
          projects.append(resolved)
        }
      default:
        continue
      }
    }
    projectPaths = projects
    self.notes = notes
  }

  /// The path a location stands for, or `nil` for kinds outside the repository (`developer:`).
  private static func resolve(_ location: String, group: String, container: String) -> String? {
    guard let colon = location.firstIndex(of: ":") else { return PathText.joined(group, location) }
    let kind = location[..<colon]
    let rest = String(location[location.index(after: colon)...])
    switch kind {
    case "group": return PathText.joined(group, rest)
    case "container", "self": return PathText.joined(container, rest)
    case "absolute": return PathText.tidied(rest)
    default: return nil
    }
  }
}

/// Finds `<Group …>`, `</Group>` and `<FileRef …/>` tags and their `location` attribute in XML text,
/// skipping comments; anything else is passed over.
private struct WorkspaceTagScanner {
  struct Tag {
    var name: String
    var location: String?
    var isSelfClosing: Bool
    /// The offset of its `<`.
    var offset: Int
  }

  let bytes: [UInt8]

  func tags() -> [Tag] {
    var tags: [Tag] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      if bytes[index...].starts(with: Array("<!--".utf8)) {
        index = find(Array("-->".utf8), from: index + 4).map { $0 + 3 } ?? bytes.count
        continue
      }
      let start = index
      let end = findTagEnd(from: index + 1)
      let inside = Array(bytes[(index + 1)..<end])
      index = min(end + 1, bytes.count)
      var nameEnd = 0
      while nameEnd < inside.count, !Self.isSpace(inside[nameEnd]), inside[nameEnd] != UInt8(ascii: "/")
        || nameEnd == 0
      {
        nameEnd += 1
      }
      let name = String(decoding: inside[..<nameEnd], as: UTF8.self)
      guard name == "Group" || name == "/Group" || name == "FileRef" else { continue }
      tags.append(
        Tag(
          name: name, location: attribute("location", in: inside), isSelfClosing: inside.last == UInt8(ascii: "/"),
          offset: start))
    }
    return tags
  }

  /// The offset of the `>` closing a tag (outside quoted attribute values), or the end.
  private func findTagEnd(from start: Int) -> Int {
    var index = start
    var quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return index
      }
      index += 1
    }
    return bytes.count
  }

  private func find(_ needle: [UInt8], from start: Int) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }

  /// The decoded value of the attribute `name` in a tag's inside bytes.
  private func attribute(_ name: String, in inside: [UInt8]) -> String? {
    let key = Array(name.utf8)
    var index = 0
    while index < inside.count {
      // Only a name that starts after a space counts (so `xlocation` is not `location`).
      if index > 0, Self.isSpace(inside[index - 1]), inside[index...].starts(with: key) {
        var cursor = index + key.count
        while cursor < inside.count, Self.isSpace(inside[cursor]) { cursor += 1 }
        if cursor < inside.count, inside[cursor] == UInt8(ascii: "=") {
          cursor += 1
          while cursor < inside.count, Self.isSpace(inside[cursor]) { cursor += 1 }
          guard cursor < inside.count else { return nil }
          let quote = inside[cursor]
          guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
          let valueStart = cursor + 1
          var valueEnd = valueStart
          while valueEnd < inside.count, inside[valueEnd] != quote { valueEnd += 1 }
          return Self.decodeEntities(String(decoding: inside[valueStart..<valueEnd], as: UTF8.self))
        }
      }
      index += 1
    }
    return nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}

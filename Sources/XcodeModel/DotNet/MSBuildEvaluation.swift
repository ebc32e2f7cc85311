import Foundation
import SharelintBase

/// The files of one .NET project as MSBuild reads them: the project file, the `Directory.Build.props` files imported
/// before it (from its folder up to the folder holding `.git`, or the last folder sharelint may read), and the local
/// files it imports; each read once and kept as XML.
struct MSBuildFiles {
  /// The project file's path, as given.
  let projectPath: String
  /// The project's folder (`MSBuildProjectDirectory`), empty for the working folder.
  let projectFolder: String
  let boundary: RepositoryBoundary
  /// Every file read, the project first, then the others in the order they were first read.
  private(set) var paths: [String] = []
  /// The documents read, by path.
  private(set) var documentsRead: [String: MSBuildXMLDocument] = [:]
  /// The nearest `Directory.Build.props` above or beside the project, when there is one (imported before it).
  private(set) var directoryBuildProps: String?
  /// The nearest `Directory.Build.targets` above or beside the project, when there is one (imported after it).
  private(set) var directoryBuildTargets: String?

  /// The most files one project's evaluation reads (the project, `Directory.Build.props`, local imports).
  static let maximumFiles = 32

  /// Reads the project at `projectPath` and finds its `Directory.Build.props`.
  /// - Throws: the located error of a project file that cannot be read or is not XML.
  init(projectPath: String, boundary: RepositoryBoundary) throws(XcodeProjectError) {
    self.projectPath = projectPath
    projectFolder = PathText.removingLastComponent(of: projectPath)
    self.boundary = boundary
    _ = try document(at: projectPath)
    directoryBuildProps = Self.nearest("Directory.Build.props", from: projectFolder, boundary: boundary)
    directoryBuildTargets = Self.nearest("Directory.Build.targets", from: projectFolder, boundary: boundary)
  }

  /// The file `name` in `start` or the nearest folder above it, as MSBuild finds `Directory.Build.props`: up to the
  /// folder holding `.git` (the repository's top), and never past what `boundary` admits.
  static func nearest(_ name: String, from start: String, boundary: RepositoryBoundary) -> String? {
    var folder = start.isEmpty ? "." : start
    for _ in 0..<32 {
      let candidate = PathText.joined(folder, name)
      switch RepositoryEntry.at(candidate, boundary: boundary) {
      case .file: return candidate
      case .refused: return nil
      case .missing, .folder: break
      }
      // `.git` is never read, only looked for (the boundary refuses what is inside it).
      if RepositoryEntry.isRepositoryTop(folder) { return nil }
      let parent = PathText.joined(folder, "..")
      guard RepositoryEntry.at(parent, boundary: boundary).isFolder else { return nil }
      folder = parent
    }
    return nil
  }

  /// `GetPathOfFileAbove`: the file `name` in the folder `start` (absolute or relative to the working folder) or the
  /// nearest above; empty when there is none up to the top of the file system; nil when the search would look where
  /// `boundary` does not admit.
  static func fileAbove(_ name: String, from start: String, boundary: RepositoryBoundary) -> String? {
    var folder = PathText.tidied(start.isEmpty ? "." : start)
    for _ in 0..<64 {
      let candidate = PathText.joined(folder, name)
      switch RepositoryEntry.at(candidate, boundary: boundary) {
      case .file: return candidate
      case .refused: return nil
      case .missing, .folder: break
      }
      let parent = PathText.joined(folder, "..")
      if parent == folder || folder == "/" { return "" }
      guard RepositoryEntry.isFolderOnTheWay(parent, boundary: boundary) else { return nil }
      folder = parent
    }
    return nil
  }

  /// The document at `path`, read on first use.
  /// - Throws: the located error of a file that cannot be read or is not XML.
  mutating func document(at path: String) throws(XcodeProjectError) -> MSBuildXMLDocument {
    if let known = documentsRead[path] { return known }
    guard paths.count < Self.maximumFiles else {
      throw XcodeProjectError("the project imports more than \(Self.maximumFiles) files", file: projectPath)
    }
    let bytes: [UInt8]
    switch RepositoryFile.read(path, limit: MSBuildXMLReader.maximumFileSize, boundary: boundary) {
    case .success(let read): bytes = read
    case .failure(let failure): throw XcodeProjectError(failure.description, file: path)
    }
    var reader = MSBuildXMLReader(bytes: bytes, name: path)
    let document = try reader.read()
    documentsRead[path] = document
    paths.append(path)
    return document
  }
}

/// One evaluation of a .NET project, as MSBuild evaluates it for a set of global properties (`Configuration`,
/// `Platform`, `TargetFramework`): properties first, in file order through `Directory.Build.props` and local
/// imports, then items with the final properties. Conditions that cannot be evaluated leave their group or element
/// out and give a located note; nothing is guessed.
struct MSBuildEvaluation {
  /// A property's value and where it was last set.
  struct Property: Sendable {
    var value: String
    var file: String
    var line: Int
  }

  /// An item (`PackageReference`, `None`, `PartialAppManifest`…): its type, one `Include` value, its metadata, and
  /// where it is written.
  struct Item: Sendable {
    var type: String
    var include: String
    /// Metadata by lowercased name (attributes and child elements).
    var metadata: [String: String]
    var file: String
    var line: Int
    /// The byte offset of its element in `file`.
    var offset: Int
  }

  /// Properties by lowercased name.
  private(set) var properties: [String: Property] = [:]
  private(set) var items: [Item] = []
  /// What could not be evaluated.
  private(set) var notes: [XcodeProjectNote] = []
  /// The byte offset and line of the first `PropertyGroup` of the project file whose condition names
  /// `$(Configuration)` and holds: where the configuration's own settings are written.
  private(set) var configurationGroup: (offset: Int, line: Int)?
  private let globalNames: Set<String>

  /// Evaluates the project of `files` with `globals` (which the files cannot change); `exists` answers `Exists(…)`
  /// for a path relative to the project's folder (nil: it may not be looked at).
  init(files: inout MSBuildFiles, globals: [String: String], exists: @escaping @Sendable (String) -> Bool?) {
    globalNames = Set(globals.keys.map { $0.lowercased() })
    existence = exists
    let boundary = files.boundary
    fileAboveSearch = { name, start in MSBuildFiles.fileAbove(name, from: start, boundary: boundary) }
    let projectPath = files.projectPath
    let folder = files.projectFolder
    let name = PathText.lastComponent(of: projectPath)
    let stem = name.split(separator: ".").dropLast().joined(separator: ".")
    let absoluteFolder = Self.absolute(folder)
    let reserved: [String: String] = [
      "MSBuildProjectDirectory": absoluteFolder, "MSBuildProjectName": stem,
      "MSBuildProjectFile": name, "MSBuildProjectExtension": ".csproj", "MSBuildProjectFullPath": projectPath,
      // As on the Mac that builds and signs the iOS app.
      "OS": "Unix",
    ]
    for (key, value) in reserved.merging(globals, uniquingKeysWith: { $1 }) {
      properties[key.lowercased()] = Property(value: value, file: projectPath, line: 0)
    }
    var itemGroups: [(document: MSBuildXMLDocument, element: MSBuildXMLElement)] = []
    // The files to walk, each a list of top-level elements with a cursor: an import pushes its file, a `Choose`
    // its branch; no recursion however deep imports or `Choose` nest (both are bounded).
    struct Frame {
      var document: MSBuildXMLDocument
      var elements: [MSBuildXMLElement]
      var next = 0
    }
    var stack: [Frame] = []
    // Directory.Build.props before the project, Directory.Build.targets after it.
    var pending = [files.directoryBuildProps, projectPath, files.directoryBuildTargets].compactMap { path in
      path.flatMap { try? files.document(at: $0) }
    }
    var imported: Set<String> = []
    while true {
      if stack.isEmpty {
        guard !pending.isEmpty else { break }
        let next = pending.removeFirst()
        stack.append(Frame(document: next, elements: next.children(of: next.root)))
        continue
      }
      let frame = stack.count - 1
      guard stack[frame].next < stack[frame].elements.count else {
        stack.removeLast()
        continue
      }
      let element = stack[frame].elements[stack[frame].next]
      let document = stack[frame].document
      stack[frame].next += 1
      let file = document.source.name
      // The file being read, as MSBuild's `MSBuildThisFile…` properties give it.
      properties["msbuildthisfiledirectory"] = Property(
        value: Self.absolute(PathText.removingLastComponent(of: file)) + "/", file: file, line: 0)
      properties["msbuildthisfile"] = Property(value: PathText.lastComponent(of: file), file: file, line: 0)
      switch element.name {
      case "PropertyGroup":
        guard holds(element, in: file) else { continue }
        if configurationGroup == nil, file == projectPath,
          element.attribute("Condition")?.contains("$(Configuration)") == true
        {
          configurationGroup = (element.offset, element.line)
        }
        for child in document.children(of: element) where holds(child, in: file) {
          set(child.name, child.text, file: file, line: child.line)
        }
      case "ItemGroup":
        itemGroups.append((document, element))
      case "Choose":
        guard stack.count < 16 else { continue }
        var chosen: MSBuildXMLElement?
        var known = true
        for branch in document.children(of: element) {
          if branch.name == "When" {
            let condition = branch.attribute("Condition") ?? ""
            do {
              if try scope.holds(condition) {
                chosen = branch
                break
              }
            } catch {
              note(error, condition: condition, file: file, line: branch.line)
              known = false
              break
            }
          } else if branch.name == "Otherwise" {
            chosen = branch
            break
          }
        }
        if known, let chosen {
          stack.append(Frame(document: document, elements: document.children(of: chosen)))
        }
      case "Import":
        guard holds(element, in: file), let written = element.attribute("Project") else { continue }
        let expanded: String
        do { expanded = try scope.expand(written) } catch {
          notes.append(
            XcodeProjectNote(
              "the import '\(written)' is not followed: \(error.reason) cannot be evaluated", file: file,
              line: element.line))
          continue
        }
        let relative = expanded.replacingOccurrences(of: "\\", with: "/")
        guard !relative.isEmpty, relative.hasSuffix(".props") || relative.hasSuffix(".targets") else { continue }
        var path = PathText.joined(PathText.removingLastComponent(of: file), relative)
        if path.hasPrefix("/") { path = PathText.relativeToWorkingFolder(path) }
        guard !imported.contains(path), stack.count < 16, RepositoryEntry.at(path, boundary: files.boundary).isFile,
          let importedDocument = try? files.document(at: path)
        else { continue }
        imported.insert(path)
        stack.append(Frame(document: importedDocument, elements: importedDocument.children(of: importedDocument.root)))
      default:
        continue
      }
    }
    for (document, group) in itemGroups {
      let file = document.source.name
      guard holds(group, in: file) else { continue }
      for element in document.children(of: group) where holds(element, in: file) {
        guard let include = element.attribute("Include") else { continue }
        let expanded: String
        do { expanded = try scope.expand(include) } catch {
          notes.append(
            XcodeProjectNote(
              "the \(element.name) '\(include)' is left out: \(error.reason) cannot be evaluated", file: file,
              line: element.line))
          continue
        }
        var metadata: [String: String] = [:]
        for attribute in element.attributes where !["include", "condition", "remove", "update", "exclude"]
          .contains(attribute.name.lowercased())
        {
          metadata[attribute.name.lowercased()] = (try? scope.expand(attribute.value)) ?? attribute.value
        }
        for child in document.children(of: element) where holds(child, in: file) {
          metadata[child.name.lowercased()] = (try? scope.expand(child.text)) ?? child.text
        }
        for value in expanded.split(separator: ";") {
          let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
          guard !trimmed.isEmpty else { continue }
          items.append(
            Item(
              type: element.name, include: trimmed, metadata: metadata, file: file, line: element.line,
              offset: element.offset))
        }
      }
    }
  }

  /// The properties as an expression scope (paths tested within the project's boundary).
  private var scope: MSBuildScope {
    var scope = MSBuildScope()
    scope.properties = properties.mapValues(\.value)
    scope.exists = existence
    scope.fileAbove = fileAboveSearch
    return scope
  }

  /// `GetPathOfFileAbove` within the project's boundary.
  private let fileAboveSearch: @Sendable (String, String) -> String?

  /// `path` (relative to the working folder, or absolute) as an absolute path.
  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return PathText.tidied(path) }
    return PathText.tidied(FileManager.default.currentDirectoryPath + "/" + path)
  }

  /// Whether a path relative to the project's folder exists; nil when it may not be looked at.
  private let existence: @Sendable (String) -> Bool?

  /// The value of the property `name` (empty when undefined).
  func value(of name: String) -> String { properties[name.lowercased()]?.value ?? "" }

  /// The property `name` with where it was set, when it was set by a file (not a global or reserved property).
  func property(_ name: String) -> Property? {
    guard let property = properties[name.lowercased()], property.line > 0 else { return nil }
    return property
  }

  /// Sets the property `name` to `text` expanded (unless it is global); a value that cannot be expanded leaves
  /// the property as it was, with a note.
  private mutating func set(_ name: String, _ text: String, file: String, line: Int) {
    guard !globalNames.contains(name.lowercased()) else { return }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    do {
      properties[name.lowercased()] = Property(value: try scope.expand(trimmed), file: file, line: line)
    } catch {
      // Only the properties the project model reads (or that decide them) are worth a note.
      guard Self.readProperties.contains(name.lowercased()) else { return }
      notes.append(
        XcodeProjectNote(
          "the property \(name) is left as it was: \(error.reason) cannot be evaluated", file: file, line: line))
    }
  }

  /// The properties (lowercased) the project model is built from: an unknown value of another is not noted.
  static let readProperties: Set<String> = [
    "targetframework", "targetframeworks", "outputtype", "singleproject", "usemaui", "applicationid",
    "applicationdisplayversion", "applicationversion", "supportedosplatformversion", "codesignkey",
    "codesignentitlements", "enabledefaultcodesignentitlements", "appbundlemanifest", "iphoneresourceprefix",
    "platformsprojectfolder", "iosprojectfolder", "maccatalystprojectfolder", "assemblyname", "projecttypeguids",
  ]

  /// Whether `element`'s `Condition` holds; one that cannot be evaluated does not, with a note.
  private mutating func holds(_ element: MSBuildXMLElement, in file: String) -> Bool {
    guard let condition = element.attribute("Condition") else { return true }
    do {
      return try scope.holds(condition)
    } catch {
      note(error, condition: condition, file: file, line: element.line)
      return false
    }
  }

  private mutating func note(_ unknown: MSBuildUnknown, condition: String, file: String, line: Int) {
    let shown = PrintableText.escaped(condition.trimmingCharacters(in: .whitespaces))
    notes.append(
      XcodeProjectNote(
        "the condition \"\(shown)\" cannot be evaluated (\(unknown.reason)): what it guards is left out", file: file,
        line: line))
  }
}

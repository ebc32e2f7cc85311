import BoundedYAML
import Foundation
import SharelintBase

/// An XcodeGen spec as XcodeGen reads it before it generates a project (its `SpecFile` and `Project.resolveProject`,
/// documented in Docs/ProjectSpec.md): the root file and the files it includes, each file's paths made relative to
/// the root's folder, merged into one mapping; then targets with several platforms split, and target templates
/// applied. Values keep where they were written. Files are read through `RepositoryFile` within a
/// `RepositoryBoundary`: an include outside the linted folders is a note at the include, and nothing of it is read.
struct XcodeGenSpecLoader {
  /// How many spec files one project may include, all together.
  static let maximumFiles = 256
  /// How many bytes the spec files of one project may hold, all together.
  static let maximumTotalBytes = 16 << 20
  /// How deeply target templates may name other templates.
  static let maximumTemplateNesting = 64

  /// The merged spec.
  private(set) var spec: XcodeGenValue
  /// The spec files read, by display path, the root first.
  private(set) var files: [String] = []
  /// The bytes of each spec file read, by display path.
  var texts: [String: [UInt8]] { Dictionary(loaded.map { ($0.display, $0.bytes) }) { first, _ in first } }
  /// Includes that could not be followed (missing, disabled by an undefined variable), templates not defined.
  private(set) var notes: [XcodeProjectNote] = []

  private let rootFolder: String
  private let budget: YAMLBudget
  /// The folders spec files may be read in.
  private let boundary: RepositoryBoundary
  /// The contents a fix gave spec files, read instead of the files.
  private let overlay: XcodeFileOverlay

  /// One file read: its value, the folder its paths are relative to (from the root's folder), its includes.
  private struct SpecFile {
    var display: String
    var bytes: [UInt8]
    var value: XcodeGenValue?
    var includes: [Int]
  }

  private var loaded: [SpecFile] = []
  private var totalBytes = 0
  private var indexByIdentity: [String: Int] = [:]

  /// Reads the spec at `path` (a `project.yml`, shown as given) and every file it includes, within `boundary`.
  init(
    path: String, budget: YAMLBudget, boundary: RepositoryBoundary = .current,
    overlay: XcodeFileOverlay = XcodeFileOverlay()
  ) throws(XcodeProjectError) {
    rootFolder = PathText.removingLastComponent(of: path)
    self.budget = budget
    self.boundary = boundary
    self.overlay = overlay
    spec = XcodeGenValue(kind: .mapping([]), location: XcodeGenLocation(file: path, line: 1, column: 1))
    let rootName = PathText.lastComponent(of: path)
    let root = try load(rootName, basePath: "", relativePath: "", includedAt: nil, chain: [])
    var mergedFiles: Set<Int> = []
    if let merged = try merged(root, into: &mergedFiles) { spec = merged }
    guard spec.entries != nil else {
      throw spec.location.error("the spec must be a mapping (name:, targets:…)")
    }
    files = loaded.map(\.display)
    spec = try Self.splittingPlatforms(spec, budget: budget)
    spec = try applyingTemplates(spec)
    spec = try Self.splittingPlatforms(spec, budget: budget)
  }

  // MARK: - Includes

  /// Reads the file at `path` (relative to the root's folder) and, depth first, the files it includes. A file
  /// reached twice is read once (and merged once, where it is first met, as XcodeGen's cache does); a file that
  /// includes itself, directly or not, is an error located at the include.
  private mutating func load(
    _ path: String, basePath: String, relativePath: String, includedAt: XcodeGenLocation?, chain: [String]
  ) throws(XcodeProjectError) -> Int? {
    let display = PathText.joined(rootFolder, path)
    let identity = PathText.tidied(PathText.joined(FileManager.default.currentDirectoryPath, display))
    if chain.contains(identity) {
      let names = (chain + [identity]).drop { $0 != identity }.map { PathText.relativeToWorkingFolder($0) }
      throw (includedAt ?? spec.location).error("include cycle: \(names.joined(separator: " → "))")
    }
    if let index = indexByIdentity[identity] { return index }
    guard loaded.count < Self.maximumFiles else {
      throw (includedAt ?? spec.location).error("the spec includes more than \(Self.maximumFiles) files")
    }
    let data: [UInt8]
    let contents = overlay.bytes(at: display).map { .success($0) }
      ?? RepositoryFile.read(display, limit: BoundedYAMLReader.maximumFileSize, boundary: boundary)
    switch contents {
    case .success(let bytes):
      data = bytes
    case .failure(.tooLarge):
      throw (includedAt ?? spec.location).error(
        "the spec '\(display)' is more than the \(BoundedYAMLReader.maximumFileSize) bytes read; it is not read")
    case .failure(let failure):
      guard let includedAt else { throw XcodeProjectError("the spec \(failure)", file: display) }
      notes.append(includedAt.note("the included spec '\(display)' \(failure); what it defines is unknown"))
      return nil
    }
    totalBytes += data.count
    guard totalBytes <= Self.maximumTotalBytes else {
      throw (includedAt ?? spec.location).error(
        "the spec and the files it includes are more than \(Self.maximumTotalBytes) bytes; it is not read")
    }
    let index = loaded.count
    indexByIdentity[identity] = index
    loaded.append(SpecFile(display: display, bytes: data, value: nil, includes: []))
    let read: XcodeGenValue?
    do {
      read = try BoundedYAMLReader.read(data, file: display, budget: budget)
    } catch {
      throw XcodeProjectError(error)
    }
    guard var value = read else { return index }
    let folder = PathText.joined(basePath, relativePath)
    var includes: [Int] = []
    for include in Self.includes(of: value, notes: &notes) {
      let childBase = include.relativePaths ? folder : basePath
      let childRelative = include.relativePaths ? PathText.removingLastComponent(of: include.path) : ""
      if let child = try load(
        PathText.joined(childBase, include.path), basePath: childBase, relativePath: childRelative,
        includedAt: include.location, chain: chain + [identity])
      {
        includes.append(child)
      }
    }
    if !folder.isEmpty { value = Self.resolvingPaths(in: value, relativeTo: folder) }
    loaded[index].value = value
    loaded[index].includes = includes
    return index
  }

  private struct Include {
    var path: String
    var relativePaths: Bool
    var location: XcodeGenLocation
  }

  /// The enabled entries of `include:`: a path, a `{path, relativePaths, enable}` mapping, or a list of either.
  private static func includes(of value: XcodeGenValue, notes: inout [XcodeProjectNote]) -> [Include] {
    guard let include = value["include"] else { return [] }
    var found: [Include] = []
    for element in include.elements ?? [include] {
      if let path = element.string {
        found.append(Include(path: path, relativePaths: true, location: element.location))
      } else if let path = element["path"]?.string {
        if let enable = element["enable"], enable.bool == false {
          if let text = enable.string, text.contains("${") {
            notes.append(
              enable.location.note(
                "'\(path)' is included only when '\(text)' is true (an environment variable when XcodeGen runs); "
                  + "it is left out"))
          }
          continue
        }
        found.append(
          Include(path: path, relativePaths: element["relativePaths"]?.bool ?? true, location: element.location))
      }
    }
    return found
  }

  /// The merged value of file `index`: its includes merged in order, then the file itself on top.
  private func merged(_ index: Int?, into mergedFiles: inout Set<Int>) throws(XcodeProjectError) -> XcodeGenValue? {
    guard let index, mergedFiles.insert(index).inserted else { return nil }
    var base: XcodeGenValue?
    for child in loaded[index].includes {
      guard let value = try merged(child, into: &mergedFiles) else { continue }
      base = try Self.merged(value, onto: base, budget: budget)
    }
    guard let own = loaded[index].value else { return base }
    return try Self.merged(own, onto: base, budget: budget)
  }

  /// `value` merged onto `base` as XcodeGen merges specs: mappings key by key, recursively; a list after a list
  /// extends it; anything else replaces; a key ending in `:REPLACE` replaces whatever was there.
  static func merged(_ value: XcodeGenValue, onto base: XcodeGenValue?, budget: YAMLBudget)
    throws(XcodeProjectError) -> XcodeGenValue
  {
    guard let base, let entries = value.entries, let baseEntries = base.entries else { return value }
    var result = baseEntries
    var indexByKey: [String: Int] = [:]
    for (index, entry) in result.enumerated() { indexByKey[entry.key] = index }
    for var entry in entries {
      try budget.chargeExpansion(at: entry.keyLocation)
      var replaces = false
      if entry.key.hasSuffix(":REPLACE") {
        entry.key = String(entry.key.dropLast(":REPLACE".count))
        replaces = true
      }
      guard let index = indexByKey[entry.key] else {
        indexByKey[entry.key] = result.count
        result.append(entry)
        continue
      }
      let existing = result[index].value
      if !replaces, existing.entries != nil, entry.value.entries != nil {
        entry.value = try merged(entry.value, onto: existing, budget: budget)
      } else if !replaces, let baseElements = existing.elements, let elements = entry.value.elements {
        entry.value = XcodeGenValue(kind: .sequence(baseElements + elements), location: entry.value.location)
      }
      result[index] = entry
    }
    return XcodeGenValue(kind: .mapping(result), location: value.location)
  }

  // MARK: - Paths of included files

  /// `value` (an included file's) with the paths XcodeGen resolves against the file's folder made relative to the
  /// root's: `configFiles`, each target's and template's `sources`, `configFiles`, `info` and `entitlements` paths
  /// and `framework` dependencies, local packages' paths and `fileGroups`.
  private static func resolvingPaths(in value: XcodeGenValue, relativeTo folder: String) -> XcodeGenValue {
    func path(_ value: XcodeGenValue) -> XcodeGenValue {
      guard var scalar = value.scalar else { return value }
      scalar.text = PathText.joined(folder, scalar.text)
      return XcodeGenValue(kind: .scalar(scalar), location: value.location)
    }
    func mapValues(_ value: XcodeGenValue, _ transform: (XcodeGenValue) -> XcodeGenValue) -> XcodeGenValue {
      guard let entries = value.entries else { return value }
      return XcodeGenValue(
        kind: .mapping(entries.map { .init(key: $0.key, keyLocation: $0.keyLocation, value: transform($0.value)) }),
        location: value.location)
    }
    func mapElements(_ value: XcodeGenValue, _ transform: (XcodeGenValue) -> XcodeGenValue) -> XcodeGenValue {
      guard let elements = value.elements else { return transform(value) }
      return XcodeGenValue(kind: .sequence(elements.map(transform)), location: value.location)
    }
    func updating(_ value: XcodeGenValue, _ key: String, _ transform: (XcodeGenValue) -> XcodeGenValue)
      -> XcodeGenValue
    {
      guard let entries = value.entries, entries.contains(where: { $0.key == key }) else { return value }
      return XcodeGenValue(
        kind: .mapping(
          entries.map { entry in
            guard entry.key == key else { return entry }
            return .init(key: entry.key, keyLocation: entry.keyLocation, value: transform(entry.value))
          }),
        location: value.location)
    }
    func target(_ target: XcodeGenValue) -> XcodeGenValue {
      var target = target
      target = updating(target, "sources") { sources in
        mapElements(sources) { source in source.scalar != nil ? path(source) : updating(source, "path", path) }
      }
      target = updating(target, "configFiles") { mapValues($0, path) }
      target = updating(target, "info") { updating($0, "path", path) }
      target = updating(target, "entitlements") { updating($0, "path", path) }
      target = updating(target, "dependencies") { dependencies in
        mapElements(dependencies) { updating($0, "framework", path) }
      }
      return target
    }
    var value = value
    value = updating(value, "configFiles") { mapValues($0, path) }
    value = updating(value, "targets") { mapValues($0, target) }
    value = updating(value, "targetTemplates") { mapValues($0, target) }
    value = updating(value, "packages") { mapValues($0) { updating($0, "path", path) } }
    value = updating(value, "fileGroups") { mapElements($0, path) }
    return value
  }

  // MARK: - Platforms and templates

  /// Targets whose `platform` is a list, one target per platform (`Name_iOS`, or `platformPrefix`/`platformSuffix`
  /// around the name), `${platform}` replaced in each.
  private static func splittingPlatforms(_ spec: XcodeGenValue, budget: YAMLBudget) throws(XcodeProjectError)
    -> XcodeGenValue
  {
    guard let targets = spec.entry("targets"), let entries = targets.value.entries,
      entries.contains(where: { $0.value["platform"]?.elements != nil })
    else { return spec }
    var split: [XcodeGenValue.Entry] = []
    for entry in entries {
      guard let platforms = entry.value["platform"]?.elements else {
        split.append(entry)
        continue
      }
      for platform in platforms.compactMap(\.string) {
        var target = try expanding(entry.value, variables: ["platform": platform], budget: budget)
        target = replacing(target, key: "platform", with: .scalar(.init(text: platform, kind: .string)))
        let prefix = target["platformPrefix"]?.string ?? ""
        let suffix = target["platformSuffix"]?.string ?? "_\(platform)"
        split.append(.init(key: prefix + entry.key + suffix, keyLocation: entry.keyLocation, value: target))
      }
    }
    return replacing(spec, key: "targets", with: .mapping(split))
  }

  /// Targets with their `templates` applied: the templates (and the templates they name, first) merged in
  /// order, the target merged on top, then `${target_name}` and the `templateAttributes` replaced.
  private mutating func applyingTemplates(_ spec: XcodeGenValue) throws(XcodeProjectError) -> XcodeGenValue {
    guard let targets = spec.entry("targets"), let entries = targets.value.entries else { return spec }
    let templates = spec["targetTemplates"]
    var applied: [XcodeGenValue.Entry] = []
    for entry in entries {
      var names: [String] = []
      var insertion = 0
      try collectTemplates(of: entry.value, from: templates, into: &names, at: &insertion, depth: 0)
      guard !names.isEmpty else {
        applied.append(entry)
        continue
      }
      var base: XcodeGenValue?
      for name in names {
        guard let template = templates?[name] else { continue }
        base = try Self.merged(template, onto: base, budget: budget)
      }
      var target = try Self.merged(entry.value, onto: base, budget: budget)
      target = try Self.expanding(target, variables: ["target_name": entry.key], budget: budget)
      if let attributes = target["templateAttributes"]?.entries {
        var variables: [String: String] = [:]
        for attribute in attributes { variables[attribute.key] = attribute.value.string }
        target = try Self.expanding(target, variables: variables, budget: budget)
      }
      applied.append(.init(key: entry.key, keyLocation: entry.keyLocation, value: target))
    }
    return Self.replacing(spec, key: "targets", with: .mapping(applied))
  }

  /// The names of the templates `value` names, each once, the templates a template names before it.
  private mutating func collectTemplates(
    of value: XcodeGenValue, from templates: XcodeGenValue?, into names: inout [String], at insertion: inout Int,
    depth: Int
  ) throws(XcodeProjectError) {
    guard let listed = value["templates"] else { return }
    guard depth < Self.maximumTemplateNesting else {
      throw listed.location.error("templates name templates more than \(Self.maximumTemplateNesting) deep")
    }
    for element in listed.elements ?? [listed] {
      guard let name = element.string, !names.contains(name) else { continue }
      guard let template = templates?[name] else {
        notes.append(element.location.note("the target template '\(name)' is not defined; it is left out"))
        continue
      }
      names.insert(name, at: insertion)
      try collectTemplates(of: template, from: templates, into: &names, at: &insertion, depth: depth + 1)
      insertion += 1
    }
  }

  /// `value` with `${name}` replaced by `variables[name]` in every key and string, as XcodeGen expands them
  /// (names it does not know are left as written).
  static func expanding(_ value: XcodeGenValue, variables: [String: String], budget: YAMLBudget)
    throws(XcodeProjectError) -> XcodeGenValue
  {
    func expand(_ text: String) -> String {
      guard text.contains("${") else { return text }
      var result = ""
      var rest = Substring(text)
      while let start = rest.range(of: "${") {
        result += rest[..<start.lowerBound]
        let afterOpen = rest[start.upperBound...]
        guard let close = afterOpen.firstIndex(of: "}") else {
          rest = rest[start.lowerBound...]
          break
        }
        let name = String(afterOpen[..<close])
        if let replacement = variables[name] {
          result += replacement
        } else {
          result += rest[start.lowerBound...close]
        }
        rest = afterOpen[afterOpen.index(after: close)...]
      }
      return result + rest
    }
    try budget.chargeExpansion(at: value.location)
    switch value.kind {
    case .scalar(var scalar):
      guard scalar.text.contains("${") else { return value }
      scalar.text = expand(scalar.text)
      try budget.chargeExpansion(bytes: scalar.text.utf8.count, at: value.location)
      if case .string = scalar.kind {} else { scalar = .init(text: scalar.text, kind: .string) }
      return XcodeGenValue(kind: .scalar(scalar), location: value.location)
    case .sequence(let elements):
      var expanded: [XcodeGenValue] = []
      for element in elements { expanded.append(try expanding(element, variables: variables, budget: budget)) }
      return XcodeGenValue(kind: .sequence(expanded), location: value.location)
    case .mapping(let entries):
      var expanded: [XcodeGenValue.Entry] = []
      for entry in entries {
        expanded.append(
          .init(
            key: expand(entry.key), keyLocation: entry.keyLocation,
            value: try expanding(entry.value, variables: variables, budget: budget)))
      }
      return XcodeGenValue(kind: .mapping(expanded), location: value.location)
    }
  }

  /// `mapping` with the value of `key` replaced by a value of `kind` (located where the old one was).
  private static func replacing(_ mapping: XcodeGenValue, key: String, with kind: XcodeGenValue.Kind)
    -> XcodeGenValue
  {
    guard let entries = mapping.entries else { return mapping }
    return XcodeGenValue(
      kind: .mapping(
        entries.map { entry in
          guard entry.key == key else { return entry }
          return .init(
            key: entry.key, keyLocation: entry.keyLocation,
            value: XcodeGenValue(kind: kind, location: entry.value.location))
        }),
      location: mapping.location)
  }
}

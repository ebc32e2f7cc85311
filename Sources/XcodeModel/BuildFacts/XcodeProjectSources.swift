import Foundation
import SharelintBase
import Synchronization

/// An edit of one build setting, byte-exact, in the file that decides its value: the `project.pbxproj` or the
/// `.xcconfig` where it is assigned, or, for a setting assigned nowhere, the target configuration's
/// `buildSettings` in the `project.pbxproj`.
public struct XcodeSettingEdit: Hashable, Sendable {
  /// The file, as shown (relative to the working folder when inside it).
  public var file: String
  /// The edits of that file's bytes.
  public var edits: [TextEdit]
  /// The other targets whose value the edit changes too (a project-level or shared `.xcconfig` assignment),
  /// as `Target (Configuration)`; empty when only this target's configuration changes.
  public var otherTargets: [String]
  /// Where the edit is, for messages: `App.xcodeproj/project.pbxproj:212`, `Config/App.xcconfig:4`.
  public var location: String
}

/// The text of one Xcode project's files, for placing findings and fixes: its `project.pbxproj` (or XcodeGen
/// spec) and the `.xcconfig` files its settings come from, each read once (through the overlay a fix gives), with
/// the byte ranges of settings and configurations in them and which targets an assignment reaches.
public final class XcodeProjectSources: Sendable {
  /// The project model.
  public let model: XcodeProject
  /// Whether the project is generated from an XcodeGen spec or a Tuist manifest: its settings are in the
  /// description, which no fix edits.
  public let isGenerated: Bool
  /// What generates the project, for messages: `XcodeGen`, `Tuist`; nil for a committed project.
  public var generator: String? {
    guard isGenerated else { return nil }
    return PathText.lastComponent(of: model.pbxprojPath) == "Project.swift" ? "Tuist" : "XcodeGen"
  }
  private let overlay: XcodeFileOverlay
  private let texts = Mutex<[String: SourceText?]>([:])
  /// `mentions(_:inFile:)`'s answers, by file and text.
  private let mentionsByFile = Mutex<[String: [[UInt8]: Bool]]>([:])
  private let reachByOrigin = Mutex<[String: [String: [String]]]>([:])
  private let settingEntriesByLine = Mutex<[Int: [OpenStepEntry]]?>(nil)

  /// The sources of `model`, reading `overlay`'s contents instead of the files it names.
  public init(model: XcodeProject, overlay: XcodeFileOverlay = XcodeFileOverlay()) {
    self.model = model
    isGenerated = !model.pbxprojPath.hasSuffix("project.pbxproj")
    self.overlay = overlay
  }

  /// `path` as shown in findings: tidied, and relative to the working folder when inside it.
  public static func displayPath(_ path: String) -> String {
    guard path.hasPrefix("/") else { return PathText.tidied(path) }
    return PathText.relativeToWorkingFolder(PathText.tidied(path))
  }

  /// The text of the project file (`project.pbxproj` or the XcodeGen spec), named by its display path.
  public var projectText: SourceText {
    text(of: model.pbxprojPath) ?? SourceText(name: Self.displayPath(model.pbxprojPath), bytes: model.source.bytes)
  }

  /// The text of `file` (the project file, or an `.xcconfig` a setting's origin names), named by its display
  /// path; nil when it cannot be read.
  public func text(of file: String) -> SourceText? {
    let name = Self.displayPath(file)
    if let known = texts.withLock({ $0[name] }) { return known }
    let bytes: [UInt8]? =
      Self.displayPath(model.pbxprojPath) == name
      ? model.source.bytes : overlay.contents(at: file, limit: 4 << 20, boundary: model.boundary)
    let text = bytes.map { SourceText(name: name, bytes: $0) }
    texts.withLock { $0[name] = .some(text) }
    return text
  }

  /// Whether the text of `file` (`text(of:)`) holds `needle` anywhere, answered once per file and needle: every job
  /// of a project asks it of the same files (whether a 1 MB manifest has `sharelint:` comments, for each of its
  /// 2,000 builds).
  public func mentions(_ needle: [UInt8], inFile file: String) -> Bool {
    let name = Self.displayPath(file)
    if let known = mentionsByFile.withLock({ $0[name]?[needle] }) { return known }
    let found = text(of: file).map { Self.contains(needle, in: $0.bytes) } ?? false
    mentionsByFile.withLock { $0[name, default: [:]][needle] = found }
    return found
  }

  /// Whether `needle` occurs in `haystack`.
  static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
    guard let first = needle.first, haystack.count >= needle.count else { return false }
    return haystack.withUnsafeBufferPointer { hay in
      var index = 0
      let last = hay.count - needle.count
      while index <= last {
        if hay[index] == first, hay[index..<index + needle.count].elementsEqual(needle) { return true }
        index += 1
      }
      return false
    }
  }

  /// Gives `bytes` as the text of `file`, already read (an XcodeGen spec beside a committed project, read for the
  /// plists it writes), so `text(of:)` does not read it again; a text already known is kept.
  public func provide(_ bytes: [UInt8], asTextOf file: String) {
    let name = Self.displayPath(file)
    texts.withLock { texts in
      if texts[name] == nil { texts[name] = .some(SourceText(name: name, bytes: bytes)) }
    }
  }

  // MARK: - Where things are written

  /// Where `definition` is written: the value of a `project.pbxproj` entry, the value of an `.xcconfig` line, the
  /// line of an XcodeGen spec; nil for a built-in or command-line value, or text that cannot be read.
  public func site(of definition: BuildSettingDefinition) -> (text: SourceText, range: ByteRange)? {
    switch definition.origin {
    case .project(let file, let line):
      guard let text = text(of: file) else { return nil }
      if !isGenerated, let entry = buildSettingsEntry(named: definition.name, atLine: line, in: text) {
        return (text, entry.value.range)
      }
      return lineSite(line, in: text)
    case .xcconfig(let file, let line):
      guard let text = text(of: file) else { return nil }
      if let value = Self.xcconfigValueRange(of: definition.name, atLine: line, in: text) { return (text, value) }
      return lineSite(line, in: text)
    case .commandLine, .builtIn:
      return nil
    }
  }

  /// Where the configuration `configuration` of `targetName` is written: its `buildSettings` key in the
  /// `project.pbxproj`, the line a generated project's reader located it at (a .NET project: the configuration's
  /// `PropertyGroup`), or the target's line (an XcodeGen spec: the target's line there).
  public func configurationSite(targetName: String, configuration: String) -> (text: SourceText, range: ByteRange)? {
    let text = projectText
    guard let target = model.target(named: targetName) else { return nil }
    if let object = configurationObject(of: target, named: configuration) {
      if !isGenerated, let entry = object.fields.entry("buildSettings") { return (text, entry.keyRange) }
      if isGenerated, object.range.start > 0 {
        return lineSite(text.lineIndex(of: object.range.start) + 1, in: text)
      }
    }
    return lineSite(target.line, in: text)
  }

  /// Where `targetName` is written: the line of its object (the `name = …` entry when there is one).
  public func targetSite(_ targetName: String) -> (text: SourceText, range: ByteRange)? {
    let text = projectText
    guard let target = model.target(named: targetName) else { return nil }
    if !isGenerated, let object = model.objects[target.id], let entry = object.fields.entry("name") {
      return (text, entry.value.range)
    }
    return lineSite(target.line, in: text)
  }

  /// Where the build file `file` (an entry of a phase) is written: its object's line in the `project.pbxproj`.
  public func buildFileSite(_ file: XcodeBuildFile) -> (text: SourceText, range: ByteRange)? {
    let text = projectText
    if !isGenerated, let object = model.objects[file.id] { return (text, Self.firstLine(of: object.range, in: text)) }
    return lineSite(file.line, in: text)
  }

  /// Where the Swift package product `product` is written: its `XCSwiftPackageProductDependency` object's first line
  /// in the `project.pbxproj`; nil for an XcodeGen spec, whose products are no objects of their own.
  public func packageProductSite(_ product: XcodeSwiftPackageProduct) -> (text: SourceText, range: ByteRange)? {
    let text = projectText
    guard !isGenerated, let object = model.objects[product.id] else { return nil }
    return (text, Self.firstLine(of: object.range, in: text))
  }

  /// Where the phase `phase` is written: its object's first line.
  public func phaseSite(_ phase: XcodeBuildPhase) -> (text: SourceText, range: ByteRange)? {
    let text = projectText
    if !isGenerated, let object = model.objects[phase.id] { return (text, Self.firstLine(of: object.range, in: text)) }
    return lineSite(phase.line, in: text)
  }

  // MARK: - Edits

  /// The edit that makes `name` evaluate to `value` in `configuration` of `targetName`, changing only that
  /// value: the deciding assignment's value where it is written (`project.pbxproj` or `.xcconfig`), or, when
  /// nothing assigns it, a new entry in the target configuration's `buildSettings` (indented like its neighbours,
  /// in Xcode's sorted order). Nil when no such edit can be made: an XcodeGen spec, a `-D` value, an assignment
  /// continued over several lines, a value under a condition another build does not share.
  public func settingEdit(
    _ name: String, to value: String, targetName: String, configuration: XcodeTargetConfiguration
  ) -> XcodeSettingEdit? {
    guard !isGenerated, let target = model.target(named: targetName) else { return nil }
    let deciding = configuration.settings.definitions(of: name).last
    switch deciding?.origin {
    case .project(let file, let line)?:
      guard let text = text(of: file), let entry = buildSettingsEntry(named: name, atLine: line, in: text) else {
        return nil
      }
      let key = Self.originKey(deciding!.origin)
      return XcodeSettingEdit(
        file: text.name, edits: [TextEdit(range: entry.value.range, replacement: Self.quoted(value))],
        otherTargets: otherTargets(
          reachedBy: key, setting: name, except: targetName, configuration: configuration.name),
        location: "\(text.name):\(line)")
    case .xcconfig(let file, let line)?:
      guard let text = text(of: file), let range = Self.xcconfigValueRange(of: name, atLine: line, in: text) else {
        return nil
      }
      let key = Self.originKey(deciding!.origin)
      return XcodeSettingEdit(
        file: text.name, edits: [TextEdit(range: range, replacement: value)],
        otherTargets: otherTargets(
          reachedBy: key, setting: name, except: targetName, configuration: configuration.name),
        location: "\(text.name):\(line)")
    case .commandLine?:
      return nil
    case .builtIn?, nil:
      guard let object = configurationObject(of: target, named: configuration.name),
        let insertion = insertion(of: name, value: value, into: object)
      else { return nil }
      let text = projectText
      let line = text.lineIndex(of: insertion.range.start) + 1
      return XcodeSettingEdit(file: text.name, edits: [insertion], otherTargets: [], location: "\(text.name):\(line)")
    }
  }

  /// The edit that adds `CodeSignOnCopy` to the attributes of the build file `file` (an entry of an embed phase)
  /// as Xcode writes it (`ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, );`); nil when it has it, or its
  /// object cannot be edited.
  public func signOnCopyEdit(of file: XcodeBuildFile) -> TextEdit? {
    guard !isGenerated, !file.signsOnCopy, let object = model.objects[file.id] else { return nil }
    let text = projectText
    if let settings = object.fields["settings"] {
      guard let attributes = settings.dictionary?["ATTRIBUTES"], attributes.array != nil,
        attributes.range.start < text.bytes.count, text.bytes[attributes.range.start] == UInt8(ascii: "(")
      else { return nil }
      let start = attributes.range.start + 1
      return TextEdit(range: ByteRange(start: start, end: start), replacement: "CodeSignOnCopy, ")
    }
    let closing = object.range.end - 1
    guard closing > object.range.start, text.bytes[closing] == UInt8(ascii: "}") else { return nil }
    return TextEdit(
      range: ByteRange(start: closing, end: closing), replacement: "settings = {ATTRIBUTES = (CodeSignOnCopy, ); }; ")
  }

  /// The other targets (`Target (Configuration)`) whose value of `setting` the assignment at `key` decides (the
  /// target's own other configurations are no other target).
  private func otherTargets(
    reachedBy key: String, setting: String, except targetName: String, configuration: String
  ) -> [String] {
    let reach = reachByOrigin.withLock { $0[setting] } ?? {
      var reach: [String: [String]] = [:]
      var cache = XcconfigCache(overlay: overlay, boundary: model.boundary)
      for target in model.targets {
        for candidate in model.configurations(of: target, cache: &cache) {
          guard let origin = candidate.settings.definitions(of: setting).last?.origin else { continue }
          reach[Self.originKey(origin), default: []].append("\(target.name) (\(candidate.name))")
        }
      }
      reachByOrigin.withLock { $0[setting] = reach }
      return reach
    }()
    return (reach[key] ?? []).filter { !$0.hasPrefix("\(targetName) (") }
  }

  private static func originKey(_ origin: BuildSettingDefinition.Origin) -> String {
    switch origin {
    case .project(let file, let line), .xcconfig(let file, let line):
      return "\(XcodeFileOverlay.identity(of: file)):\(line)"
    case .commandLine: return "-D"
    case .builtIn: return "built-in"
    }
  }

  /// `value` as a `project.pbxproj` string: bare when it is a plain word, else quoted.
  static func quoted(_ value: String) -> String {
    let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        || "_$+/:.-".unicodeScalars.contains(scalar))
    }
    if plain { return value }
    return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  // MARK: - Reading the project file

  /// The `XCBuildConfiguration` object of `target` named `name`.
  private func configurationObject(of target: PBXNativeTarget, named name: String) -> XcodeObject? {
    guard let configuration = target.buildConfigurationList?.configuration(named: name) else { return nil }
    return model.objects[configuration.id]
  }

  /// The `buildSettings` entry of an `XCBuildConfiguration` for `name` whose key is on `line` (1-based) of the
  /// project file.
  private func buildSettingsEntry(named name: String, atLine line: Int, in text: SourceText) -> OpenStepEntry? {
    guard text.name == projectText.name else { return nil }
    let entries = settingEntriesByLine.withLock { stored in
      if let stored { return stored }
      var byLine: [Int: [OpenStepEntry]] = [:]
      for object in model.objects.values where object.isa == "XCBuildConfiguration" {
        for entry in object.fields["buildSettings"]?.dictionary?.entries ?? [] {
          byLine[model.source.lineIndex(of: entry.keyRange.start) + 1, default: []].append(entry)
        }
      }
      stored = byLine
      return byLine
    }
    return entries[line]?.first { XcodeSettingKey.split($0.key).name == name }
  }

  /// The insertion of `name = value;` into `object`'s `buildSettings`, before the first key sorting after
  /// `name` (Xcode keeps them sorted), indented like that entry; or before the closing brace of an empty
  /// dictionary, one tab deeper than the line that opens it.
  private func insertion(of name: String, value: String, into object: XcodeObject) -> TextEdit? {
    let text = projectText
    guard let settings = object.fields["buildSettings"], let dictionary = settings.dictionary else { return nil }
    let line = "\(name) = \(Self.quoted(value));\n"
    if let next = dictionary.entries.first(where: { $0.key > name }) {
      let start = text.lineStarts[text.lineIndex(of: next.keyRange.start)]
      let indent = Self.indentation(ofLineAt: start, in: text)
      guard start + indent.utf8.count == next.keyRange.start else { return nil }
      // Above the comments standing alone on the lines before the entry (a `sharelint:disable-next-line`), which
      // stay with it.
      let above = Self.startOfCommentLines(before: start, in: text)
      return TextEdit(range: ByteRange(start: above, end: above), replacement: indent + line)
    }
    if let last = dictionary.entries.last {
      let lineIndex = text.lineIndex(of: last.keyRange.start)
      let start = text.lineStarts[lineIndex]
      let indent = Self.indentation(ofLineAt: start, in: text)
      guard start + indent.utf8.count == last.keyRange.start, lineIndex + 1 < text.lineStarts.count,
        text.lineIndex(of: last.value.range.end) == lineIndex
      else { return nil }
      let after = text.lineStarts[lineIndex + 1]
      return TextEdit(range: ByteRange(start: after, end: after), replacement: indent + line)
    }
    // `buildSettings = {` on one line, `};` on a later one.
    let closing = settings.range.end - 1
    let closingLine = text.lineIndex(of: closing)
    let openingLine = text.lineIndex(of: settings.range.start)
    guard closingLine > openingLine else { return nil }
    let start = text.lineStarts[closingLine]
    let indent = Self.indentation(ofLineAt: text.lineStarts[openingLine], in: text)
    guard start + Self.indentation(ofLineAt: start, in: text).utf8.count == closing else { return nil }
    return TextEdit(range: ByteRange(start: start, end: start), replacement: indent + "\t" + line)
  }

  /// The start of the first of the lines right above the line starting at `lineStart` that hold nothing but a
  /// `/* … */` or `// …` comment; `lineStart` when there are none.
  static func startOfCommentLines(before lineStart: Int, in text: SourceText) -> Int {
    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var start = lineStart
    var lineIndex = text.lineIndex(of: lineStart)
    while lineIndex > 0 {
      lineIndex -= 1
      let line = text.lineBytes(lineIndex)
      guard let first = line.firstIndex(where: { !isBlank($0) }), let last = line.lastIndex(where: { !isBlank($0) })
      else { break }
      let content = line[first...last]
      let isLineComment = content.starts(with: "//".utf8)
      let inside = content.dropFirst(2)
      let firstClose = inside.indices.first { inside[$0...].starts(with: "*/".utf8) }
      let isBlockComment = content.starts(with: "/*".utf8) && firstClose == last - 1
      guard isLineComment || isBlockComment else { break }
      start = text.lineStarts[lineIndex]
    }
    return start
  }

  /// The spaces and tabs starting the line that starts at `offset`.
  static func indentation(ofLineAt offset: Int, in text: SourceText) -> String {
    var end = offset
    while end < text.bytes.count, text.bytes[end] == UInt8(ascii: " ") || text.bytes[end] == UInt8(ascii: "\t") {
      end += 1
    }
    return String(decoding: text.bytes[offset..<end], as: UTF8.self)
  }

  /// The range of `line` (1-based) without its line break and leading spaces.
  private func lineSite(_ line: Int, in text: SourceText) -> (text: SourceText, range: ByteRange)? {
    guard line >= 1, line <= text.lineStarts.count else { return nil }
    let start = text.lineStarts[line - 1]
    let indent = Self.indentation(ofLineAt: start, in: text).utf8.count
    let bytes = text.lineBytes(line - 1)
    var end = start + bytes.count
    while end > start, text.bytes[end - 1] == UInt8(ascii: "\n") || text.bytes[end - 1] == UInt8(ascii: "\r") {
      end -= 1
    }
    return (text, ByteRange(start: min(start + indent, end), end: end))
  }

  /// The first line of `range`, without leading spaces or the line break.
  static func firstLine(of range: ByteRange, in text: SourceText) -> ByteRange {
    var end = range.start
    while end < range.end, text.bytes[end] != UInt8(ascii: "\n"), text.bytes[end] != UInt8(ascii: "\r") { end += 1 }
    return ByteRange(start: range.start, end: end)
  }

  // MARK: - Reading .xcconfig files

  /// The value of the assignment to `name` on `line` (1-based) of an `.xcconfig` text: from the first byte after
  /// `=` and its spaces to the last byte before a `//` comment, trailing spaces and one `;`. Nil for a line that
  /// assigns something else or continues on the next line.
  static func xcconfigValueRange(of name: String, atLine line: Int, in text: SourceText) -> ByteRange? {
    guard line >= 1, line <= text.lineStarts.count else { return nil }
    let start = text.lineStarts[line - 1]
    var end = start
    while end < text.bytes.count, text.bytes[end] != UInt8(ascii: "\n"), text.bytes[end] != UInt8(ascii: "\r") {
      end += 1
    }
    let bytes = text.bytes
    var index = start
    func skipSpaces() {
      while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
    }
    skipSpaces()
    let nameBytes = Array(name.utf8)
    guard end - index >= nameBytes.count, Array(bytes[index..<(index + nameBytes.count)]) == nameBytes else {
      return nil
    }
    index += nameBytes.count
    // Conditions: `[sdk=iphoneos*]`…
    while index < end, bytes[index] == UInt8(ascii: "[") {
      while index < end, bytes[index] != UInt8(ascii: "]") { index += 1 }
      guard index < end else { return nil }
      index += 1
    }
    skipSpaces()
    guard index < end, bytes[index] == UInt8(ascii: "=") else { return nil }
    index += 1
    skipSpaces()
    let valueStart = index
    var valueEnd = end
    var scan = valueStart
    while scan + 1 < end {
      if bytes[scan] == UInt8(ascii: "/"), bytes[scan + 1] == UInt8(ascii: "/") {
        valueEnd = scan
        break
      }
      scan += 1
    }
    while valueEnd > valueStart, bytes[valueEnd - 1] == UInt8(ascii: " ") || bytes[valueEnd - 1] == UInt8(ascii: "\t") {
      valueEnd -= 1
    }
    if valueEnd > valueStart, bytes[valueEnd - 1] == UInt8(ascii: "\\") { return nil }
    if valueEnd > valueStart, bytes[valueEnd - 1] == UInt8(ascii: ";") { valueEnd -= 1 }
    while valueEnd > valueStart, bytes[valueEnd - 1] == UInt8(ascii: " ") || bytes[valueEnd - 1] == UInt8(ascii: "\t") {
      valueEnd -= 1
    }
    return ByteRange(start: valueStart, end: valueEnd)
  }
}

import Foundation
import Testing

/// The arrows between targets: `Package.swift` declares them once (`layerArrows`), and every `import` in
/// `Sources/` must follow one; an arrow no import draws is reported too, so the header never tells a story the
/// code does not.
@Suite("Import arrows")
struct ImportArrowTests {
  /// Modules any target may import: the toolchain's own.
  static let systemModules: Set<String> = [
    "Foundation", "FoundationEssentials", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin", "Android",
    "WinSDK",
  ]

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `layerArrows` as `Package.swift` writes it: `"Target": ["A", "B"],` entries, possibly spread over lines.
  static func declaredArrows() throws -> [String: Set<String>] {
    let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    guard let start = manifest.range(of: "let layerArrows: [String: [String]] = [") else {
      Issue.record("Package.swift has no layerArrows literal")
      return [:]
    }
    let body = manifest[start.upperBound...]
    guard let end = body.range(of: "\n]\n") else { return [:] }
    let literal = String(body[..<end.lowerBound])
    var arrows: [String: Set<String>] = [:]
    let entry = /"(\w+)":\s*\[([^\]]*)\]/
    for match in literal.matches(of: entry) {
      let targets = match.output.2.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      }.filter { !$0.isEmpty }
      arrows[String(match.output.1)] = Set(targets)
    }
    return arrows
  }

  /// Every module each target's sources import, with the first file that does (lines of multi-line string
  /// literals left out).
  static func drawnArrows(of target: String) throws -> [String: String] {
    let folder = packageRoot.appendingPathComponent("Sources").appendingPathComponent(target)
    var imports: [String: String] = [:]
    let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    let attributes = "(?:@testable |@_exported |@preconcurrency |@_implementationOnly )?"
    let kinds = "(?:(?:struct|enum|class|func|protocol|typealias|var|let) )?"
    let importLine = try Regex("^" + attributes + "import " + kinds + "(\\w+)")
    for file in files.sorted() where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      // Lines inside a multi-line string literal (a rule example's Swift source) import nothing.
      var inStringLiteral = false
      for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        let delimiters = line.ranges(of: "\"\"\"").count
        defer { if delimiters % 2 == 1 { inStringLiteral.toggle() } }
        if inStringLiteral { continue }
        let trimmed = line.drop { $0 == " " }
        if let match = trimmed.prefixMatch(of: importLine), let module = match.output[1].substring {
          imports[String(module)] = imports[String(module)] ?? "Sources/\(target)/\(file)"
        }
      }
    }
    return imports
  }

  @Test func everyImportFollowsADeclaredArrow() throws {
    let arrows = try Self.declaredArrows()
    try #require(arrows.count >= 10, "layerArrows read: \(arrows.keys.sorted())")
    for (target, allowed) in arrows.sorted(by: { $0.key < $1.key }) {
      for (module, file) in try Self.drawnArrows(of: target).sorted(by: { $0.key < $1.key })
      where !Self.systemModules.contains(module) {
        #expect(
          allowed.contains(module), "\(file) imports \(module); Package.swift has no arrow \(target) → \(module)")
      }
    }
  }

  @Test func everyDeclaredArrowIsDrawnByAnImport() throws {
    for (target, allowed) in try Self.declaredArrows().sorted(by: { $0.key < $1.key }) {
      let drawn = try Self.drawnArrows(of: target)
      for module in allowed.sorted() {
        #expect(
          drawn[module] != nil, "Package.swift declares \(target) → \(module), but no file of \(target) imports it")
      }
    }
  }

  /// Every library folder in `Sources/` (but the system-library shims) has its arrows declared.
  @Test func everyTargetHasDeclaredArrows() throws {
    let arrows = try Self.declaredArrows()
    let sources = Self.packageRoot.appendingPathComponent("Sources")
    let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix("C") }
    for folder in folders.sorted() {
      #expect(arrows[folder] != nil, "Sources/\(folder) has no entry in layerArrows")
    }
  }

  /// The arrows point one way: no target reaches itself through them.
  @Test func arrowsHaveNoCycle() throws {
    let arrows = try Self.declaredArrows()
    func reaches(_ start: String, _ goal: String, _ seen: inout Set<String>) -> Bool {
      for next in arrows[start] ?? [] {
        if next == goal { return true }
        if seen.insert(next).inserted, reaches(next, goal, &seen) { return true }
      }
      return false
    }
    for target in arrows.keys.sorted() {
      var seen: Set<String> = []
      #expect(!reaches(target, target, &seen), "\(target) reaches itself")
    }
  }
}

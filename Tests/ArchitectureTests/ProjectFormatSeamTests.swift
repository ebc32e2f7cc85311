import Foundation
import Testing

/// Adding a project format touches its reader and its registration only (docs/internals.md, "Adding a project
/// format"): every type declared as a `ProjectFormat` is named nowhere in `Sources/` outside its own folder and the
/// registry (`Sources/XcodeModel/ProjectFormats/ProjectFormat.swift`). Discovery, `sharelint targets`, the lint plan
/// and the rules reach a format only through `ProjectFormats.all` and the project model it reads into.
@Suite("Project format seam")
struct ProjectFormatSeamTests {
  static let sources = ImportArrowTests.packageRoot.appendingPathComponent("Sources")
  static let registry = "XcodeModel/ProjectFormats/ProjectFormat.swift"

  /// Every Swift file under `Sources/`, by its path relative to `Sources/`, with its text.
  static func sourceFiles() throws -> [(path: String, text: String)] {
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    return try files.sorted().filter { $0.hasSuffix(".swift") }.map { path in
      (path, try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8))
    }
  }

  /// The formats declared (`enum|struct|final class Name: ProjectFormat`), with the file that declares each.
  static func declaredFormats(in files: [(path: String, text: String)]) throws -> [(name: String, file: String)] {
    let declaration = try Regex(#"(?:enum|struct|class)\s+(\w+)\s*:\s*(?:[\w.]+\s*,\s*)*ProjectFormat\b"#)
    return files.flatMap { file in
      file.text.matches(of: declaration).compactMap { match in
        match.output[1].substring.map { (String($0), file.path) }
      }
    }
  }

  @Test("every declared format is registered in ProjectFormats.all")
  func everyFormatIsRegistered() throws {
    let files = try Self.sourceFiles()
    let formats = try Self.declaredFormats(in: files)
    #expect(formats.contains { $0.name == "XcodeGenFormat" })
    let registry = try #require(files.first { $0.path == Self.registry }?.text)
    let list = try #require(registry.firstMatch(of: /static let all: \[any ProjectFormat.Type\] = \[([^\]]*)\]/))
    let registered = Set(list.output.1.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: ".self", with: "")
    })
    for format in formats {
      #expect(registered.contains(format.name), "\(format.name) (\(format.file)) is not in ProjectFormats.all")
    }
  }

  @Test("a format is named only in its own folder and the registry")
  func formatsStayBehindTheSeam() throws {
    let files = try Self.sourceFiles()
    for format in try Self.declaredFormats(in: files) {
      let ownFolder = (format.file as NSString).deletingLastPathComponent + "/"
      let name = try Regex("\\b\(format.name)\\b")
      for file in files where file.path != Self.registry && !file.path.hasPrefix(ownFolder) {
        #expect(
          !file.text.contains(name),
          "Sources/\(file.path) names \(format.name): reach the format through ProjectFormats instead")
      }
    }
  }
}

import Foundation
import SharelintBase

/// Reads an `.xcconfig` file and the files it `#include`s into definitions, in the order they take
/// effect, refusing include cycles.
struct XcconfigLoader {
  /// The largest `.xcconfig` file read.
  static let maximumFileSize = 4 << 20

  /// The files being read, outermost first, as standardized absolute paths.
  private var includeStack: [String] = []

  /// The definitions of the file at `path`, included files inlined where they are included.
  func definitions(fromFileAt path: String) throws -> [BuildSettingDefinition] {
    var loader = self
    return try loader.load(path, displayPath: path, includedFrom: nil)
  }

  /// The definitions of `text`, read as the file `path`.
  func definitions(fromText text: String, path: String) throws -> [BuildSettingDefinition] {
    var loader = self
    loader.includeStack.append(Self.identity(of: path))
    return try loader.definitions(in: text, path: path)
  }

  /// A file's identity for cycle detection (`FileIdentity`).
  private static func identity(of path: String) -> String { FileIdentity.of(path) }

  private mutating func load(_ path: String, displayPath: String, includedFrom: (file: String, line: Int)?) throws
    -> [BuildSettingDefinition]
  {
    let identity = Self.identity(of: path)
    if let start = includeStack.firstIndex(of: identity) {
      let cycle = (includeStack[start...] + [identity]).map { PathText.lastComponent(of: $0) }
      throw BuildSettingsError(
        .includeCycle, "include cycle: \(cycle.joined(separator: " → "))", file: includedFrom?.file,
        line: includedFrom?.line)
    }
    let text = try Self.read(path, displayPath: displayPath, includedFrom: includedFrom)
    includeStack.append(identity)
    defer { includeStack.removeLast() }
    return try definitions(in: text, path: displayPath)
  }

  private mutating func definitions(in text: String, path: String) throws -> [BuildSettingDefinition] {
    var definitions: [BuildSettingDefinition] = []
    for statement in try XcconfigParser(fileName: path).statements(in: text) {
      switch statement {
      case .assignment(let name, let conditions, let value, let line):
        definitions.append(
          BuildSettingDefinition(
            name: name, value: value, conditions: conditions, origin: .xcconfig(file: path, line: line)))
      case .include(let includedPath, let isOptional, let line):
        let folder = PathText.removingLastComponent(of: path)
        let target = includedPath.hasPrefix("/") || folder.isEmpty ? includedPath : folder + "/" + includedPath
        if isOptional, !FileManager.default.fileExists(atPath: target) { continue }
        definitions += try load(target, displayPath: target, includedFrom: (path, line))
      }
    }
    return definitions
  }

  private static func read(_ path: String, displayPath: String, includedFrom: (file: String, line: Int)?) throws
    -> String
  {
    let reason: String
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      reason = "does not exist"
    } else if isDirectory.boolValue {
      reason = "is a folder"
    } else if let handle = FileHandle(forReadingAtPath: path) {
      defer { try? handle.close() }
      let data = (try? handle.read(upToCount: maximumFileSize + 1)) ?? Data()
      guard data.count <= maximumFileSize else {
        throw BuildSettingsError(
          .unreadableFile, "'\(displayPath)' is larger than \(maximumFileSize >> 20) MiB", file: includedFrom?.file,
          line: includedFrom?.line)
      }
      return String(decoding: data, as: UTF8.self)
    } else {
      reason = "cannot be read"
    }
    let subject = includedFrom == nil ? "xcconfig file" : "included file"
    throw BuildSettingsError(
      .unreadableFile, "\(subject) '\(displayPath)' \(reason)", file: includedFrom?.file, line: includedFrom?.line)
  }
}

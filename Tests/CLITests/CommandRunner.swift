import Foundation
import Testing

/// Runs the real `sharelint` binary, built next to the test bundle, and captures what it writes.
struct CommandResult {
  let status: Int32
  let standardOutput: String
  let standardError: String
}

enum Sharelint {
  /// The built executable: the products folder holds both it and the test bundle.
  static let executable: URL = {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    while folder.path != "/" {
      let candidate = folder.appendingPathComponent("sharelint")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: ".build/debug/sharelint")
  }()

  /// The package's root folder, for Samples/ and Grammar/.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Runs `sharelint arguments…` in `folder` (the package root unless given) with `input` on standard input.
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:], in folder: URL = packageRoot
  ) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var processEnvironment = ProcessInfo.processInfo.environment
    processEnvironment.merge(environment) { _, new in new }
    process.environment = processEnvironment
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.standardInput = inputPipe
    try process.run()
    if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inputPipe.fileHandleForWriting.close()
    // Read both pipes before waiting, so a large output cannot fill a pipe and block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var output = Data()
    nonisolated(unsafe) var error = Data()
    group.enter()
    DispatchQueue.global().async {
      output = outputPipe.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    error = errorPipe.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CommandResult(
      status: process.terminationStatus, standardOutput: String(decoding: output, as: UTF8.self),
      standardError: String(decoding: error, as: UTF8.self))
  }
}

/// A folder of its own under the temporary directory, removed when the value goes away.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Copies `source` (a folder or file) into the folder under `name` and returns the copy's path.
  func copy(_ source: URL, as name: String) throws -> String {
    let destination = url.appendingPathComponent(name)
    try FileManager.default.copyItem(at: source, to: destination)
    return destination.path
  }

  /// Writes `text` to `name` in the folder and returns its path.
  func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// An Info.plist whose LSApplicationQueriesSchemes lists `schemes` in order.
  func infoPlist(queriesSchemes schemes: [String]) throws -> String {
    let entries = schemes.map { "    <string>\($0)</string>" }.joined(separator: "\n")
    return try write("Info.plist", """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
        <key>LSApplicationQueriesSchemes</key>
        <array>
      \(entries)
        </array>
      </dict>
      </plist>

      """)
  }
}

import Foundation
import SharelintBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that readers see either the old bytes or the new ones, never a mix: the new
/// bytes go to a temporary file in the same folder, are flushed to disk (`fsync`), then renamed
/// over the target. The target's permission bits (and, when allowed, owner) are kept, a symbolic
/// link is written through, and nothing is written when the file changed since it was read.
///
/// Every write goes through the repository boundary first, on the path with its links resolved: a
/// file, or a link, or a folder link, that leads outside the linted folders, into `.git` or the
/// system's folders is refused, and nothing is written. The temporary file is named
/// `.NAME.sharelint-PID-XXXXXX`, with the writer's process id, so that the next write of NAME removes
/// the ones a killed run left behind (whose process is gone) and no other file.
public enum AtomicFileWriter {
  /// What follows a target's name in its temporary files' names, before the writer's process id.
  static let temporaryMarker = ".sharelint-"

  /// Writes `bytes` to `path`. When `expectedContents` is given, refuses (with a `.fileChanged`
  /// error, writing nothing) unless the file still holds exactly those bytes. Refuses (with a
  /// `.writeRefused` error naming the file and why, writing nothing) what `boundary` does not admit.
  public static func write(
    _ bytes: [UInt8], to path: String, expectedContents: [UInt8]? = nil, boundary: RepositoryBoundary = .current
  ) throws {
    let target = resolvedPath(path)
    if var refusal = boundary.refusal(toWrite: target) {
      refusal.path = path
      let absolute = PathText.tidied(
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
      let leadsElsewhere = absolute == target ? "" : " (it leads to '\(target)')"
      throw PropertyListError(.writeRefused, refusal.description + leadsElsewhere)
    }
    var status = stat()
    let exists = stat(target, &status) == 0
    if let expectedContents {
      try checkUnchanged(target, displayPath: path, exists: exists, expected: expectedContents)
    }
    let mode = exists ? status.st_mode & 0o7777 : 0o644
    let directory = PathText.removingLastComponent(of: target)
    let folder = directory.isEmpty ? "." : directory
    let name = PathText.lastComponent(of: target)
    removeStaleTemporaryFiles(of: name, in: folder)
    // mkstemp replaces the six trailing X's with a unique suffix.
    let uniqueSuffix = String(repeating: "X", count: 6)
    var template = Array((folder + "/." + name + temporaryMarker + "\(getpid())-" + uniqueSuffix).utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw systemError("cannot create a temporary file next to '\(path)'")
    }
    let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var renamed = false
    defer { if !renamed { unlink(temporaryPath) } }
    do {
      defer { close(descriptor) }
      try writeAll(bytes, to: descriptor, path: path)
      guard fchmod(descriptor, mode_t(mode)) == 0 else { throw systemError("cannot set the mode of '\(path)'") }
      if exists { _ = fchown(descriptor, status.st_uid, status.st_gid) }
      guard fsync(descriptor) == 0 else { throw systemError("cannot flush '\(path)' to disk") }
    }
    if let expectedContents {
      // Checked again just before the rename, to keep the window for a lost update small.
      try checkUnchanged(target, displayPath: path, exists: exists, expected: expectedContents)
    }
    guard rename(temporaryPath, target) == 0 else { throw systemError("cannot replace '\(path)'") }
    renamed = true
    let directoryDescriptor = open(folder, O_RDONLY)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  /// Removes, from `folder`, the temporary files of `name` that a run killed while writing left behind:
  /// regular files named exactly `.NAME.sharelint-PID-XXXXXX` whose process `PID` no longer exists
  /// (`kill(PID, 0)` fails with `ESRCH`). A live run's temporary file, and every other file, stay.
  static func removeStaleTemporaryFiles(of name: String, in folder: String) {
    let prefix = "." + name + temporaryMarker
    guard let stream = opendir(folder) else { return }
    var stale: [String] = []
    while let entry = readdir(stream) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
        String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard entryName.hasPrefix(prefix), let process = writerProcess(ofSuffix: entryName.dropFirst(prefix.count))
      else { continue }
      if kill(process, 0) != 0 && errno == ESRCH { stale.append(entryName) }
    }
    closedir(stream)
    for entryName in stale {
      let path = folder + "/" + entryName
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      unlink(path)
    }
  }

  /// The process id in a temporary file's name after `.NAME.sharelint-`, when the rest is exactly
  /// `PID-XXXXXX`: a positive decimal process id without leading zeros, a dash, and the six letters or
  /// digits `mkstemp` puts in place of the X's.
  static func writerProcess(ofSuffix suffix: Substring) -> pid_t? {
    let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
    let parts = suffix.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    guard parts.count == 2, let digits = parts.first, let unique = parts.last,
      (1...10).contains(digits.count), digits.first != UInt8(ascii: "0"), digits.allSatisfy(digit.contains),
      unique.count == 6,
      // A letter of either case: clearing bit 5 turns a lowercase ASCII letter into its capital.
      unique.allSatisfy({ digit.contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0 & 0xDF) }),
      let process = pid_t(String(decoding: digits, as: UTF8.self)), process > 0
    else { return nil }
    return process
  }

  /// `path` with symbolic links resolved (`FileIdentity`), so writing replaces the link's target, not the link.
  private static func resolvedPath(_ path: String) -> String { FileIdentity.of(path) }

  private static func checkUnchanged(_ target: String, displayPath: String, exists: Bool, expected: [UInt8]) throws {
    guard exists, access(target, F_OK) == 0 else {
      throw PropertyListError(.fileChanged, "'\(displayPath)' was removed since it was read; not written")
    }
    let current = try FileBytes.read(target)
    guard current == expected else {
      throw PropertyListError(.fileChanged, "'\(displayPath)' changed on disk since it was read; not written")
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
    try bytes.withUnsafeBytes { buffer in
      var written = 0
      while written < buffer.count {
        let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          throw systemError("cannot write '\(path)'")
        }
        written += result
      }
    }
  }

  private static func systemError(_ message: String) -> PropertyListError {
    PropertyListError(.fileSystem, message + ": " + String(cString: strerror(errno)))
  }
}

extension SourceText {
  /// Writes `bytes` atomically over the file this text was read from (its `name`), refusing when
  /// that file no longer holds these bytes or `boundary` does not admit it. To write elsewhere
  /// (`-o OUTPUT`), use `AtomicFileWriter.write(_:to:expectedContents:boundary:)`.
  public func writeAtomically(_ bytes: [UInt8], boundary: RepositoryBoundary = .current) throws {
    try AtomicFileWriter.write(bytes, to: name, expectedContents: self.bytes, boundary: boundary)
  }
}

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
public enum AtomicFileWriter {
  /// Writes `bytes` to `path`. When `expectedContents` is given, refuses (with a `.fileChanged`
  /// error, writing nothing) unless the file still holds exactly those bytes.
  public static func write(_ bytes: [UInt8], to path: String, expectedContents: [UInt8]? = nil) throws {
    let target = resolvedPath(path)
    var status = stat()
    let exists = stat(target, &status) == 0
    if let expectedContents {
      try checkUnchanged(target, displayPath: path, exists: exists, expected: expectedContents)
    }
    let mode = exists ? status.st_mode & 0o7777 : 0o644
    let directory = PathText.removingLastComponent(of: target)
    let name = PathText.lastComponent(of: target)
    // mkstemp replaces the six trailing X's with a unique suffix.
    let uniqueSuffix = String(repeating: "X", count: 6)
    var template = Array(((directory.isEmpty ? "." : directory) + "/." + name + ".sharelint-" + uniqueSuffix).utf8CString)
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
    let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
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
  /// that file no longer holds these bytes. To write elsewhere (`-o OUTPUT`), use
  /// `AtomicFileWriter.write(_:to:expectedContents:)`.
  public func writeAtomically(_ bytes: [UInt8]) throws {
    try AtomicFileWriter.write(bytes, to: name, expectedContents: self.bytes)
  }
}

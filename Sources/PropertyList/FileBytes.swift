import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's `read(2)`, named apart from `FileBytes.read`.
private func readFromDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
  Glibc.read(descriptor, buffer, count)
  #else
  Darwin.read(descriptor, buffer, count)
  #endif
}

/// Reading whole files with a size bound, straight into an array (`open`, `fstat`, `read`): a lint run
/// reads every plist two or three times, and going through `FileHandle` and `Data` cost a copy and
/// several allocations each time.
enum FileBytes {
  /// The bytes of the file at `path`.
  static func read(_ path: String) throws(PropertyListError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = errno == ENOENT || errno == ENOTDIR ? "does not exist" : "cannot be read"
      throw PropertyListError(.fileSystem, "'\(path)' \(reason)")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw unreadable(path) }
    guard Int(status.st_size) <= XMLPlistReader.maximumInputSize else { throw tooLarge(path) }
    // st_size is a hint (0 for /dev/stdin and pipes): read until the end, growing as needed.
    var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 4096) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        guard count <= XMLPlistReader.maximumInputSize else { throw tooLarge(path) }
        bytes += [UInt8](repeating: 0, count: count)
      }
      let read = bytes.withUnsafeMutableBytes { buffer in
        readFromDescriptor(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if read == 0 { break }
      if read < 0 {
        if errno == EINTR { continue }
        throw unreadable(path)
      }
      count += read
    }
    guard count <= XMLPlistReader.maximumInputSize else { throw tooLarge(path) }
    bytes.removeSubrange(count...)
    return bytes
  }

  private static func unreadable(_ path: String) -> PropertyListError {
    PropertyListError(.fileSystem, "'\(path)' cannot be read: \(String(cString: strerror(errno)))")
  }

  private static func tooLarge(_ path: String) -> PropertyListError {
    PropertyListError(.limitExceeded, "'\(path)' is larger than \(XMLPlistReader.maximumInputSize >> 20) MiB")
  }
}

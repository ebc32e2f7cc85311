import SharelintBase

/// Reading a whole plist file: `RepositoryFile.read` (the boundary, regular files only, the size bound), its
/// failures worded as `PropertyListError`s.
enum FileBytes {
  /// The bytes of the file at `path`; `identity` is its `FileIdentity` when known (no `realpath(3)` then).
  static func read(_ path: String, identity: String? = nil) throws(PropertyListError) -> [UInt8] {
    switch RepositoryFile.read(path, limit: XMLPlistReader.maximumInputSize, identity: identity) {
    case .success(let bytes):
      return bytes
    case .failure(let failure):
      switch failure {
      case .tooLarge: throw PropertyListError(.limitExceeded, "'\(path)' \(failure)")
      case .refused: throw PropertyListError(.outsideBoundary, "'\(path)' \(failure)")
      case .missing, .isFolder, .unreadable: throw PropertyListError(.fileSystem, "'\(path)' \(failure)")
      }
    }
  }
}

import Foundation
import Synchronization

/// Fresh folders under the system's temporary folder for tests that write files, removed when the test
/// process exits (tests that hand a folder to other tests or helpers cannot remove it themselves; left
/// behind, every run of the suite added a thousand folders to /tmp).
public enum TemporaryFolders {
  /// A new, empty folder named `prefix-UUID`, removed at exit.
  public static func make(_ prefix: String) throws -> URL {
    let folder = url(prefix)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The URL of a folder named `prefix-UUID`, not created yet, removed at exit if something creates it.
  public static func url(_ prefix: String) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    created.withLock { folders in
      if folders.isEmpty { atexit { TemporaryFolders.removeAll() } }
      folders.append(folder.path)
    }
    return folder
  }

  private static let created = Mutex<[String]>([])

  private static func removeAll() {
    for folder in created.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: folder) }
  }
}

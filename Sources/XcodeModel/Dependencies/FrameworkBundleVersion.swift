import Foundation
import PropertyList
import SharelintBase

/// The version of a framework or xcframework kept in the repository, from its own `Info.plist`s: an
/// `.xcframework`'s `AvailableLibraries` names each slice; the iOS device slice's framework (else the first
/// framework slice) carries `CFBundleShortVersionString`. A static-library xcframework has no version.
public enum FrameworkBundleVersion {
  /// The largest `Info.plist` read (1 MiB).
  static let maximumSize = 1 << 20
  /// The largest framework `Info.plist` read (1 MiB), for readers of built bundles.
  public static var maximumInfoPlistSize: Int { maximumSize }

  /// The version of the `.framework` or `.xcframework` folder at `path`; `nil` when it is not there, has none
  /// or cannot be read within `boundary`.
  public static func version(ofBundleAt path: String, boundary: RepositoryBoundary = .current) -> String? {
    let lowered = path.lowercased()
    if lowered.hasSuffix(".framework") {
      return shortVersion(inPlistAt: PathText.joined(path, "Info.plist"), boundary: boundary)
    }
    guard lowered.hasSuffix(".xcframework"),
      let document = document(at: PathText.joined(path, "Info.plist"), boundary: boundary),
      let libraries = document.root["AvailableLibraries"]?.elements
    else { return nil }
    var slices: [(path: String, isDevice: Bool)] = []
    for library in libraries {
      guard let identifier = library["LibraryIdentifier"]?.string, let libraryPath = library["LibraryPath"]?.string,
        libraryPath.lowercased().hasSuffix(".framework"), !identifier.contains("/"), !identifier.contains("..")
      else { continue }
      let isDevice = library["SupportedPlatform"]?.string == "ios" && library["SupportedPlatformVariant"] == nil
      slices.append((PathText.joined(PathText.joined(path, identifier), libraryPath), isDevice))
    }
    for slice in slices.sorted(by: { $0.isDevice && !$1.isDevice }) {
      if let version = shortVersion(inPlistAt: PathText.joined(slice.path, "Info.plist"), boundary: boundary) {
        return version
      }
    }
    return nil
  }

  /// The version (`CFBundleShortVersionString`, else `CFBundleVersion`) and `MinimumOSVersion` a built framework's
  /// `Info.plist` gives (XML or binary, as a bundle carries it); nils when the bytes are no plist dictionary.
  public static func versions(ofInfoPlist bytes: [UInt8]) -> (version: String?, minimumOSVersion: String?) {
    guard bytes.count <= maximumSize, let root = try? PropertyListDocument(bytes: bytes, name: "Info.plist").root
    else { return (nil, nil) }
    return (root["CFBundleShortVersionString"]?.string ?? root["CFBundleVersion"]?.string,
            root["MinimumOSVersion"]?.string)
  }

  private static func shortVersion(inPlistAt path: String, boundary: RepositoryBoundary) -> String? {
    guard let root = document(at: path, boundary: boundary)?.root else { return nil }
    return root["CFBundleShortVersionString"]?.string ?? root["CFBundleVersion"]?.string
  }

  private static func document(at path: String, boundary: RepositoryBoundary) -> PropertyListDocument? {
    guard let bytes = try? RepositoryFile.read(path, limit: maximumSize, boundary: boundary).get() else { return nil }
    return try? PropertyListDocument(bytes: bytes, name: path)
  }
}

import Foundation
import SharelintBase

/// A React Native plug-in's own repository: its example app names the plug-in as npm installs it
/// (`../node_modules/react-native-x/ios/…`, in the example's Xcode project or Podfile), but a checkout has no
/// `node_modules`. When that folder is absent and a `package.json` above the example is the package itself (its
/// `"name"` is the one named), the path is the same one in that package's folder: what `npm install` would have
/// put there is the repository's own copy (npm installs a `file:`, git or registry dependency from the package's
/// files, `package.json` first).
enum OwnNodePackage {
  /// The most folders climbed from `node_modules`' folder looking for the package's own `package.json`.
  static let maximumClimb = 8
  /// The most bytes of a `package.json` read.
  static let maximumManifestSize = 1 << 20
  /// The package folders found, by the folder holding the missing `node_modules`, the package's name and the
  /// boundary's roots.
  private static let lookups = BoundedCache<String, String?>(capacity: 256)

  /// `path` with its `…/node_modules/NAME` (or `…/node_modules/@scope/NAME`) part replaced by the folder of the
  /// package NAME itself, when `node_modules` is missing there and a `package.json` at most `maximumClimb` folders
  /// above names NAME; `path` as it is otherwise (and for anything `boundary` refuses).
  static func resolved(_ path: String, boundary: RepositoryBoundary) -> String {
    guard path.contains("node_modules") else { return path }
    let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard let index = components.firstIndex(of: "node_modules"), index + 1 < components.count else { return path }
    var nameEnd = index + 2
    if components[index + 1].hasPrefix("@") {
      guard index + 2 < components.count else { return path }
      nameEnd = index + 3
    }
    let name = components[(index + 1)..<nameEnd].joined(separator: "/")
    guard !name.isEmpty, !name.contains(".."), PrintableText.isPrintable(name) else { return path }
    let prefix = components[..<index].joined(separator: "/")
    let start = prefix.isEmpty && !path.hasPrefix("/") ? "." : (prefix.isEmpty ? "/" : prefix)
    let key = "\(start)\u{0}\(name)\u{0}\(boundary.roots.joined(separator: "\u{0}"))"
    // Every file reference of a legacy React Native project names `node_modules`: each folder is looked at once.
    let found = lookups.value(for: key) { () -> String? in
      guard RepositoryEntry.at(PathText.joined(start, "node_modules"), boundary: boundary) == .missing else {
        return nil
      }
      return folder(ofPackageNamed: name, from: start, boundary: boundary)
    }
    guard let package = found else { return path }
    let rest = components[nameEnd...].joined(separator: "/")
    return rest.isEmpty ? package : PathText.joined(package, rest)
  }

  /// The folder, `start` or one of the `maximumClimb` above it, whose `package.json` has the `"name"` `name`; nil
  /// when there is none, or the climb reaches what `boundary` refuses. The climb stops at the repository's top (the
  /// folder holding `.git`).
  static func folder(ofPackageNamed name: String, from start: String, boundary: RepositoryBoundary) -> String? {
    var folder = PathText.tidied(start)
    for _ in 0...maximumClimb {
      let manifest = PathText.joined(folder, "package.json")
      if case .success(let bytes) = RepositoryFile.read(manifest, limit: maximumManifestSize, boundary: boundary),
        let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
        object["name"] as? String == name
      {
        return folder
      }
      if RepositoryEntry.isRepositoryTop(folder) { return nil }
      let parent = PathText.tidied(PathText.joined(folder, ".."))
      guard parent != folder, RepositoryEntry.at(parent, boundary: boundary).isFolder else { return nil }
      folder = parent
    }
    return nil
  }
}

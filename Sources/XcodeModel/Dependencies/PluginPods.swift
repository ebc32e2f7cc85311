import Foundation
import SharelintBase

/// A pod an app's Podfile brings in from the repository rather than the trunk: a `pod 'X', :path => '…'` line,
/// or a plug-in Flutter's `flutter_install_all_ios_pods` or React Native's `use_native_modules!` adds (read from
/// `.flutter-plugins-dependencies`, `ios/.symlinks/plugins`, `node_modules`), with its podspec.
public struct PluginPod: Hashable, Sendable {
  /// The pod's or plug-in's name.
  public var name: String
  /// Where the app names it: `ios/Podfile:12`, `.flutter-plugins-dependencies`, `package.json`.
  public var origin: String
  /// Its podspec, when the repository holds it.
  public var podspec: Podspec?
  /// For a `:path` pod, the line of its `pod` statement: the targets whose block has that line link it. Nil for a
  /// plug-in an installer adds (linked by the blocks calling the installer).
  public var podLine: Int?
  /// For a plug-in an installer adds: whether it is Flutter's (else React Native's).
  public var isFlutter = false
}

/// A dependency an app's `package.json` (`dependencies`) or `pubspec.yaml` (`dependencies:`) names.
public struct PluginPackageDependency: Hashable, Sendable {
  /// `react-native-msal`, `msal_flutter`.
  public var name: String
  /// The file, relative to the working folder.
  public var file: String
  /// Whether it is a pub package (Flutter), else an npm one.
  public var isPub: Bool
}

/// The local pods and plug-ins of one Podfile.
public struct PluginPods: Hashable, Sendable {
  /// The pods and plug-ins with their podspecs.
  public var pods: [PluginPod] = []
  /// The app's package dependencies (Flutter, React Native), when a plug-in installer is called.
  public var packageDependencies: [PluginPackageDependency] = []
  /// What could not be read (a plug-in folder outside the repository, a podspec's computed value).
  public var notes: [XcodeProjectNote] = []

  /// The most plug-ins read for one Podfile.
  static let maximumPlugins = 500

  /// Reads the local pods and plug-ins `podfile` brings in, within `boundary`.
  public init(podfile: Podfile, boundary: RepositoryBoundary) {
    let podfileFolder = PathText.removingLastComponent(of: podfile.path)
    // Flutter's and React Native's Podfiles are in `ios/`, the app's folder above.
    let appFolder = PathText.tidied(PathText.joined(podfileFolder.isEmpty ? "." : podfileFolder, ".."))
    let display = PathText.relativeToWorkingFolder(podfile.path)
    var seen: Set<String> = []
    for definition in podfile.targets {
      for pod in definition.pods {
        guard let source = pod.source, !source.contains("://"), !source.hasPrefix("git@"),
          seen.insert(pod.rootName).inserted, pods.count < Self.maximumPlugins
        else { continue }
        let location = OwnNodePackage.resolved(
          PathText.tidied(PathText.joined(podfileFolder.isEmpty ? "." : podfileFolder, source)), boundary: boundary)
        let podspec = findPodspec(named: pod.rootName, at: location, boundary: boundary)
        pods.append(PluginPod(name: pod.rootName, origin: "\(display):\(pod.line)", podspec: podspec, podLine: pod.line))
      }
    }
    let installers = podfile.targets.flatMap(\.pluginInstallers)
    if installers.contains(where: \.isFlutter) {
      readFlutterPlugins(appFolder: appFolder, podfileFolder: podfileFolder, seen: &seen, boundary: boundary)
    }
    if installers.contains(where: { !$0.isFlutter }) {
      readReactNativePlugins(appFolder: appFolder, seen: &seen, boundary: boundary)
    }
    notes += pods.flatMap { $0.podspec?.notes ?? [] }
  }

  /// The podspec at `location`: the file itself, else `NAME.podspec` (or `.podspec.json`) in that folder, else the
  /// folder's only podspec. A location the boundary refuses gives a note.
  private mutating func findPodspec(named name: String, at location: String, boundary: RepositoryBoundary)
    -> Podspec?
  {
    if location.hasSuffix(".podspec") { return Podspec(path: location, boundary: boundary) }
    if location.hasSuffix(".podspec.json") { return Podspec(jsonPath: location, boundary: boundary) }
    let names: [String]
    switch RepositoryFile.listFolder(location, boundary: boundary) {
    case .success(let listed): names = listed
    case .failure(.missing): return nil
    case .failure(let failure):
      notes.append(
        XcodeProjectNote(
          "the plug-in '\(name)' is not read: its folder \(failure)", file: PathText.relativeToWorkingFolder(location)))
      return nil
    }
    let podspecs = names.filter { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }.sorted()
    let chosen =
      podspecs.first { $0 == "\(name).podspec" } ?? podspecs.first { $0 == "\(name).podspec.json" }
      ?? (podspecs.count == 1 ? podspecs.first : nil)
    guard let chosen else { return nil }
    let path = PathText.joined(location, chosen)
    return chosen.hasSuffix(".json") ? Podspec(jsonPath: path, boundary: boundary) : Podspec(path: path, boundary: boundary)
  }

  /// Flutter's plug-ins: `.flutter-plugins-dependencies` (JSON, `plugins.ios[].name/path`) in the app's folder,
  /// else the `ios/.symlinks/plugins` folder Flutter writes; and `pubspec.yaml`'s dependencies.
  private mutating func readFlutterPlugins(
    appFolder: String, podfileFolder: String, seen: inout Set<String>, boundary: RepositoryBoundary
  ) {
    let dependenciesFile = PathText.joined(appFolder, ".flutter-plugins-dependencies")
    var plugins: [(name: String, path: String, origin: String)] = []
    if case .success(let bytes)? = DependencyFiles.read(dependenciesFile, limit: 4 << 20, boundary: boundary) {
      let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [])
      let ios = ((object as? [String: Any])?["plugins"] as? [String: Any])?["ios"] as? [Any] ?? []
      for case let plugin as [String: Any] in ios.prefix(Self.maximumPlugins) {
        guard let name = plugin["name"] as? String, let path = plugin["path"] as? String else { continue }
        let folder = path.hasPrefix("/") ? path : PathText.joined(appFolder, path)
        plugins.append((name, folder, PathText.relativeToWorkingFolder(dependenciesFile)))
      }
    } else {
      let symlinks = PathText.joined(podfileFolder.isEmpty ? "." : podfileFolder, ".symlinks/plugins")
      let names = (try? RepositoryFile.listFolder(symlinks, boundary: boundary).get()) ?? []
      for name in names.sorted().prefix(Self.maximumPlugins) {
        plugins.append((name, PathText.joined(symlinks, name), PathText.relativeToWorkingFolder(symlinks)))
      }
    }
    let pubspec = PathText.joined(appFolder, "pubspec.yaml")
    let pubspecText = DependencyFiles.read(pubspec, limit: 1 << 20, boundary: boundary).flatMap { read in
      if case .success(let bytes) = read { return String(decoding: bytes, as: UTF8.self) }
      return nil
    }
    if plugins.isEmpty, let pubspecText {
      // A checkout without `flutter pub get`'s files (a plug-in's own example app): a dependency on a folder
      // (`path: ../`) is that folder, as `flutter pub get` would link it in `.symlinks/plugins`.
      for (name, path) in Self.pubPathDependencies(pubspecText) where !path.hasPrefix("/") {
        plugins.append((name, PathText.tidied(PathText.joined(appFolder, path)), PathText.relativeToWorkingFolder(pubspec)))
      }
    }
    for plugin in plugins where seen.insert(plugin.name).inserted {
      var podspec: Podspec?
      for platform in ["ios", "darwin"] where podspec == nil {
        let folder = PathText.tidied(PathText.joined(plugin.path, platform))
        if case .success = RepositoryFile.listFolder(folder, boundary: boundary) {
          podspec = findPodspec(named: plugin.name, at: folder, boundary: boundary)
        } else if platform == "ios", boundary.refusal(toRead: folder) != nil {
          notes.append(
            XcodeProjectNote(
              "the Flutter plug-in '\(plugin.name)' is outside the linted folders; its podspec is not read",
              file: plugin.origin))
          break
        }
      }
      pods.append(PluginPod(name: plugin.name, origin: plugin.origin, podspec: podspec, isFlutter: true))
    }
    if let pubspecText {
      let file = PathText.relativeToWorkingFolder(pubspec)
      packageDependencies += Self.pubDependencies(pubspecText).map {
        PluginPackageDependency(name: $0, file: file, isPub: true)
      }
    }
  }

  /// React Native's plug-ins: `package.json`'s `dependencies`, and the podspec of each in `node_modules/NAME`
  /// when the repository holds `node_modules`.
  private mutating func readReactNativePlugins(appFolder: String, seen: inout Set<String>, boundary: RepositoryBoundary)
  {
    let packageFile = PathText.joined(appFolder, "package.json")
    guard case .success(let bytes)? = DependencyFiles.read(packageFile, limit: 4 << 20, boundary: boundary) else {
      return
    }
    let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [])
    let dependencies = ((object as? [String: Any])?["dependencies"] as? [String: Any])?.keys.sorted() ?? []
    let file = PathText.relativeToWorkingFolder(packageFile)
    packageDependencies += dependencies.prefix(Self.maximumPlugins).map {
      PluginPackageDependency(name: $0, file: file, isPub: false)
    }
    let modules = PathText.joined(appFolder, "node_modules")
    guard case .success = RepositoryFile.listFolder(modules, boundary: boundary) else { return }
    for name in dependencies.prefix(Self.maximumPlugins) where !name.contains("..") && seen.insert(name).inserted {
      let folder = PathText.joined(modules, name)
      guard let podspec = findPodspec(named: name, at: folder, boundary: boundary) else { continue }
      pods.append(PluginPod(name: name, origin: file, podspec: podspec))
    }
  }

  /// The dependencies of a `pubspec.yaml` on a folder: each name under `dependencies:` whose `path:` (the key
  /// indented below it) names one, with that path as written (quotes removed).
  public static func pubPathDependencies(_ text: String) -> [(name: String, path: String)] {
    pubDependencyEntries(text).compactMap { entry in entry.path.map { (entry.name, $0) } }
  }

  /// The names under `dependencies:` in a `pubspec.yaml` (the keys indented one level below it).
  public static func pubDependencies(_ text: String) -> [String] {
    pubDependencyEntries(text).map(\.name)
  }

  /// The keys indented one level below `dependencies:` in a `pubspec.yaml` (at most `maximumPlugins`), each with the
  /// value of the `path:` indented below it, when it has one.
  private static func pubDependencyEntries(_ text: String) -> [(name: String, path: String?)] {
    var entries: [(name: String, path: String?)] = []
    var inDependencies = false
    var indentation: Int?
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("#") || trimmed.allSatisfy({ $0 == " " || $0 == "\r" }) { continue }
      let indent = line.count - trimmed.count
      if indent == 0 {
        if entries.count >= Self.maximumPlugins { break }
        inDependencies = trimmed.hasPrefix("dependencies:")
        indentation = nil
        continue
      }
      guard inDependencies else { continue }
      if indentation == nil { indentation = indent }
      guard let indentation, let colon = trimmed.firstIndex(of: ":") else { continue }
      if indent == indentation {
        guard entries.count < Self.maximumPlugins else { continue }
        entries.append((String(trimmed[..<colon]), nil))
      } else if indent > indentation, let last = entries.indices.last, entries[last].path == nil,
        trimmed[..<colon] == "path"
      {
        var path = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if let comment = path.range(of: " #") { path = String(path[..<comment.lowerBound]) }
        path = path.trimmingCharacters(in: CharacterSet(charactersIn: "\"'\r "))
        if !path.isEmpty, PrintableText.isPrintable(path) { entries[last].path = path }
      }
    }
    return entries
  }
}

extension Podspec {
  /// Reads a `*.podspec.json` at `path` within `boundary`: its `name`, `vendored_frameworks`,
  /// `vendored_libraries`, `dependencies`, `frameworks`, `source_files` (and those of its `ios` key); nil when
  /// there is none. Its libraries' `line`s count the attributes read, not the JSON file's lines.
  public init?(jsonPath path: String, boundary: RepositoryBoundary = .current) {
    guard let read = DependencyFiles.read(path, limit: Self.maximumSize, boundary: boundary) else { return nil }
    var text = ""
    switch read {
    case .success(let bytes):
      guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [])) as? [String: Any] else {
        self.init(path: path, text: "")
        return
      }
      // Written back as the Ruby statements the reader knows, string literals only.
      func quoted(_ value: Any?) -> [String] {
        let values: [Any] = (value as? [Any]) ?? (value.map { [$0] } ?? [])
        return values.compactMap { $0 as? String }.filter { !$0.contains("\n") && !$0.contains("\r") }.map { "'" + $0.replacingOccurrences(of: "'", with: "") + "'" }
      }
      for scope in [object, object["ios"] as? [String: Any] ?? [:]] {
        if let name = scope["name"] as? String, !name.contains("\n") { text += "s.name = '\(name.replacingOccurrences(of: "'", with: ""))'\n" }
        for key in ["vendored_frameworks", "vendored_libraries", "frameworks", "source_files"] {
          let values = quoted(scope[key])
          if !values.isEmpty { text += "s.\(key) = " + values.joined(separator: ", ") + "\n" }
        }
        for dependency in ((scope["dependencies"] as? [String: Any])?.keys.sorted() ?? []) {
          text += "s.dependency " + quoted(dependency).joined() + "\n"
        }
      }
      self.init(path: path, text: text)
    case .failure(let failure):
      self.init(path: path, text: "")
      notes.append(DependencyFiles.unreadableNote(path, failure: failure))
    }
  }
}

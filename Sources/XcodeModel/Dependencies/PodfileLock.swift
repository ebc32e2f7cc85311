import Foundation
import SharelintBase

/// The versions CocoaPods installed, from a `Podfile.lock`: its `PODS:` section (`  - Name (1.2.3)` and
/// `  - "Name/Sub (1.2.3)":`) and its `COCOAPODS:` version. Read line by line, without a YAML parser.
public struct PodfileLock: Hashable, Sendable {
  /// The file's path, as given.
  public private(set) var path: String
  /// The installed version of each pod and subspec, by name as written (`MSAL`, `MSAL/app-lib`).
  public private(set) var versions: [String: String] = [:]
  /// The line each pod is listed at in `PODS:`.
  public private(set) var lines: [String: Int] = [:]
  /// The pods each pod depends on, by name as written (`msal_auth` → `MSAL`): the entries indented under it in
  /// `PODS:`, requirements left out.
  public private(set) var dependencies: [String: [String]] = [:]
  /// `COCOAPODS:`, when written.
  public private(set) var cocoaPodsVersion: String?
  /// What could not be read.
  public private(set) var notes: [XcodeProjectNote] = []

  /// Reads the file at `path` within `boundary`; `nil` when there is none.
  public init?(path: String, boundary: RepositoryBoundary = .current) {
    guard let bytes = DependencyFiles.read(path, limit: Podfile.maximumSize * 4, boundary: boundary) else {
      return nil
    }
    switch bytes {
    case .success(let bytes): self.init(path: path, text: String(decoding: bytes, as: UTF8.self))
    case .failure(let failure): self.init(unreadable: path, failure: failure)
    }
  }

  /// A file that could not be read (or is too large, or refused): a note and nothing else.
  private init(unreadable path: String, failure: RepositoryFile.Failure) {
    self.path = path
    notes.append(DependencyFiles.unreadableNote(path, failure: failure))
  }

  /// Reads a `Podfile.lock`'s `text`; `path` names it in notes.
  public init(path: String, text: String) {
    self.path = path
    var inPods = false
    var lineNumber = 0
    var current: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let trimmedEnd = line.hasSuffix("\r") ? line.dropLast() : line
      if !trimmedEnd.hasPrefix(" "), !trimmedEnd.isEmpty {
        inPods = trimmedEnd == "PODS:"
        if trimmedEnd.hasPrefix("COCOAPODS:") {
          cocoaPodsVersion = trimmedEnd.dropFirst("COCOAPODS:".count).trimmingSpaces
        }
        continue
      }
      // A dependency of the entry above is indented by four: `    - Name (~> 1.2)` or `    - Name`.
      if inPods, trimmedEnd.hasPrefix("    - "), let current {
        var dependency = trimmedEnd.dropFirst(6).trimmingSpaces[...]
        if dependency.hasPrefix("\""), dependency.hasSuffix("\""), dependency.count >= 2 {
          dependency = dependency.dropFirst().dropLast()
        }
        let name = (dependency.firstIndex(of: "(").map { dependency[..<$0] } ?? dependency).trimmingSpaces
        if !name.isEmpty { dependencies[current, default: []].append(name) }
        continue
      }
      // Top-level entries of PODS are indented by two: `  - Name (1.2.3)` or `  - Name (1.2.3):`.
      guard inPods, trimmedEnd.hasPrefix("  - ") else { continue }
      current = nil
      var entry = trimmedEnd.dropFirst(4).trimmingSpaces[...]
      if entry.hasSuffix(":") { entry = entry.dropLast() }
      if entry.hasPrefix("\""), entry.hasSuffix("\""), entry.count >= 2 { entry = entry.dropFirst().dropLast() }
      guard let open = entry.lastIndex(of: "("), entry.hasSuffix(")") else { continue }
      let name = entry[..<open].trimmingSpaces
      let version = entry[entry.index(after: open)..<entry.index(before: entry.endIndex)].trimmingSpaces
      guard !name.isEmpty, !version.isEmpty else { continue }
      versions[name] = version
      lines[name] = lineNumber
      current = name
    }
  }

  /// The pods `pods` bring in, themselves included: what their entries depend on, and what those depend on. A
  /// subspec (`MSAL/app-lib`) brings its root pod in. Nil when the file lists no dependencies at all (an
  /// abbreviated lock), where what brings what in cannot be told.
  public func podsBroughtIn(by pods: [String]) -> Set<String>? {
    guard !dependencies.isEmpty else { return nil }
    var seen = Set<String>()
    var pending = pods
    while let pod = pending.popLast() {
      guard seen.insert(pod).inserted else { continue }
      if let slash = pod.firstIndex(of: "/") { pending.append(String(pod[..<slash])) }
      pending += dependencies[pod] ?? []
    }
    return seen
  }

  /// The installed version of `pod` (its root pod's when the subspec itself is not listed).
  public func version(of pod: String) -> String? {
    if let version = versions[pod] { return version }
    let root = pod.split(separator: "/", maxSplits: 1).first.map(String.init) ?? pod
    return versions[root]
  }
}

/// What discovery found: the targets, sorted by display path, and the files it could not use.
public struct DiscoveryResult: Sendable {
  /// The targets, sorted by `displayPath` (byte order), each file once.
  public var targets: [DiscoveredTarget] {
    didSet { (appIndexByPath, extensionIndicesByApp) = Self.indices(targets) }
  }
  /// Files that could not be read (unreadable files, corrupt or oversized archives), in the order
  /// met; a run reports them and goes on.
  public var problems: [DiscoveryProblem]
  /// The `.xcodeproj` and `.xcworkspace` folders given or met in the walk, by display path, in the order found.
  public var projectContainers: [String] = []
  /// The index in `targets` of the first app with each display path: `containingApp(of:)` is called once per
  /// target, and a linear search made linting 10,000 plists quadratic (seconds spent copying targets).
  private var appIndexByPath: [String: Int]
  /// The indices in `targets` of the extensions tied to each app, by the app's display path, in target order:
  /// `extensions(of:)` for every app would otherwise go through every target each time.
  private var extensionIndicesByApp: [String: [Int]]

  /// A result holding `targets` and `problems`.
  public init(targets: [DiscoveredTarget], problems: [DiscoveryProblem]) {
    self.targets = targets
    self.problems = problems
    (appIndexByPath, extensionIndicesByApp) = Self.indices(targets)
  }

  /// The app target an extension is tied to, when found.
  public func containingApp(of target: DiscoveredTarget) -> DiscoveredTarget? {
    guard let path = target.containingAppPath, let index = appIndexByPath[path] else { return nil }
    return targets[index]
  }

  /// `appIndexByPath` and `extensionIndicesByApp` of `targets`.
  private static func indices(_ targets: [DiscoveredTarget]) -> (apps: [String: Int], extensions: [String: [Int]]) {
    var apps: [String: Int] = [:]
    var extensions: [String: [Int]] = [:]
    for (position, target) in targets.enumerated() {
      if target.kind == .app, apps[target.displayPath] == nil { apps[target.displayPath] = position }
      if target.kind == .appExtension, let app = target.containingAppPath {
        extensions[app, default: []].append(position)
      }
    }
    return (apps, extensions)
  }

  /// The extensions tied to `app`, in display-path order.
  public func extensions(of app: DiscoveredTarget) -> [DiscoveredTarget] {
    (extensionIndicesByApp[app.displayPath] ?? []).map { targets[$0] }
  }
}

/// A file discovery found but could not use, with a one-line reason.
public struct DiscoveryProblem: Hashable, Sendable, CustomStringConvertible {
  /// The display path of the file (or archive entry).
  public var path: String
  /// A lowercase, one-line reason without a trailing period.
  public var message: String

  /// A problem with `path`: `message`.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`.
  public var description: String { "\(path): \(message)" }
}

/// A path given to discovery that does not exist: a usage error the command turns into exit status 2.
public struct DiscoveryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path as given.
  public var path: String
  /// A one-line, lowercase reason.
  public var message: String

  /// The error for `path`: `message`.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `'path' does not exist`.
  public var description: String { "'\(path)' \(message)" }
}

import Foundation
import SharelintBase

/// A CocoaPods `Podfile` read as the statements that decide which pods each target links: `target 'X' do … end`
/// blocks (nested, and `abstract_target`), `pod` lines with their version requirements and `:configurations`,
/// `inherit!`, `project`, `platform`, and methods (`def shared_pods … end`) called inside a target.
/// The file is Ruby; what is not one of these statements is skipped (a `post_install` block, conditions: their
/// pods count, as they may be linked). Reading is linear in the file's size and bounded.
public struct Podfile: Hashable, Sendable {
  /// One `pod` line.
  public struct Pod: Hashable, Sendable {
    /// The pod's name as written, subspec included: `IntuneMAMSwift`, `Firebase/Analytics`.
    public var name: String
    /// The version requirements written after the name: `~> 19.0`, `>= 1.2`, `1.2.3`.
    public var requirements: [String]
    /// `:configurations` / `:configuration`: the build configurations it is linked in; empty for all.
    public var configurations: [String]
    /// `:path`, `:git`, `:podspec`, when written (where the pod comes from instead of the trunk).
    public var source: String?
    /// The line it was written at (of the `pod` line itself, also when it is reached through a method).
    public var line: Int

    /// The pod's name without its subspec: `Firebase` for `Firebase/Analytics`.
    public var rootName: String {
      name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
    }

    /// Whether it is linked in `configuration` (names compared ignoring case, as CocoaPods does).
    public func isLinked(in configuration: String) -> Bool {
      configurations.isEmpty || configurations.contains { $0.lowercased() == configuration.lowercased() }
    }
  }

  /// How a nested target takes its parent's pods (`inherit!`).
  public enum Inheritance: String, Hashable, Sendable {
    /// The parent's pods are linked too (the default).
    case complete
    /// Only the parent's header search paths (test targets): its pods are not linked.
    case searchPaths = "search_paths"
    /// Nothing of the parent.
    case none
  }

  /// A `target` or `abstract_target` block (or the file's top level, named `Pods`, abstract).
  public struct TargetDefinition: Hashable, Sendable {
    /// The target's name.
    public var name: String
    /// Whether it is `abstract_target` (or the top level): it names no Xcode target.
    public var isAbstract: Bool
    /// The pods written directly inside it (methods it calls expanded).
    public var pods: [Pod]
    /// `inherit!`; `.complete` unless written.
    public var inheritance: Inheritance
    /// `project 'X'` written inside it, when any.
    public var project: String?
    /// The enclosing definition's index in `targets`; `nil` for the top level.
    public var parent: Int?
    /// The line of its `target` statement (0 for the top level).
    public var line: Int
    /// The plug-in installers called in it (`flutter_install_all_ios_pods`, `use_native_modules!`…), with their
    /// lines: they add pods the Podfile does not name (see `Podfile.pluginInstallerNames`).
    public var pluginInstallers: [PluginInstaller] = []
  }

  /// A call that adds the pods of an app's plug-ins, found from files beside the app (Flutter's
  /// `.flutter-plugins-dependencies`, React Native's `package.json` through autolinking).
  public struct PluginInstaller: Hashable, Sendable {
    /// `flutter_install_all_ios_pods`, `use_native_modules!`.
    public var name: String
    /// The line it is written at.
    public var line: Int

    /// Whether it is Flutter's (else React Native's).
    public var isFlutter: Bool { name.hasPrefix("flutter_") }
  }

  /// The calls that add plug-in pods: Flutter's `podhelper.rb` methods and React Native's autolinking.
  public static let pluginInstallerNames: Set<String> = [
    "flutter_install_all_ios_pods", "flutter_install_ios_plugin_pods", "flutter_install_plugin_pods",
    "use_native_modules!",
  ]

  /// The file's path, as given.
  public private(set) var path: String
  /// Every definition, the top level (`Pods`) first, then in written order.
  public private(set) var targets: [TargetDefinition] = []
  /// `platform :ios, '…'`: the deployment target the pods are built for, when written.
  public private(set) var platformVersion: String?
  /// Whether `use_frameworks!` is written (pods are frameworks, embedded by `[CP] Embed Pods Frameworks`).
  public private(set) var usesFrameworks = false
  /// What could not be read (a block never closed, a file too large), located.
  public private(set) var notes: [XcodeProjectNote] = []

  /// The largest `Podfile` read (1 MiB).
  public static let maximumSize = 1 << 20

  /// Reads the Podfile at `path` within `boundary`; `nil` when there is none. A file too large, unreadable or
  /// refused gives a model with a note and no targets.
  public init?(path: String, boundary: RepositoryBoundary = .current) {
    guard let bytes = DependencyFiles.read(path, limit: Self.maximumSize, boundary: boundary) else { return nil }
    switch bytes {
    case .success(let bytes): self.init(path: path, text: String(decoding: bytes, as: UTF8.self))
    case .failure(let failure): self.init(unreadable: path, failure: failure)
    }
  }

  /// Reads a Podfile's `text`; `path` names it in notes.
  public init(path: String, text: String) {
    self.path = path
    targets = [TargetDefinition(name: "Pods", isAbstract: true, pods: [], inheritance: .complete, line: 0)]
    parse(text)
  }

  /// A file that could not be read (or is too large, or refused): a note and nothing else.
  private init(unreadable path: String, failure: RepositoryFile.Failure) {
    self.path = path
    targets = [TargetDefinition(name: "Pods", isAbstract: true, pods: [], inheritance: .complete, line: 0)]
    notes.append(DependencyFiles.unreadableNote(path, failure: failure))
  }

  /// The definition of the Xcode target named `name` (not an abstract one), when the Podfile has one. A target
  /// written twice is the first block.
  public func definition(ofTarget name: String) -> TargetDefinition? {
    targets.first { !$0.isAbstract && $0.name == name }
  }

  /// The pods target `name` links, its own and those inherited from enclosing blocks (unless an `inherit!`
  /// stops it), in written order; a pod written at two levels is listed once, the nearest one.
  /// Empty when the Podfile has no block for the target.
  public func pods(ofTarget name: String) -> [Pod] {
    let indices = targets.indices.filter { !targets[$0].isAbstract && targets[$0].name == name }
    guard !indices.isEmpty else { return [] }
    var pods: [Pod] = []
    var seen: Set<String> = []
    var visited: Set<Int> = []  // each definition once, however many blocks share it as an ancestor
    for start in indices {
      var current: Int? = start
      var steps = 0
      while let index = current, steps < 256, visited.insert(index).inserted {
        steps += 1
        for pod in targets[index].pods where seen.insert(pod.name).inserted { pods.append(pod) }
        guard targets[index].inheritance == .complete else { break }
        current = targets[index].parent
      }
    }
    return pods
  }

  /// The plug-in installers target `name`'s block calls, or an enclosing block does.
  public func pluginInstallers(ofTarget name: String) -> [PluginInstaller] {
    var current = targets.firstIndex { !$0.isAbstract && $0.name == name }
    var installers: [PluginInstaller] = []
    var steps = 0
    while let index = current, steps < 256 {
      steps += 1
      installers += targets[index].pluginInstallers
      guard targets[index].inheritance == .complete else { break }
      current = targets[index].parent
    }
    return installers
  }

  /// The project a target's block belongs to (`project 'X'` in it or an enclosing block), when written.
  public func project(ofTarget name: String) -> String? {
    var current = targets.firstIndex { !$0.isAbstract && $0.name == name }
    var steps = 0
    while let index = current, steps < 256 {
      steps += 1
      if let project = targets[index].project { return project }
      current = targets[index].parent
    }
    return nil
  }

  // MARK: - Reading

  private enum Block {
    case target(Int)
    case method(String)
    case other
  }

  private mutating func parse(_ text: String) {
    var stack: [Block] = []
    var methods: [String: [Pod]] = [:]
    var methodCalls: [(target: Int, method: String, line: Int)] = []
    var lineNumber = 0
    func currentTarget() -> Int {
      for block in stack.reversed() { if case .target(let index) = block { return index } }
      return 0
    }
    func currentMethod() -> String? {
      for block in stack.reversed() {
        switch block {
        case .method(let name): return name
        case .target: return nil
        case .other: continue
        }
      }
      return nil
    }
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let tokens = RubyToken.tokens(of: rawLine)
      guard let first = tokens.first else { continue }
      let opensBlock = Self.opensDoBlock(tokens)
      // `flutter_install_all_ios_pods File.dirname(…)`, `config = use_native_modules!`
      if currentMethod() == nil,
        let installer = tokens.prefix(3).compactMap({ token -> String? in
          if case .identifier(let word) = token, Self.pluginInstallerNames.contains(word) { return word }
          return nil
        }).first
      {
        targets[currentTarget()].pluginInstallers.append(PluginInstaller(name: installer, line: lineNumber))
      }
      switch first {
      case .identifier("target"), .identifier("abstract_target"):
        guard tokens.count > 1, let name = tokens[1].text, opensBlock else {
          if opensBlock { stack.append(.other) }
          continue
        }
        targets.append(
          TargetDefinition(
            name: name, isAbstract: first == .identifier("abstract_target"), pods: [], inheritance: .complete,
            parent: currentTarget(), line: lineNumber))
        stack.append(.target(targets.count - 1))
      case .identifier("def"):
        if tokens.count > 1, let name = tokens[1].text { stack.append(.method(name)) } else { stack.append(.other) }
      case .identifier("end"):
        if stack.popLast() == nil {
          notes.append(XcodeProjectNote("'end' closes no block", file: path, line: lineNumber))
        }
      case .identifier("pod"):
        if let pod = Self.pod(tokens, line: lineNumber) {
          if let method = currentMethod() {
            methods[method, default: []].append(pod)
          } else {
            targets[currentTarget()].pods.append(pod)
          }
        }
        if opensBlock { stack.append(.other) }
      case .identifier("inherit!"):
        if case .symbol(let mode)? = tokens.dropFirst().first, let inheritance = Inheritance(rawValue: mode) {
          targets[currentTarget()].inheritance = inheritance
        }
      case .identifier("project"), .identifier("xcodeproj"):
        if case .string(let project)? = tokens.dropFirst().first { targets[currentTarget()].project = project }
      case .identifier("platform"):
        if tokens.count > 1, tokens[1] == .symbol("ios"),
          let version = tokens.dropFirst(2).first(where: { if case .string = $0 { true } else { false } })?.text
        {
          platformVersion = version
        }
      case .identifier("use_frameworks!"):
        usesFrameworks = true
      case .identifier(let word) where Self.blockKeywords.contains(word):
        stack.append(.other)
      case .identifier(let word):
        if opensBlock {
          stack.append(.other)
        } else if tokens.count == 1
          || tokens.dropFirst().allSatisfy({ $0 == .punctuation("(") || $0 == .punctuation(")") })
        {
          // Ruby defines a method before it is called; one defined later (in a file `eval`ed…) is added last.
          if let pods = methods[word], let method = currentMethod() {
            // A method calling another: bounded, since each call copies the other's pods.
            if (methods[method]?.count ?? 0) + pods.count <= Self.maximumPodsPerMethod {
              methods[method, default: []] += pods
            }
          } else if let pods = methods[word] {
            targets[currentTarget()].pods += pods
          } else if currentMethod() == nil {
            methodCalls.append((currentTarget(), word, lineNumber))
          }
        }
      default:
        if opensBlock { stack.append(.other) }
      }
    }
    if !stack.isEmpty {
      notes.append(XcodeProjectNote("\(stack.count) block(s) not closed by 'end'", file: path, line: lineNumber))
    }
    for call in methodCalls {
      guard let pods = methods[call.method] else { continue }
      targets[call.target].pods += pods
    }
  }

  /// The most pods a method collects from the methods it calls.
  static let maximumPodsPerMethod = 1_000

  /// Words that open a block closed by `end` when they start a statement.
  private static let blockKeywords: Set<String> = [
    "if", "unless", "case", "while", "until", "begin", "for", "class", "module",
  ]

  /// Whether the statement ends with `do` or `do |…|`.
  private static func opensDoBlock(_ tokens: [RubyToken]) -> Bool {
    guard let doIndex = tokens.lastIndex(of: .identifier("do")) else { return false }
    let rest = tokens[(doIndex + 1)...]
    if rest.isEmpty { return true }
    return rest.first == .punctuation("|") && rest.last == .punctuation("|")
  }

  /// A `pod` statement's name, requirements and options.
  private static func pod(_ tokens: [RubyToken], line: Int) -> Pod? {
    var arguments = tokens.dropFirst()
    if arguments.first == .punctuation("(") { arguments = arguments.dropFirst() }
    guard case .string(let name)? = arguments.first, !name.isEmpty else { return nil }
    var pod = Pod(name: name, requirements: [], configurations: [], source: nil, line: line)
    var index = arguments.index(after: arguments.startIndex)
    var key: String?
    while index < arguments.endIndex {
      let token = arguments[index]
      switch token {
      case .symbol(let name)
      where arguments.index(after: index) < arguments.endIndex
        && arguments[arguments.index(after: index)] == .arrow:
        key = name
        index = arguments.index(after: index)
      case .label(let name):
        key = name
      case .string(let value):
        switch key {
        case nil: pod.requirements.append(value)
        case "configurations", "configuration": pod.configurations.append(value)
        case "path", "git", "podspec", "http":
          if pod.source == nil { pod.source = value }
        default: break
        }
      case .punctuation(","):
        // A comma outside an array ends the option's value.
        if !Self.isInsideArray(arguments[arguments.startIndex..<index]) { key = nil }
      default:
        break
      }
      index = arguments.index(after: index)
    }
    return pod
  }

  private static func isInsideArray(_ tokens: ArraySlice<RubyToken>) -> Bool {
    var depth = 0
    for token in tokens {
      if token == .punctuation("[") { depth += 1 }
      if token == .punctuation("]") { depth -= 1 }
    }
    return depth > 0
  }
}

/// Reading the small files dependency managers write, bounded, through `RepositoryFile`.
enum DependencyFiles {
  /// The bytes of the file at `path` (at most `limit`) or why they were not read; nil when nothing is there.
  static func read(_ path: String, limit: Int, boundary: RepositoryBoundary)
    -> Result<[UInt8], RepositoryFile.Failure>?
  {
    let read = RepositoryFile.read(path, limit: limit, boundary: boundary)
    if case .failure(.missing) = read { return nil }
    return read
  }

  /// The note for a file that could not be read, is too large, or is refused.
  static func unreadableNote(_ path: String, failure: RepositoryFile.Failure) -> XcodeProjectNote {
    XcodeProjectNote("the file \(failure); its dependencies are unknown", file: path)
  }
}

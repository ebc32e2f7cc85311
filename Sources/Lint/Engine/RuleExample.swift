/// An example of a rule at work: the plist text it reads (the inside of the top-level `<dict>`,
/// wrapped into a whole plist by `document(for:)`), the messages of its findings, and what it should become
/// once fixed. An example of a project rule is a small Xcode project instead (`project`).
///
/// In triggering examples `↓` marks where each finding starts (it is removed before linting); `messages`
/// are the findings' messages in the order of their positions, and `corrected` the text after every fix (the
/// example's test, `ExampleCheck`, fails when either differs). Non-triggering examples have neither.
public struct RuleExample: Sendable {
  /// Which file of the target the example's text is.
  public enum File: String, Sendable {
    case infoPlist = "Info.plist"
    case entitlements = "App.entitlements"
    /// The `project.pbxproj` of a project example.
    case project = "App.xcodeproj/project.pbxproj"
  }

  /// The file the markers and the correction are about.
  public let file: File
  /// The Info.plist's dictionary body (keys and values, one per line as Xcode writes them).
  public let infoPlist: String
  /// The entitlements' dictionary body, when the example has an entitlements file.
  public let entitlements: String?
  /// For an extension, its containing app's Info.plist body, when the rule compares the two.
  public let containingApp: String?
  /// The messages of the findings, in the order of their positions (file order, then code).
  public let messages: [String]
  /// The fixed text of `file`'s dictionary body (a project example: of its `project.pbxproj`), when a finding has
  /// a fix.
  public var corrected: String? { correctedText ?? correctedProject?.render() }
  /// Configuration given to the example's lint (`.sharelint.yml` text), if any.
  public let configuration: String?
  /// For a project example, the `project.pbxproj` text (see `ExampleProject`): the example is linted as a folder
  /// holding `App.xcodeproj`, `App/Info.plist` (`infoPlist`), `App/App.entitlements` (`entitlements`, when given)
  /// and `files`.
  public var project: String? { projectText ?? projectModel?.render() }
  /// `project` when written as text.
  private let projectText: String?
  /// `project` when it is an `ExampleProject`, rendered only when asked for: every rule's description, examples
  /// included, is built in every run, and rendering the project examples' `project.pbxproj` texts was most of that
  /// (20 ms of CPU a run). Two optionals, not an enum of the two: LeakSanitizer does not see an enum payload's
  /// pointers when the case is kept in their spare bits, and called every rule's examples a leak.
  private let projectModel: ExampleProject?
  /// `corrected` when written as text, and when it is an `ExampleProject`.
  private let correctedText: String?
  private let correctedProject: ExampleProject?
  /// For a project example, the other files of its folder by relative path; a `.plist` or `.entitlements` text
  /// that is no whole plist is a dictionary body.
  public let files: [String: String]
  /// For a project example whose markers are in another file than its `project.pbxproj` (a source file of
  /// `files`, or `App/Info.plist`), that file's relative path.
  public let markedFile: String?
  /// The file the example is written in, so a failing test points at it.
  public let sourceFile: StaticString
  /// The line the example starts on.
  public let sourceLine: UInt

  /// An example whose markers are in the Info.plist.
  public init(
    _ infoPlist: String, entitlements: String? = nil, containingApp: String? = nil, messages: [String] = [],
    corrected: String? = nil, configuration: String? = nil, file: File = .infoPlist,
    sourceFile: StaticString = #filePath, sourceLine: UInt = #line
  ) {
    self.infoPlist = infoPlist
    self.entitlements = entitlements
    self.containingApp = containingApp
    self.messages = messages
    correctedText = corrected
    correctedProject = nil
    self.configuration = configuration
    self.file = file
    projectText = nil
    projectModel = nil
    files = [:]
    markedFile = nil
    self.sourceFile = sourceFile
    self.sourceLine = sourceLine
  }

  /// An example of a project rule: `project` is the folder's `App.xcodeproj`; its markers and its correction are
  /// in the `project.pbxproj`, or in `markedFile` (a path of `files`, or `App/Info.plist`) when given. The correction
  /// of a `markedFile` is `correctedMarkedFile`, its text after the fixes (a plist's dictionary body).
  public init(
    project: ExampleProject, infoPlist: String = RuleExample.intuneAppInfoPlist, entitlements: String? = nil,
    files: [String: String] = [:], markedFile: String? = nil, messages: [String] = [],
    corrected: ExampleProject? = nil, correctedMarkedFile: String? = nil, configuration: String? = nil,
    sourceFile: StaticString = #filePath, sourceLine: UInt = #line
  ) {
    self.init(
      projectText: nil, projectModel: project, infoPlist: infoPlist, entitlements: entitlements, files: files,
      markedFile: markedFile, messages: messages, correctedText: correctedMarkedFile,
      correctedProject: correctedMarkedFile == nil ? corrected : nil,
      configuration: configuration, sourceFile: sourceFile, sourceLine: sourceLine)
  }

  private init(
    projectText: String?, projectModel: ExampleProject?, infoPlist: String, entitlements: String?,
    files: [String: String], markedFile: String?, messages: [String], correctedText: String?,
    correctedProject: ExampleProject?, configuration: String?, sourceFile: StaticString, sourceLine: UInt
  ) {
    self.infoPlist = infoPlist
    self.entitlements = entitlements
    containingApp = nil
    self.projectText = projectText
    self.projectModel = projectModel
    self.files = files
    self.markedFile = markedFile
    self.messages = messages
    self.correctedText = correctedText
    self.correctedProject = correctedProject
    self.configuration = configuration
    file = .project
    self.sourceFile = sourceFile
    self.sourceLine = sourceLine
  }

  /// The Info.plist body of a project example's app: an Intune app signing in with MSAL.
  public static let intuneAppInfoPlist = """
    <key>CFBundleIdentifier</key>
    <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>IntuneMAMSettings</key>
    <dict>
    \t<key>ADALClientId</key>
    \t<string>6c7e8096-f593-4d72-807f-a5f86dcc9c77</string>
    \t<key>ADALRedirectUri</key>
    \t<string>msauth.com.contoso.notes://auth</string>
    </dict>
    """

  /// The text of the file the markers and the correction are about.
  public var markedText: String {
    switch file {
    case .infoPlist: return infoPlist
    case .entitlements: return entitlements ?? infoPlist
    case .project:
      guard let markedFile else { return project ?? "" }
      return files[markedFile] ?? (markedFile == "App/Info.plist" ? infoPlist : "")
    }
  }

  /// The path of the file the markers are in (relative to a project example's folder).
  public var markedPath: String { file == .project ? markedFile ?? file.rawValue : file.rawValue }

  /// The same example with `corrected` as the text of its marked file, and no messages or correction: what must
  /// not trigger the rule once fixed.
  public func correctedExample() -> RuleExample? {
    guard let corrected else { return nil }
    if file == .project {
      var projectText = corrected
      var infoPlist = infoPlist
      var files = files
      if let markedFile, markedFile != File.project.rawValue {
        projectText = project ?? ""
        if files[markedFile] == nil && markedFile == "App/Info.plist" {
          infoPlist = corrected
        } else {
          files[markedFile] = corrected
        }
      }
      return RuleExample(
        projectText: projectText, projectModel: nil, infoPlist: infoPlist, entitlements: entitlements, files: files,
        markedFile: markedFile, messages: [], correctedText: nil, correctedProject: nil, configuration: configuration,
        sourceFile: sourceFile, sourceLine: sourceLine)
    }
    return RuleExample(
      file == .infoPlist ? corrected : infoPlist, entitlements: file == .entitlements ? corrected : entitlements,
      containingApp: containingApp, configuration: configuration, file: file, sourceFile: sourceFile,
      sourceLine: sourceLine)
  }

  /// A whole plist document around a dictionary body.
  public static func document(for body: String) -> String {
    let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "\t" + $0 }.joined(separator: "\n")
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \(indented)
      </dict>
      </plist>

      """
  }
}

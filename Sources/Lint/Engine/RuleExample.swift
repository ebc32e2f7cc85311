/// An example of a rule at work: the plist text it reads (the inside of the top-level `<dict>`,
/// wrapped into a whole plist by `document(for:)`), the messages of its findings, and what it should become
/// once fixed.
///
/// In triggering examples `↓` marks where each finding starts (it is removed before linting); `messages`
/// are the findings' messages in the order of their positions, and `corrected` the text after every fix (the
/// example's test, `ExampleCheck`, fails when either differs). Non-triggering examples have neither.
public struct RuleExample: Sendable {
  /// Which file of the target the example's text is.
  public enum File: String, Sendable {
    case infoPlist = "Info.plist"
    case entitlements = "App.entitlements"
  }

  /// The file the markers and the correction are about.
  public let file: File
  /// The Info.plist's dictionary body (keys and values, one per line as Xcode writes them).
  public let infoPlist: String
  /// The entitlements' dictionary body, when the example has an entitlements file.
  public let entitlements: String?
  /// The messages of the findings, in the order of their positions (file order, then code).
  public let messages: [String]
  /// The fixed text of `file`'s dictionary body, when a finding has a fix.
  public let corrected: String?
  /// Configuration given to the example's lint (`.sharelint.yml` text), if any.
  public let configuration: String?
  /// The file the example is written in, so a failing test points at it.
  public let sourceFile: StaticString
  /// The line the example starts on.
  public let sourceLine: UInt

  /// An example whose markers are in the Info.plist.
  public init(
    _ infoPlist: String, entitlements: String? = nil, messages: [String] = [], corrected: String? = nil,
    configuration: String? = nil, file: File = .infoPlist, sourceFile: StaticString = #filePath,
    sourceLine: UInt = #line
  ) {
    self.infoPlist = infoPlist
    self.entitlements = entitlements
    self.messages = messages
    self.corrected = corrected
    self.configuration = configuration
    self.file = file
    self.sourceFile = sourceFile
    self.sourceLine = sourceLine
  }

  /// The text of the file the markers and the correction are about.
  public var markedText: String { file == .infoPlist ? infoPlist : (entitlements ?? infoPlist) }

  /// The same example with `corrected` as the text of its marked file, and no messages or correction: what must
  /// not trigger the rule once fixed.
  public func correctedExample() -> RuleExample? {
    guard let corrected else { return nil }
    return RuleExample(
      file == .infoPlist ? corrected : infoPlist, entitlements: file == .entitlements ? corrected : entitlements,
      configuration: configuration, file: file, sourceFile: sourceFile, sourceLine: sourceLine)
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

/// An example of a rule at work: the plist text it reads (the inside of the top-level `<dict>`,
/// wrapped into a whole plist by `document(for:)`), and what it should become once fixed.
///
/// In triggering examples `↓` marks where each finding starts (it is removed before linting).
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
  /// The fixed text of `file`'s dictionary body, when the rule has a fix.
  public let corrected: String?
  /// Configuration given to the example's lint (`.sharelint.yml` text), if any.
  public let configuration: String?
  /// Where the example is written, so a failing test points at it.
  public let sourceFile: StaticString
  public let sourceLine: UInt

  /// An example whose markers are in the Info.plist.
  public init(
    _ infoPlist: String, entitlements: String? = nil, corrected: String? = nil, configuration: String? = nil,
    file: File = .infoPlist, sourceFile: StaticString = #filePath, sourceLine: UInt = #line
  ) {
    self.infoPlist = infoPlist
    self.entitlements = entitlements
    self.corrected = corrected
    self.configuration = configuration
    self.file = file
    self.sourceFile = sourceFile
    self.sourceLine = sourceLine
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

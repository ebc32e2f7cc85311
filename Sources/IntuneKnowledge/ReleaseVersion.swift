/// A release's version, `major.minor.patch` (missing parts are 0): the Intune App SDK's (`21.7.1`) and MSAL's
/// (`2.15.0`) alike.
public struct ReleaseVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var major: Int
  public var minor: Int
  public var patch: Int

  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// The version a dependency manager or bundle gives (`19.6.0`, `17.7`, `v21.7.1`, `= 19.6.0`, `~> 2.1`); nil for
  /// a branch or revision (`main@1a2b3c4`) or anything else that is no version.
  public init?(_ text: String) {
    var body = Substring(text).drop { $0 == " " || $0 == "=" || $0 == "v" || $0 == "~" || $0 == ">" }
    if let space = body.firstIndex(of: " ") { body = body[..<space] }
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...4).contains(parts.count), let major = Int(parts[0]), major >= 0, major < 1_000 else { return nil }
    var numbers: [Int] = []
    for part in parts.dropFirst().prefix(2) {
      guard let number = Int(part), number >= 0, number < 100_000 else { return nil }
      numbers.append(number)
    }
    self.init(major, numbers.first ?? 0, numbers.count > 1 ? numbers[1] : 0)
  }

  public static func < (lhs: ReleaseVersion, rhs: ReleaseVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }

  public var description: String { "\(major).\(minor).\(patch)" }
}

/// An iOS version, `major.minor` (`IPHONEOS_DEPLOYMENT_TARGET`, `MinimumOSVersion`).
public struct IOSVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var major: Int
  public var minor: Int

  public init(_ major: Int, _ minor: Int = 0) {
    self.major = major
    self.minor = minor
  }

  /// `15`, `15.0`, `12.2`, `15.0.1` (the patch is ignored); nil for anything else.
  public init?(_ text: String) {
    let parts = text.trimmingSpacesAndQuotes.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), let major = Int(parts[0]), (2...99).contains(major) else { return nil }
    let minor = parts.count > 1 ? Int(parts[1]) : 0
    guard let minor, minor >= 0, minor < 100 else { return nil }
    self.init(major, minor)
  }

  public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

  public var description: String { "\(major).\(minor)" }
}

extension String {
  fileprivate var trimmingSpacesAndQuotes: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\"" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\"" { text = text.dropLast() }
    return String(text)
  }
}

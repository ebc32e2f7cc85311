import XcodeModel

/// What a framework a built bundle carries says of itself in its own `Info.plist`
/// (`Frameworks/IntuneMAMSwift.framework/Info.plist`): read for the frameworks the rules compare versions of, the
/// Intune App SDK's and MSAL's.
public struct BundledFrameworkVersion: Hashable, Sendable {
  /// `CFBundleShortVersionString` (else `CFBundleVersion`), when given.
  public var version: String?
  /// `MinimumOSVersion`: the oldest iOS the framework loads on, when given.
  public var minimumOSVersion: String?

  /// The versions a framework's `Info.plist` gives.
  public init(version: String?, minimumOSVersion: String?) {
    self.version = version
    self.minimumOSVersion = minimumOSVersion
  }

  /// The versions read from a framework's `Info.plist` bytes; nil when it gives neither.
  init?(infoPlist bytes: [UInt8]) {
    let read = FrameworkBundleVersion.versions(ofInfoPlist: bytes)
    guard read.version != nil || read.minimumOSVersion != nil else { return nil }
    self.init(version: read.version, minimumOSVersion: read.minimumOSVersion)
  }

  /// Whether discovery reads the `Info.plist` of the framework `name` (`IntuneMAMSwift.framework`): the Intune App
  /// SDK's frameworks and MSAL's.
  static func isRead(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return lowered.hasSuffix(".framework") && (lowered.hasPrefix("intunemam") || lowered.hasPrefix("msal"))
  }
}

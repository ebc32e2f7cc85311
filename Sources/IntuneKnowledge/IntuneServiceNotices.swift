/// A notice in which Microsoft says the Intune service will treat apps on old releases of the SDK differently from
/// a given day: block them, or warn their users.
public struct IntuneServiceNotice: Sendable {
  /// What happens to the app's users.
  public enum Effect: Sendable, Equatable {
    /// Users cannot launch the app.
    case blocked
    /// Users see a warning they can dismiss.
    case warning
  }

  /// The day it takes effect, as the notice says it (`2026-01-19`, `late June 2026`).
  public let effectiveFrom: String
  /// The releases it concerns: those below this one.
  public let releasesBelow: ReleaseVersion
  /// The Xcode major version the app must have been built with for the notice to concern it; nil for any.
  public let builtWithXcode: Int?
  /// What happens.
  public let effect: Effect
  /// Where Microsoft says it.
  public let source: String
}

extension IntuneSDKReleases {
  /// Microsoft's notices about releases the service treats differently, oldest first.
  public static let serviceNotices: [IntuneServiceNotice] = [
    IntuneServiceNotice(
      effectiveFrom: "2026-01-19", releasesBelow: ReleaseVersion(21, 1, 0), builtWithXcode: 26, effect: .blocked,
      source: "Microsoft's \"What's new in Intune\" notice: \"Starting January 19, 2026 … the update requires apps "
        + "built with Xcode 26 to use 21.1.0\"; users of apps that do not update are blocked from launching them"),
    IntuneServiceNotice(
      effectiveFrom: "late June 2026", releasesBelow: ReleaseVersion(20, 8, 0), builtWithXcode: nil, effect: .warning,
      source: "MicrosoftDocs/memdocs intune/whats-new/includes/intune-notices.md (d6622b32, ms.date 2025-10-14), "
        + "\"Warning notifications for iOS apps running unsupported SDK versions\": a non-blocking warning"),
  ]

  /// Apple's requirement that makes Xcode 26 the Xcode of every App Store upload: from 2026-04-28 (announced
  /// 2026-02-03 on developer.apple.com, "Upcoming requirements"), uploads must be built with the iOS 26 SDK.
  public static let appStoreXcodeRequirement = (xcode: 26, from: "2026-04-28")
}

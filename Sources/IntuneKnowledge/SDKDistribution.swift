/// How the Intune App SDK and MSAL reach an app: the names of their packages, products, frameworks, pods and NuGet
/// packages, as the rules and the evidence search compare them (lowercased stems: a framework's or library's name
/// without `lib` and its extension, `IntuneMAMSwift` for `IntuneMAMSwift.xcframework`, `IntuneMAM` for
/// `libIntuneMAM.a`).
public enum IntuneSDKDistribution {
  /// The SDK's Swift package, as `Package.resolved` names it (`Package.swift` from 20.4.0, 36a5742, 2025-03-06).
  public static let packageIdentity = "ms-intune-app-sdk-ios"

  /// The stems every part of the SDK starts with, lowercased: `IntuneMAMSwift`, `IntuneMAMSwiftStub`,
  /// `IntuneMAMStatic`, `IntuneMAMTelemetry`, `libIntuneMAMSwiftFileProvider`, the 2016–2020 `IntuneMAM`.
  public static let stemPrefix = "intunemam"
  /// The stems starting with `stemPrefix` that are tools or resources shipped beside the SDK, not a part an app
  /// links: the configurator, the resources bundle, the 17.6.3–17.7.1 framework patcher.
  public static let nonLibraryStemPrefixes = ["intunemamconfigurator", "intunemamresources", "intunemamframeworkpatcher"]

  /// The dynamic Swift framework (`IntuneMAMSwift.xcframework`, from 11.0.2; xcframework from 14.1.0).
  public static let swiftFrameworkStem = "intunemamswift"
  /// The stub every target linking the Swift framework also links (from 11.0.2).
  public static let stubStem = "intunemamswiftstub"
  /// The static build of the Swift framework (`IntuneMAMStatic.xcframework`, from 19.4.0).
  public static let staticFrameworkStem = "intunemamstatic"
  /// The telemetry framework (from 19.3.1).
  public static let telemetryStem = "intunemamtelemetry"
  /// The Objective-C framework and static library of 2016–2020 (`IntuneMAM.framework`, `libIntuneMAM.a`).
  public static let legacyStem = "intunemam"

  /// The frameworks an app embeds and signs: the Swift framework and its stub, the legacy framework, telemetry.
  public static let dynamicFrameworkStems: Set<String> = [swiftFrameworkStem, stubStem, legacyStem, telemetryStem]
  /// The builds that are the whole SDK (not the File Provider library, the stub or telemetry).
  public static let fullSDKStems: Set<String> = [swiftFrameworkStem, staticFrameworkStem, legacyStem]
  /// The main framework of a built bundle, whose version is the SDK's.
  public static let mainFrameworkStems: Set<String> = [swiftFrameworkStem, legacyStem]

  /// Whether `stem` (any case) names a part of the SDK an app links.
  public static func isSDKStem(_ stem: String) -> Bool {
    let lowered = stem.lowercased()
    return lowered.hasPrefix(stemPrefix) && !nonLibraryStemPrefixes.contains { lowered.hasPrefix($0) }
  }

  /// The prefix of the SDK's NuGet packages for Xamarin and .NET MAUI (`Microsoft.Intune.MAM.Xamarin.iOS`,
  /// `Microsoft.Intune.Maui.Essentials.iOS`), lowercased.
  public static let nuGetPackagePrefix = "microsoft.intune."
}

/// How MSAL for iOS reaches an app.
public enum MSALDistribution {
  /// MSAL's Swift package, as `Package.resolved` names it.
  public static let packageIdentity = "microsoft-authentication-library-for-objc"
  /// MSAL's pod (`MSAL`, and its subspecs `MSAL/app-lib`…) and framework stem.
  public static let podName = "MSAL"

  /// Whether a pod name as `Podfile.lock` writes it is MSAL or one of its subspecs.
  public static func isMSALPod(_ name: String) -> Bool { name == podName || name.hasPrefix(podName + "/") }
}

/// A NuGet package that brings the Intune App SDK into a .NET MAUI or Xamarin.iOS app, and what its build does.
public struct IntuneNuGetPackage: Hashable, Sendable {
  /// The package id, as a `PackageReference` names it.
  public let id: String
  /// Whether the package's build targets run IntuneMAMConfigurator on the built Info.plist at every build, so the
  /// keys the configurator writes need not be in the source Info.plist.
  public let runsConfiguratorAtBuild: Bool
  /// Whether it carries the MSAL the SDK signs in with (the app needs no MSAL package of its own).
  public let bringsMSAL: Bool
  /// Where this is written.
  public let source: String
}

extension IntuneSDKDistribution {
  /// The packages of the SDK for iOS in .NET apps. The Android packages (`Microsoft.Intune.Maui.Essentials.android`,
  /// `Microsoft.Intune.MAM.Xamarin.Android`) are not listed: they bring nothing into an iOS app. Checked 2026-11-28.
  public static let nuGetPackages: [IntuneNuGetPackage] = [
    IntuneNuGetPackage(
      id: "Microsoft.Intune.Maui.Essentials.iOS", runsConfiguratorAtBuild: true, bringsMSAL: true,
      source: "Microsoft's Xamarin/MAUI guide (app-sdk-xamarin.md): IntuneMAMConfigurator \"is included in the "
        + "package and will be run automatically at build time\"; issues #395 and #399 show it running on "
        + "obj/…/AppManifest.plist in MAUI builds; microsoftconnect/sample-intune-maui-ios signs in with this "
        + "package alone (no MSAL package)"),
    IntuneNuGetPackage(
      id: "Microsoft.Intune.MAM.Xamarin.iOS", runsConfiguratorAtBuild: true, bringsMSAL: true,
      source: "Microsoft's Xamarin guide (app-sdk-xamarin.md): \"this tool is included in the "
        + "Microsoft.Intune.MAM.Xamarin.iOS package and will be run automatically at build time\"; "
        + "msintuneappsdk/sample-intune-xamarin-ios signs in with this package alone"),
  ]

  /// The SDK's NuGet package `id` (matched ignoring case, as NuGet does), when it is one.
  public static func nuGetPackage(named id: String) -> IntuneNuGetPackage? {
    let lowered = id.lowercased()
    return nuGetPackages.first { $0.id.lowercased() == lowered }
  }
}

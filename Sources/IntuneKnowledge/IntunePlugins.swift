/// The cross-platform plug-ins (React Native, Capacitor, Flutter) that bring the Intune App SDK or MSAL into an
/// app. An app whose `package.json` or `pubspec.yaml` depends on one links what it wraps, even when the repository
/// holds neither the plug-in's folder (`node_modules`, the pub cache) nor a `Podfile.lock`.
///
/// Sources, read 2026-11-28:
/// - `@capacitor-community/intune`: github.com/capacitor-community/intune, `package.json` and
///   `CapacitorCommunityIntune.podspec` (vendors `IntuneMAMSwift.xcframework`, depends on `MSAL`).
/// - `react-native-ms-intune-mam`: github.com/Durgaprasad-Budhwani/react-native-ms-intune-mam, `package.json`
///   (the README has the app add the SDK; the podspec names only React).
/// - `react-native-msal`: github.com/stashenergy/react-native-msal, `package.json` and `react-native-msal.podspec`
///   (`s.dependency "MSAL"`).
/// - `@capgo/capacitor-intune`: github.com/Cap-go/capacitor-intune @790c15c0 (8.1.2), `package.json` and
///   `CapgoCapacitorIntune.podspec` (its `prepare_command` clones ms-intune-app-sdk-ios 21.5.1 and vendors
///   `IntuneMAMSwift.xcframework`; depends on `MSAL` 2.9.0).
/// - `react-native-intune`: github.com/bayazetyan/react-native-intune, `package.json` and `RNIntune.podspec`
///   (vendors `IntuneMAMSwift.xcframework`, depends on `MSAL`).
/// - `flutter_intune`: github.com/conbow/flutter_intune @61d9c0cf, `pubspec.yaml` and `ios/flutter_intune.podspec`
///   (vendors `IntuneMAMSwift.xcframework`).
/// - `intune`: github.com/predatorx7/intune, `packages/intune/pubspec.yaml` and the iOS podspec (vendors
///   `IntuneMAMSwift.xcframework`, depends on `MSAL`).
/// - `msal_flutter`: pub.dev/packages/msal_flutter ("A Microsoft Authentication Library wrapper for Android and
///   iOS").
/// - `flutter_msal_mobile`: pub.dev/packages/flutter_msal_mobile (MSAL-based authentication, iOS and Android).
public enum IntunePlugins {
  /// What a plug-in brings in.
  public enum Wrapped: String, Sendable {
    /// The Intune App SDK (and MSAL, which it needs).
    case intuneSDK = "the Intune App SDK"
    /// MSAL only.
    case msal = "MSAL"
  }

  /// The npm packages, by name.
  public static let npmPackages: [String: Wrapped] = [
    "@capacitor-community/intune": .intuneSDK,
    "@capgo/capacitor-intune": .intuneSDK,
    "react-native-intune": .intuneSDK,
    "react-native-ms-intune-mam": .intuneSDK,
    "react-native-msal": .msal,
  ]

  /// The pub packages, by name.
  public static let pubPackages: [String: Wrapped] = [
    "flutter_intune": .intuneSDK,
    "intune": .intuneSDK,
    "msal_flutter": .msal,
    "flutter_msal_mobile": .msal,
  ]
}

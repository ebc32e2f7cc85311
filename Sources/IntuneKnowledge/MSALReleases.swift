/// What sharelint knows of the releases of MSAL for iOS and macOS
/// (`AzureAD/microsoft-authentication-library-for-objc`), each fact read at the commit of a release tag, and what the
/// Intune App SDK's releases need of it.
public enum MSALReleases {
  /// The oldest iOS each release supports, newest rows first; each row is the first release of its minimum.
  ///
  /// The minimum is the `IPHONEOS_DEPLOYMENT_TARGET` of `MSAL/MSAL.xcodeproj`, which the framework is built with
  /// (the `MSAL.zip` xcframework the Swift package, Carthage's binary and a manual integration link) and which the
  /// changelog announces. `MSAL.podspec` and `Package.swift` lagged behind it from 2.1.0: an app deploying to iOS
  /// 15 resolved MSAL 2.1.0–2.11.x without a complaint and crashed at launch on iOS 15 (issue #2788, MSAL 2.6.0);
  /// 2.15.0 crashes below iOS 17 (issue #3101).
  public static let minimumIOS: [(since: ReleaseVersion, minimum: IOSVersion, source: String)] = [
    (ReleaseVersion(2, 15, 0), IOSVersion(17), "#3046 (fae6844, 2026-07-22, after 2.14.0) sets 17.0 in MSAL.xcodeproj, "
      + "MSAL.podspec and Package.swift; released in 2.15.0 (2026-08-20; issue #3101: crashes at launch below iOS 17)"),
    (ReleaseVersion(2, 1, 0), IOSVersion(16), "2.1.0 (d80d943, 2025-06-04): CHANGELOG 'Update minimum supported "
      + "version to iOS 16.0 (#2623)', MSAL.xcodeproj 16.0; Package.swift said iOS 14 until 2.7.0 and MSAL.podspec "
      + "until 2.12.0 (issue #2788: 2.6.0 crashes at launch on iOS 15)"),
    (ReleaseVersion(1, 2, 6), IOSVersion(14), "1.2.6 (64657b4, 2022-11-30): CHANGELOG 'Update minimum OS version to "
      + "iOS14', MSAL.xcodeproj, MSAL.podspec and Package.swift 14.0"),
    (ReleaseVersion(1, 1, 8), IOSVersion(11), "1.1.8 (824d1f4, 2020-08-25): MSAL.xcodeproj and MSAL.podspec 11.0"),
    (ReleaseVersion(0, 2, 0), IOSVersion(10), "0.2.0 (aba7aad, 2018-09-21): MSAL.podspec 10.0 (#355)"),
    (ReleaseVersion(0, 0, 0), IOSVersion(9, 3), "0.1.3 (a2441ae, 2018-04-23): MSAL.podspec 9.3"),
  ]

  /// The oldest iOS `version` supports, with where that is written.
  public static func minimumIOS(for version: ReleaseVersion) -> (minimum: IOSVersion, source: String)? {
    minimumIOS.first { version >= $0.since }.map { ($0.minimum, $0.source) }
  }

  /// The first release that refuses a redirect URI that is not broker capable: for an Entra ID (AAD) authority of a
  /// tenant other than `consumers` (not B2C, not CIAM), `MSALPublicClientApplication` fails to initialize with
  /// `MSALErrorInternal` (-50000) and the internal code `MSALInternalErrorInvalidRedirectURI` (-42011) unless the
  /// redirect URI is `msauth.<bundle id>://auth`, or, for apps migrating from ADAL, `<scheme>://<bundle id>`.
  public static let brokerCapableRedirectRequiredSince = ReleaseVersion(2, 0, 0)

  /// Where `brokerCapableRedirectRequiredSince` is written.
  public static let brokerCapableRedirectSource =
    "MSAL 2.0.0 (03ed4ae, 2025-05-02): CHANGELOG 'Enforced a valid broker-capable redirect URI format for AAD "
    + "scenarios (#2592)'; docs/MSAL_2x_Migration_Guide.md, section 1, 'Valid Redirect URI Format Requirement'"

  /// The scheme of the redirect URI MSAL uses when the app names none and registers it: `msauth.<bundle id>`, with
  /// the redirect URI `msauth.<bundle id>://auth` (`defaultBrokerCapableRedirectUri`; the 2.x migration guide's
  /// Info.plist entry).
  public static let defaultRedirectSchemePrefix = "msauth."

  /// The scheme prefix of MSAL's redirect URI for apps that cannot use the broker (B2C): `msal<client id>`, with
  /// the redirect URI `msal<client id>://auth` (`defaultNonBrokerRedirectUri`; MSAL's B2C tests register
  /// `msal<app id>`).
  public static let nonBrokerRedirectSchemePrefix = "msal"

  /// The newest release the tables know: 2.15.0, released 2026-08-20 (issue #3101 and nayanaubie/msal_auth#151 name
  /// it; the repository's newest tag when it was read is 2.14.0). Rules that need MSAL's version and cannot read it
  /// assume this one, and say so.
  public static let newestKnown = ReleaseVersion(2, 15, 0)

  /// Where the tables were read, for `explain` (when: `KnowledgeSnapshot.checkedOn`, the module's one date): MSAL's
  /// `dev` branch at fae6844 (2026-07-22, the newest commit of the mirror read) and every release tag up to 2.14.0
  /// (66e2a4e, 2026-07-22).
  public static let checkedSource =
    "AzureAD/microsoft-authentication-library-for-objc tags to 2.14.0 and dev at fae6844; 2.15.0 from issue #3101"
}

extension MSALReleases {
  /// The first release of the Intune App SDK for iOS that signs in with MSAL; older releases sign in with ADAL only.
  /// 11.1.2 (897a172, 2019-08-21): the SDK team's "Add documentation on MSAL support for Intune MAM iOS SDK"
  /// (MicrosoftDocs/IntuneDocs#2842, 2019-08-20), and "iOS SDK supports MSAL since release 11.1.2"
  /// (microsoftconnect/ms-intune-app-sdk-android#8); MSAL's own issue #245 still said "not yet supported" in
  /// 2019-03 (SDK 10.0.x). The SDK's headers name no sign-in library, so no tag says it in the SDK's repository.
  public static let intuneSDKSupportsMSALSince = ReleaseVersion(11, 1, 2)

  /// Where `intuneSDKSupportsMSALSince` is written.
  public static let intuneSDKSupportsMSALSource =
    "Intune App SDK 11.1.2 (897a172, 2019-08-21): MicrosoftDocs/IntuneDocs#2842 (MSAL support documented "
    + "2019-08-20), microsoftconnect/ms-intune-app-sdk-android#8"
}

import IntuneKnowledge
import XcodeModel

/// XC011: an Intune app does not link MSAL (or links the obsolete ADAL, or MSAL 0.x), or, with an SDK release before
/// 11.1.2, links neither ADAL nor MSAL.
struct MSALNotLinkedRule: TargetRule {
  static let description = RuleDescription(
    identifier: "msal-not-linked",
    family: .xcodeProject, number: 11,
    summary: "an Intune app links no sign-in library the linked Intune App SDK release needs",
    whatItDoes: """
      For an Intune app target whose Info.plist configures MSAL sign-in (`IntuneMAMSettings` with \
      `ADALClientId`, `ADALRedirectUri` or `ADALRedirectScheme`, or an `msauth.` URL scheme), or that links the \
      Intune App SDK, requires MSAL among what it links: the `MSAL` pod (also when another pod brings it in: \
      Podfile.lock), the product of MSAL's Swift package, `MSAL.framework`, or MSAL's Carthage entry. Linking only \
      the obsolete ADAL, or MSAL before 1.0, is reported too. Releases of the SDK before 11.1.2 sign in with ADAL \
      only: with one of them (its version read from the framework's `Info.plist`, `Podfile.lock` or \
      `Package.resolved`), ADAL is what the app needs and linking neither is reported as such. Nothing is reported \
      when a plug-in may bring MSAL in (a pod named for MSAL or Intune, a package depending on MSAL's), nor for \
      an app without MSAL settings that links ADAL with an SDK of unknown version.
      """,
    whyItMatters: """
      The Intune App SDK signs users in and gets its tokens through MSAL (through ADAL before 11.1.2, \
      2019-08): without the library the SDK cannot sign the user in, so the app never enrolls and never gets its \
      app protection policy. The 2020 guide ("Link to ADAL or MSAL binaries") and the MSAL tutorial link it by \
      CocoaPods, Carthage or a framework; ADAL is retired and the "stage 3" guide integrates MSAL only. App \
      Protection conditional access needs MSAL 1.0 or later (the App Protection CA guide's prerequisites).
      """,
    useInstead: """
      Add MSAL to the app: `pod 'MSAL'`, the Swift package `AzureAD/microsoft-authentication-library-for-objc` \
      (product MSAL), or `MSAL.framework`; move ADAL code to MSAL. An app on an SDK release before 11.1.2 links \
      ADAL, or better, updates the SDK and links MSAL.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")], markName: true),
        ]),
        messages: [
          "'App' signs in with MSAL ('ADALClientId') but links no MSAL (pod, Swift package or framework)",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMStatic.xcframework"), .init("Frameworks/ADAL.framework", markLink: true),
          ]),
        ]),
        messages: ["'App' links the obsolete ADAL ('ADAL.framework') and not MSAL, which the Intune App SDK signs in "
          + "with"]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK, markName: true),
        ]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>AutoEnrollOnLaunch</key>
          \t<true/>
          </dict>
          """,
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "21.7.1"),
        messages: [
          "'App' links the Intune App SDK 21.7.1 but no MSAL (pod, Swift package, framework or Carthage); the SDK "
            + "signs users in with MSAL and cannot enroll without it",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("IntuneMAM.framework", embedding: .embedAndSign)], markName: true),
        ]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>AutoEnrollOnLaunch</key>
          \t<true/>
          </dict>
          """,
        files: ["IntuneMAM.framework/Info.plist": "<key>CFBundleShortVersionString</key>\n<string>9.0.13</string>"],
        messages: [
          "'App' links neither ADAL nor MSAL; the Intune App SDK 9.0.13 signs users in with ADAL and cannot enroll "
            + "without it",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMStatic.xcframework"),
            .init("Frameworks/MSAL.framework", embedding: .embedAndSign),
          ]),
        ])),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("IntuneMAM.framework", embedding: .embedAndSign), .init("ADAL/libADALiOS.a"),
          ]),
        ]),
        files: ["IntuneMAM.framework/Info.plist": "<key>CFBundleShortVersionString</key>\n<string>9.0.13</string>"]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>AutoEnrollOnLaunch</key>
          \t<true/>
          </dict>
          """,
        files: [
          "Podfile": """
            platform :ios, '17.0'
            target 'App' do
              pod 'react-native-msal', :path => '../node_modules/react-native-msal'
            end
            """,
          "Podfile.lock": """
            PODS:
              - react-native-msal (4.0.4)

            DEPENDENCIES:
              - react-native-msal (from `../node_modules/react-native-msal`)

            COCOAPODS: 1.16.2
            """,
        ]),
    ],
    guideSteps: [17, 18]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let target = view.target
    guard view.isApp else { return }
    let reason = Self.signInReason(target)
    // An app that links the SDK signs in through it, with or without sign-in settings of its own.
    guard reason != nil || !view.intuneLibraries.isEmpty else { return }
    let lockedMSAL = view.lockedMSALVersion
    if let msal = view.msalLibrary {
      let version = msal.version ?? lockedMSAL
      if let version, let parsed = ReleaseVersion(version), parsed.major < 1 {
        view.report(
          "'\(view.targetName)' links MSAL \(version); App Protection conditional access needs MSAL 1.0 or later",
          at: msal.frameworksPhaseFile.flatMap(view.sources.buildFileSite) ?? view.targetSite,
          keyPath: view.targetName, notes: [msal.description], into: &findings)
      }
      return
    }
    // A package the target links may depend on MSAL's (a Capacitor or Flutter plug-in's package), a plug-in pod
    // may vendor it.
    guard lockedMSAL == nil, view.carthageMSAL == nil, !view.mayLinkMSALIndirectly else { return }
    // Before 11.1.2 the SDK signs in with ADAL only: ADAL is then what it needs, not something to move from.
    let sdk = view.sdkVersion
    let adalEra = sdk.map { $0.version < MSALReleases.intuneSDKSupportsMSALSince } ?? false
    let sdkNote = sdk.map { ["\(view.targetName) \($0.library.description)"] } ?? []
    if let adal = view.facts.linked.first(where: SignInLibraries.isADAL) {
      // Without MSAL settings and without the SDK's version, ADAL may be what the linked release signs in with.
      if adalEra || (reason == nil && sdk == nil) { return }
      view.report(
        "'\(view.targetName)' links the obsolete ADAL ('\(adal.name)') and not MSAL, which the Intune App SDK signs "
          + "in with",
        at: adal.frameworksPhaseFile.flatMap(view.sources.buildFileSite) ?? view.targetSite, keyPath: view.targetName,
        into: &findings)
      return
    }
    let signIn = SignInLibraries(target)
    if adalEra {
      guard !signIn.linksADAL, let sdk else { return }
      view.report(
        "'\(view.targetName)' links neither ADAL nor MSAL; the Intune App SDK \(sdk.version) signs users in with ADAL "
          + "and cannot enroll without it",
        at: view.targetSite, keyPath: view.targetName,
        notes: sdkNote + ["the SDK signs in with MSAL from \(MSALReleases.intuneSDKSupportsMSALSince) ("
          + MSALReleases.intuneSDKSupportsMSALSource + ")"],
        into: &findings)
      return
    }
    // ADAL another pod or Carthage brings in is still ADAL: no place to show it, and no MSAL to ask for yet.
    if signIn.linksADAL { return }
    if let reason {
      view.report(
        "'\(view.targetName)' signs in with MSAL ('\(reason)') but links no MSAL (pod, Swift package or framework)",
        at: view.targetSite, keyPath: view.targetName, into: &findings)
    } else if let sdk {
      view.report(
        "'\(view.targetName)' links the Intune App SDK \(sdk.version) but no MSAL (pod, Swift package, framework or "
          + "Carthage); the SDK signs users in with MSAL and cannot enroll without it",
        at: view.targetSite, keyPath: view.targetName, notes: sdkNote, into: &findings)
    } else {
      view.report(
        "'\(view.targetName)' links the Intune App SDK but neither MSAL nor ADAL; the SDK signs users in with MSAL "
          + "(ADAL before \(MSALReleases.intuneSDKSupportsMSALSince)) and cannot enroll without it",
        at: view.targetSite, keyPath: view.targetName, into: &findings)
    }
  }

  /// What in the Info.plist configures MSAL sign-in: an `IntuneMAMSettings` key or an `msauth.` URL scheme.
  static func signInReason(_ target: LintTarget) -> String? {
    if let settings = target.intuneSettings {
      for key in ["ADALClientId", "ADALRedirectUri", "ADALRedirectScheme"] where settings[key] != nil { return key }
    }
    let schemes = (target.infoPlist.root["CFBundleURLTypes"]?.elements ?? [])
      .flatMap { $0["CFBundleURLSchemes"]?.elements ?? [] }.compactMap(\.string)
    return schemes.first { $0.lowercased().hasPrefix("msauth.") && !$0.hasSuffix("-intunemam") }
  }
}

import IntuneKnowledge
import XcodeModel

/// XC011: an Intune app that signs in with MSAL does not link MSAL (or links the obsolete ADAL, or MSAL 0.x).
struct MSALNotLinkedRule: LintRule {
  static let description = RuleDescription(
    identifier: "msal-not-linked",
    family: .xcodeProject, number: 11,
    summary: "an Intune app configured for MSAL sign-in does not link MSAL 1.0 or later",
    whatItDoes: """
      For an Intune app target whose Info.plist configures MSAL sign-in (`IntuneMAMSettings` with \
      `ADALClientId`, `ADALRedirectUri` or `ADALRedirectScheme`, or an `msauth.` URL scheme), requires MSAL among \
      what it links: the `MSAL` pod (also when another pod brings it in: Podfile.lock), the product of MSAL's \
      Swift package, `MSAL.framework`, or MSAL's Carthage entry. Linking only the obsolete ADAL, or MSAL before \
      1.0, is reported too.
      """,
    whyItMatters: """
      The Intune App SDK signs users in and gets its tokens through MSAL: the 2020 guide ("Link to ADAL or MSAL \
      binaries") and the MSAL tutorial link it by CocoaPods, Carthage or a framework; ADAL is retired and the \
      "stage 3" guide integrates MSAL only. App Protection conditional access needs MSAL 1.0 or later (the App \
      Protection CA guide's prerequisites).
      """,
    useInstead: """
      Add MSAL to the app: `pod 'MSAL'`, the Swift package `AzureAD/microsoft-authentication-library-for-objc` \
      (product MSAL), or `MSAL.framework`; move ADAL code to MSAL.
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
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMStatic.xcframework"),
            .init("Frameworks/MSAL.framework", embedding: .embedAndSign),
          ]),
        ])),
    ],
    guideSteps: [17, 18]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let view = ProjectTargetView(target), view.isApp, let reason = Self.signInReason(target) else { return }
    let linked = view.facts.linked
    func stem(_ library: XcodeLinkedLibrary) -> String { library.stem.lowercased() }
    let msal = view.msalLibrary
    let lockedMSAL = view.lockedMSALVersion
    let carthageMSAL = view.carthageMSAL
    if let msal {
      let version = msal.version ?? lockedMSAL
      if let version, let parsed = ReleaseVersion(version), parsed.major < 1 {
        view.report(
          "'\(view.targetName)' links MSAL \(version); App Protection conditional access needs MSAL 1.0 or later",
          at: msal.frameworksPhaseFile.flatMap(view.sources.buildFileSite) ?? view.targetSite,
          keyPath: view.targetName, notes: [msal.description], into: &findings)
      }
      return
    }
    // A package the target links may depend on MSAL's (a Capacitor or Flutter plug-in's package).
    guard lockedMSAL == nil, carthageMSAL == nil,
      !view.build.mayLinkThroughAnotherPackage(MSALDistribution.packageIdentity)
    else { return }
    if let adal = linked.first(where: { ["adal", "adalios"].contains(stem($0)) }) {
      view.report(
        "'\(view.targetName)' links the obsolete ADAL ('\(adal.name)') and not MSAL, which the Intune App SDK signs "
          + "in with",
        at: adal.frameworksPhaseFile.flatMap(view.sources.buildFileSite) ?? view.targetSite, keyPath: view.targetName,
        into: &findings)
      return
    }
    view.report(
      "'\(view.targetName)' signs in with MSAL ('\(reason)') but links no MSAL (pod, Swift package or framework)",
      at: view.targetSite, keyPath: view.targetName, into: &findings)
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

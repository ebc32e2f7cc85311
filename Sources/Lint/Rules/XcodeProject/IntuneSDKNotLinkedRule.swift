/// XC001: a target that uses Intune links no part of the Intune App SDK.
struct IntuneSDKNotLinkedRule: TargetRule {
  static let description = RuleDescription(
    identifier: "intune-sdk-not-linked",
    family: .xcodeProject, number: 1,
    summary: "a target with Intune settings links no part of the Intune App SDK",
    whatItDoes: """
      Reports an app or extension target of an Xcode project that counts as an Intune target by its own files \
      (`IntuneMAMSettings`, an `-intunemam` URL scheme of its own, a `com.microsoft.intune.mam.` type) but links \
      nothing of the SDK in a configuration: no `IntuneMAMSwift`/`IntuneMAMStatic` (x)cframework or \
      `libIntuneMAM…` in its frameworks phase, no pod of the SDK in its Podfile block (nor in Podfile.lock, which \
      lists what other pods bring in), no product of the SDK's Swift package, no `OTHER_LDFLAGS` flag.
      """,
    whyItMatters: """
      The settings do nothing without the SDK: the target is not managed, and an extension that is not managed \
      leaks data out of a managed app. The "stage 3" guide (build step 1) links the SDK "to your target", each \
      app and extension; the 2020 guide gives every extension its own `IntuneMAMSettings` with the SDK linked.
      """,
    useInstead: """
      Link `IntuneMAMSwift.xcframework` (or `IntuneMAMStatic.xcframework`) and `IntuneMAMSwiftStub.xcframework` \
      to the target (Embed & Sign in the app, Do Not Embed in an extension), or add the SDK's pod or Swift package \
      product to it.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
          .init("Share", isExtension: true, markName: true),
        ]),
        files: [
          "Share/Info.plist": """
            <key>CFBundleIdentifier</key>
            <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>IntuneMAMSettings</key>
            <dict>
            \t<key>ContainingAppBundleId</key>
            \t<string>com.contoso.notes</string>
            </dict>
            <key>NSExtension</key>
            <dict>
            \t<key>NSExtensionPointIdentifier</key>
            \t<string>com.apple.share-services</string>
            </dict>
            """,
        ],
        messages: [
          "'Share' has Intune settings but links no part of the Intune App SDK; the SDK does not manage it",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
        ])),
    ],
    guideSteps: [3]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let target = view.target
    guard view.intuneLibraries.isEmpty, let evidence = target.intuneEvidence
    else { return }
    switch evidence {
    case .settingsDictionary, .managedTwinScheme, .intuneType: break
    // The keychain group may come from entitlements the target shares with the app; the others are no sign of
    // the target's own files.
    case .keychainGroup, .forced, .linked, .bundledFramework, .dependency, .pluginPackage: return
    }
    // Pods other pods bring in (a React Native or Flutter plug-in's) are linked without a line of their own, and a
    // plug-in pod named for Intune (Capacitor's CapacitorCommunityIntune, mattermost-intune) vendors the SDK's
    // framework in its podspec; a Swift package may depend on the SDK's package.
    if view.build.lockedPods.keys.contains(where: {
      IntuneEvidence.isIntuneSDK(stem: String($0.prefix { $0 != "/" })) || $0.lowercased().contains("intune")
    }) || view.build.mayLinkThroughAnotherPackage(IntuneEvidence.sdkPackageIdentity)
      || view.build.pluginPackageDependencies.contains(where: { IntuneEvidence.wrappedByPlugin($0) == .intuneSDK })
    {
      return
    }
    view.report(
      "'\(view.targetName)' has Intune settings but links no part of the Intune App SDK; the SDK does not manage it",
      at: view.targetSite, keyPath: view.targetName, notes: ["Intune settings: " + evidence.reason], into: &findings)
  }
}

import Foundation
import XcodeModel

/// XC010: an Intune target has no entitlements file in a configuration.
struct EntitlementsNotWiredRule: TargetRule {
  static let description = RuleDescription(
    identifier: "intune-target-without-entitlements",
    family: .xcodeProject, number: 10,
    summary: "an Intune target has no entitlements file (CODE_SIGN_ENTITLEMENTS) in a configuration",
    whatItDoes: """
      For every configuration of an Intune app or extension of an Xcode project, requires \
      `CODE_SIGN_ENTITLEMENTS` to name a file, and that file to be in the repository. The entitlements rules (EN) \
      check the keychain groups of a file that exists; this rule is what speaks when there is none. In a .NET MAUI \
      or Xamarin.iOS project the setting is `CodesignEntitlements`, with the build's defaults (a MAUI single \
      project's `Platforms/iOS/Entitlements.plist`, else the project folder's `Entitlements.plist`); a \
      configuration whose `PropertyGroup` leaves it out while another sets it (the Intune SDK's issue #26, \
      MSAL.NET #746 and #3636) is reported at that `PropertyGroup`.
      """,
    whyItMatters: """
      Without entitlements the target has no Keychain Sharing, so the SDK's and MSAL's keychain calls fail with \
      errSecMissingEntitlement (-34018) and enrollment or sign-in fails (AzureAD/microsoft-authentication-library-\
      for-objc issue #821, a configuration that lost its entitlements file). The guides ("stage 3" build step 3; \
      2020 guide step 3) turn on Keychain Sharing "in each project target".
      """,
    useInstead: """
      Turn on Keychain Sharing for the target in every configuration (Signing & Capabilities, "All"), so that \
      `CODE_SIGN_ENTITLEMENTS` names the same entitlements file in each, and commit the file.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settingsByConfiguration: ["Debug": ["CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"]],
                frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")], markConfigurations: ["Release"]),
        ]),
        entitlements: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
          \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
          \t<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>
          </array>
          """,
        messages: [
          "'CODE_SIGN_ENTITLEMENTS' is not set: 'App' has no entitlements, so the Intune SDK's keychain calls fail "
            + "(-34018)",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["CODE_SIGN_ENTITLEMENTS": "↓App/Missing.entitlements"],
                frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
        ]),
        messages: [String](
          repeating: "'CODE_SIGN_ENTITLEMENTS' names 'App/Missing.entitlements', which the repository lacks",
          count: 2)),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"],
                frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
        ]),
        entitlements: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
          \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
          \t<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>
          </array>
          """),
    ],
    guideSteps: [20, 67]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let target = view.target
    let name = "CODE_SIGN_ENTITLEMENTS"
    guard view.isApp || view.isExtension, target.entitlements == nil else {
      return
    }
    // What the user writes: `CodesignEntitlements` in a .NET project.
    let written = view.sources.model.writtenName(ofSetting: name)
    guard let setting = view.configuration.entitlementsPath, !setting.xcodeValue.isEmpty else {
      var notes: [String] = []
      let others = view.sources.model.target(named: view.targetName).map {
        view.sources.model.configurations(of: $0)
      } ?? []
      if let other = others.first(where: { ($0.entitlementsPath?.xcodeValue ?? "").isEmpty == false }),
        let path = other.entitlementsPath
      {
        notes.append("'\(other.name)' sets it to \(other.settings.shown(path.written))")
      }
      view.report(
        "'\(written)' is not set: '\(view.targetName)' has no entitlements, so the Intune SDK's keychain calls fail "
          + "(-34018)",
        at: view.settingSite(name), keyPath: name, notes: notes, into: &findings)
      return
    }
    // An unexpanded part is PL003's to report; a file that exists but does not read is PL001's.
    guard setting.resolved != nil, !FileExistence.exists(setting.xcodeValue) else { return }
    let shown = view.configuration.settings.shown(setting.written)
    view.report(
      "'\(written)' names \(shown), which the repository lacks", at: view.settingSite(name), keyPath: name,
      into: &findings)
  }
}

/// Whether a file exists, for the rules that compare a setting with the repository.
enum FileExistence {
  static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }
}

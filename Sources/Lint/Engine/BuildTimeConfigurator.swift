import IntuneKnowledge
import XcodeModel

/// IntuneMAMConfigurator run by the build itself: the Intune NuGet packages of .NET MAUI and Xamarin.iOS apps
/// (`IntuneSDKDistribution.nuGetPackages`) run it on the built Info.plist at every build (`-i obj/…/AppManifest.plist
/// -e Entitlements.plist`), so what it writes there is the build's, not the source Info.plist's: the rules that
/// check only keys it writes (reference/intune-sdk-notes.md §1.3) do not run on such a target, and `fix` adds none of
/// those keys. What it does not write (the Face ID text, keychain groups, `IntuneMAMSettings`) is still checked.
enum BuildTimeConfigurator {
  /// The rules whose keys the configurator writes into an app's Info.plist: the `-intunemam` twins of query and URL
  /// schemes, the required and configurator-only query schemes (Edge, Outlook, Company Portal, MTD, broker), the
  /// MSAL redirect scheme and its twin, `AppGroupIdentifiers`, the MAM types of the activation rule, the Intune UTIs
  /// it removes from document types, and the main nib settings it moves out of `IntuneMAMSettings`.
  static let satisfiedRules: [any LintRule.Type] = [
    MissingIntunemamQuerySchemeRule.self, MissingRequiredQuerySchemeRule.self, MissingIntunemamURLSchemeRule.self,
    MissingMSALRedirectSchemeRule.self, MailtoWithoutOutlookRule.self, MissingConfiguratorQuerySchemeRule.self,
    AppGroupsMismatchRule.self, LegacyMainNibSettingRule.self, IntuneUTIInDocumentTypesRule.self,
    MissingMAMTypesRule.self,
  ]

  /// The codes of `satisfiedRules`.
  static let satisfiedCodes: Set<String> = Set(satisfiedRules.map { $0.description.code })

  /// The linked package that runs the configurator at build time for the target `facts` describe, if one does.
  static func package(in facts: TargetBuildFacts?) -> XcodeLinkedLibrary? {
    facts?.linked.first { IntuneSDKDistribution.nuGetPackage(named: $0.name)?.runsConfiguratorAtBuild == true }
  }

  /// The run's note for a target whose build runs the configurator through `package`, written in `project`.
  static func note(target: String, project: String, package: XcodeLinkedLibrary) -> String {
    var place = project
    if case .frameworksPhase(let file) = package.source, file.line > 0 { place += ":\(file.line)" }
    let codes = satisfiedRules.map { $0.description.code }.sorted().joined(separator: ", ")
    return "\(place): '\(target)' links '\(package.name)', which runs IntuneMAMConfigurator on the built Info.plist "
      + "at every build: the keys it writes there are not required in the source Info.plist (\(codes) do not run)"
  }
}

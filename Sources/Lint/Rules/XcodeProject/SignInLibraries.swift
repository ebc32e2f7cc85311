import IntuneKnowledge
import ProjectDiscovery
import XcodeModel

/// The sign-in libraries a target links (MSAL, the retired ADAL) and the Intune App SDK release it links, as far as
/// its build says: what the rules about MSAL's redirect URI and its linking need to know which MSAL applies.
struct SignInLibraries {
  /// MSAL's version, when the build gives it.
  let msalVersion: ReleaseVersion?
  /// How the target links MSAL, as a clause for notes (`links MSAL.xcframework 2.6.0`); nil when it links no MSAL
  /// the build shows.
  let msal: String?
  /// Whether the target links ADAL (`ADAL.framework`, `libADALiOS.a`, the pod, the Carthage entry).
  let linksADAL: Bool
  /// The Intune App SDK's version, when the build gives it.
  let intuneSDKVersion: ReleaseVersion?
  /// Whether the target's build is known: an Xcode project target or a built bundle (not loose files).
  let buildIsKnown: Bool

  /// The Carthage and Swift package name of ADAL's repository.
  static let adalRepository = "azure-activedirectory-library-for-objc"

  /// Whether `library` is ADAL: `ADAL.framework`, `libADALiOS.a`, the `ADAL` pod.
  static func isADAL(_ library: XcodeLinkedLibrary) -> Bool {
    ["adal", "adalios"].contains(library.stem.lowercased())
  }

  init(_ target: LintTarget) {
    if let view = ProjectTargetView(target) {
      let msal = view.msalVersion
      msalVersion = msal?.version
      self.msal = msal?.origin ?? view.msalLibrary?.description
        ?? view.lockedMSALVersion.map { "gets the pod 'MSAL' \($0) through another pod (Podfile.lock)" }
        ?? view.carthageMSAL.map { "gets MSAL from Carthage (\($0.file))" }
        ?? (view.mayLinkMSALIndirectly ? "may get MSAL through a plug-in" : nil)
      linksADAL = view.facts.linked.contains(where: Self.isADAL)
        || view.build.targetLockedPods.keys.contains { $0 == "ADAL" || $0.hasPrefix("ADAL/") }
        || view.build.carthage.contains { $0.entry.name.lowercased() == Self.adalRepository }
        || view.build.packageGraphIdentities.contains(Self.adalRepository)
      intuneSDKVersion = view.sdkVersion?.version
      buildIsKnown = true
      return
    }
    intuneSDKVersion = BundledIntuneSDK(target)?.version
    guard let facts = target.settings.buildFacts, case .bundle = facts.origin else {
      msalVersion = nil
      msal = nil
      linksADAL = false
      buildIsKnown = false
      return
    }
    buildIsKnown = true
    let stem = { (name: String) in XcodeLinkedFileKind.stem(of: name).lowercased() }
    linksADAL = facts.bundledFrameworks.contains { stem($0) == "adal" }
    if let framework = facts.bundledFrameworks.first(where: { stem($0) == "msal" }) {
      let text = facts.bundledFrameworkVersions[framework]?.version
      msalVersion = text.flatMap(ReleaseVersion.init)
      msal = "carries Frameworks/\(framework)" + (text.map { " \($0)" } ?? "")
    } else {
      msalVersion = nil
      msal = nil
    }
  }

  /// Whether the Intune App SDK release is known to sign in with ADAL only (before 11.1.2).
  var intuneSDKIsADALEra: Bool {
    intuneSDKVersion.map { $0 < MSALReleases.intuneSDKSupportsMSALSince } ?? false
  }

  /// The MSAL release the rules judge by: the linked one, else the newest known, with a note saying which when it
  /// is assumed; nil when the target signs in with ADAL (it links ADAL and no MSAL, or its Intune App SDK predates
  /// MSAL), where MSAL's requirements do not apply.
  func msalRelease() -> (version: ReleaseVersion, note: String)? {
    if intuneSDKIsADALEra || (linksADAL && msal == nil) { return nil }
    if let msalVersion, let msal { return (msalVersion, "the app \(msal)") }
    let newest = MSALReleases.newestKnown
    let how = msal.map { "the app \($0), at a version sharelint cannot read" }
      ?? (buildIsKnown ? "the build shows no MSAL" : "the app's build is not known")
    return (newest, "\(how): MSAL \(newest), the newest release known, is assumed")
  }
}

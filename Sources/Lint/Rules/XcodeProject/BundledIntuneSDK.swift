import IntuneKnowledge
import ProjectDiscovery
import XcodeModel

/// The Intune App SDK a built bundle (`.app`, or one inside an `.ipa`) carries in its `Frameworks` folder, with the
/// version and minimum iOS its framework's own `Info.plist` gives.
struct BundledIntuneSDK {
  /// The framework's name (`IntuneMAMSwift.framework`).
  let framework: String
  /// Its version.
  let version: ReleaseVersion
  /// Its `MinimumOSVersion`, when given.
  let minimumOS: IOSVersion?

  /// The SDK `target`'s bundle carries, when its version is known: the main framework first (`IntuneMAMSwift`, the
  /// 2016–2020 `IntuneMAM`), then any other part of the SDK.
  init?(_ target: LintTarget) {
    guard let facts = target.settings.buildFacts, case .bundle = facts.origin else { return nil }
    let candidates = facts.bundledFrameworkVersions.filter { name, read in
      read.version != nil && IntuneEvidence.isIntuneSDK(stem: XcodeLinkedFileKind.stem(of: name))
    }
    let ordered = candidates.keys.sorted { first, second in
      func rank(_ name: String) -> Int {
        IntuneSDKDistribution.mainFrameworkStems.contains(XcodeLinkedFileKind.stem(of: name).lowercased()) ? 0 : 1
      }
      return (rank(first), first) < (rank(second), second)
    }
    for name in ordered {
      guard let read = candidates[name], let text = read.version, let version = ReleaseVersion(text) else {
        continue
      }
      framework = name
      self.version = version
      minimumOS = read.minimumOSVersion.flatMap(IOSVersion.init)
      return
    }
    return nil
  }
}

extension LintTarget {
  /// The Intune App SDK release the target links, when its files say which: the project's view of it (the
  /// framework's own Info.plist, `Package.resolved`, `Podfile.lock`), else the framework a built bundle carries.
  /// Worked out once per target: the linter and several rules ask.
  var linkedIntuneSDKRelease: ReleaseVersion? {
    derived.linkedIntuneSDKRelease.value {
      if let view = ProjectTargetView(self) { return view.sdkVersion?.version }
      return BundledIntuneSDK(self)?.version
    }
  }
}

import ProjectDiscovery
import XcodeModel

/// What the build says about a target beyond its plists, for the rules: for an Xcode project target, the project
/// model's facts (what it links, embeds, runs; every containing app) and what it links in the job's configuration;
/// for a built bundle (`.app`, `.ipa`), the frameworks it carries. A class: a project target's facts are over a
/// kilobyte, and every job (and the settings each job's rules see) carries them; a reference keeps a 10,000-target
/// run's jobs small.
public final class TargetBuildFacts: Sendable {
  /// Where the facts come from.
  public enum Origin: Hashable, Sendable {
    /// A target of an Xcode project in one configuration: the project's display path, the target's name, the
    /// configuration's name.
    case project(project: String, target: String, configuration: String)
    /// A built bundle: the display path of the `.app` or `.appex` folder (inside an archive, `X.ipa/Payload/…`).
    case bundle(String)
  }

  /// Where the facts come from.
  public let origin: Origin
  /// For a project target, the project model's facts.
  public let project: XcodeTargetBuildFacts?
  /// For a project target, everything it links in the job's configuration
  /// (`XcodeTargetBuildFacts.linkedLibraries(in:)`).
  public let linked: [XcodeLinkedLibrary]
  /// For a bundle, the bundles in its `Frameworks` folder (`IntuneMAMSwift.framework`).
  public let bundledFrameworks: [String]
  /// For a bundle, the versions the Intune App SDK's and MSAL's frameworks among `bundledFrameworks` give in their own
  /// `Info.plist`s, by framework name.
  public let bundledFrameworkVersions: [String: BundledFrameworkVersion]
  /// For a project target, the configuration: its settings (with where each is written), its Info.plist and
  /// entitlements paths.
  public let configuration: XcodeTargetConfiguration?
  /// For a project target, its product type (`com.apple.product-type.app-extension`).
  public let productType: String?
  /// For a project target, the text of its project's files: where findings about the project are placed and
  /// what fixes edit.
  public let sources: XcodeProjectSources?
  /// For a project target, its Swift and Objective-C sources, read when a rule asks (nil when the project names
  /// none).
  public let sourceCode: TargetSourceCode?

  /// The facts of a project target in one configuration.
  public init(
    project: String, configuration: XcodeTargetConfiguration, facts: XcodeTargetBuildFacts,
    productType: String? = nil, sources: XcodeProjectSources? = nil, sourceCode: TargetSourceCode? = nil
  ) {
    origin = .project(project: project, target: facts.targetName, configuration: configuration.name)
    self.project = facts
    linked = facts.linkedLibraries(in: configuration)
    bundledFrameworks = []
    self.configuration = configuration
    bundledFrameworkVersions = [:]
    self.productType = productType
    self.sources = sources
    self.sourceCode = sourceCode
  }

  /// The facts of the built bundle at `bundle` carrying `frameworks`.
  public init(bundle: String, frameworks: [String], versions: [String: BundledFrameworkVersion] = [:]) {
    origin = .bundle(bundle)
    bundledFrameworkVersions = versions
    project = nil
    linked = []
    bundledFrameworks = frameworks
    configuration = nil
    productType = nil
    sources = nil
    sourceCode = nil
  }

  /// Whether the facts come from an Xcode project: then they are the whole truth about what the target links.
  public var isProjectTarget: Bool {
    if case .project = origin { return true }
    return false
  }
}

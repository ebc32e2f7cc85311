import ActivationRules
import SharelintBase

/// Why one extension does or does not appear in the share sheet, for `rule simulate` on an extension: its rule's
/// verdict on each catalogue input, and the types its code handles against what the rule lets in (AR019, AR020).
/// The findings the linter gives about the extension are the report's, filtered by `infoPlist`.
public struct ExtensionInsight: Sendable {
  /// One catalogue input's verdict.
  public struct Verdict: Sendable {
    /// The input's name (`Photos: one photo`).
    public var input: String
    /// The app it is shared from.
    public var source: String
    /// Whether it comes from an Intune-managed app.
    public var managed: Bool
    /// Whether the rule activates; nil when it could not be evaluated (`error` says why).
    public var activates: Bool?
    /// Why evaluation failed.
    public var error: String?
  }

  /// Where the code handles a type.
  public struct HandledType: Sendable {
    /// The type identifier.
    public var type: String
    /// The source file, by display path.
    public var file: String
    /// Its 1-based line.
    public var line: Int
    /// The call (`loadItem(forTypeIdentifier:)`).
    public var call: String
  }

  /// What the code was found to handle.
  public enum Code: Sendable {
    /// Compared with the rule: the handled types, the shares the rule lets in that carry none of them, and the
    /// handled types no share the rule lets in carries.
    case compared(handles: [HandledType], unhandledShares: [String], neverAdmitted: [HandledType])
    /// Not compared, and why.
    case notCompared(String)
  }

  /// The extension's Info.plist, by display path.
  public var infoPlist: String
  /// The Xcode target's name, for a project target.
  public var targetName: String?
  /// The rule as evaluated (a dictionary converted), or nil when the extension has none that can be read.
  public var rule: String?
  /// `dictionary (canonical shape)` when the rule was a dictionary.
  public var convertedFrom: String?
  /// The verdicts, in catalogue order (plain inputs, then their managed twins).
  public var verdicts: [Verdict]
  /// The code against the rule.
  public var code: Code

  /// Whether some input activates the rule.
  public var activatesOnSomeInput: Bool { verdicts.contains { $0.activates == true } }

  /// The insight for `target`, or nil when it is no extension.
  static func make(for target: LintTarget) -> ExtensionInsight? {
    guard target.kind == .appExtension else { return nil }
    let view = ProjectTargetView(target)
    var insight = ExtensionInsight(
      infoPlist: target.infoPlist.source.name, targetName: view?.targetName, rule: nil, convertedFrom: nil,
      verdicts: [], code: .notCompared("the extension has no activation rule that can be read"))
    guard let resolved = target.canonicalActivationPredicate else { return insight }
    insight.rule = resolved.text
    insight.convertedFrom = resolved.conversion.map { "dictionary (\($0.rawValue) shape)" }
    let simulator = ShareSheetSimulator(registry: target.simulationRegistry(for: resolved.predicate))
    insight.verdicts = simulator.simulate(rule: resolved.predicate).map { outcome in
      var error: String?
      if case .failure(let failure) = outcome.result { error = failure.message }
      return Verdict(
        input: outcome.input.name, source: outcome.input.sourceApp, managed: outcome.input.isManaged,
        activates: outcome.activates, error: error)
    }
    insight.code = codeAgainstRule(of: target, view: view)
    return insight
  }

  /// What the code handles against the rule, or why it was not compared.
  static func codeAgainstRule(of target: LintTarget, view: ProjectTargetView?) -> Code {
    func handled(_ use: ExtensionHandledTypes.Use) -> HandledType {
      HandledType(type: use.type, file: use.file, line: use.line, call: use.call)
    }
    if let comparison = HandledTypesComparison.of(target) {
      return .compared(
        handles: comparison.uses.map(handled), unhandledShares: comparison.unhandled.map(\.name),
        neverAdmitted: comparison.neverAdmitted.map(handled))
    }
    guard let view else {
      return .notCompared(
        "not a target of an Xcode project: the sources are read only through the project (give its folder and "
          + "--target)")
    }
    guard let code = view.sourceCode else { return .notCompared("the project names no Swift or Objective-C sources") }
    switch ExtensionHandledTypes.read(code.files.files) {
    case .nothing:
      return .notCompared("the extension's own sources call no item provider with a type sharelint can read")
    case .unknowable(let place):
      return .notCompared("the code handles types generically or through names sharelint cannot follow (\(place))")
    case .handles(let uses):
      if !uses.contains(where: \.isProviderCall) {
        return .notCompared("the extension's own sources call no item provider (only \(uses[0].call))")
      }
      return .notCompared(
        "the code's types could not all be read, or the rule could not be evaluated on every input, or it lets in "
          + "no share")
    }
  }
}

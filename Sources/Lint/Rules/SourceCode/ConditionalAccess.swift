import SourceCode

/// Why a target counts as under App Protection conditional access (CA): no file says so, so either the team does
/// (`conditional_access: true`) or its code does, by handling MSAL's `MSALErrorServerProtectionPoliciesRequired`.
enum ConditionalAccessEvidence {
  /// `.sharelint.yml` says `conditional_access: true`.
  case configured
  /// A source handles the error: the first such mention.
  case handlesError(ConditionalAccess.ErrorMention)

  /// Why, as a clause: "'App/SignIn.swift:12' handles 'serverProtectionPoliciesRequired'".
  var reason: String {
    switch self {
    case .configured: return "the configuration says 'conditional_access: true'"
    case .handlesError(let mention):
      return "'\(mention.place)' handles '\(mention.name)'"
    }
  }
}

/// What the CA rules (SC006, SC007) read of a target's sources.
enum ConditionalAccess {
  /// MSAL's error for a token that App Protection CA withholds until the app is enrolled: Objective-C
  /// `MSALErrorServerProtectionPoliciesRequired` (-50004, `MSALError.h`), Swift
  /// `MSALError.serverProtectionPoliciesRequired`.
  static let errorNames: Set<String> = ["MSALErrorServerProtectionPoliciesRequired", "serverProtectionPoliciesRequired"]

  /// The Intune App SDK's remediation: `remediateComplianceForAccountId:silent:` (SDK 16.0.0 and later; Swift
  /// `remediateCompliance(forAccountId:silent:)`) and the `…ForIdentity` call it replaced.
  static let remediationNames: Set<String> = [
    "remediateComplianceForAccountId", "remediateComplianceForIdentity", "remediateCompliance",
  ]

  /// The names of an app that creates an MSAL client itself.
  static let msalClientNames: Set<String> = ["MSALPublicClientApplicationConfig", "MSALPublicClientApplication"]

  /// MSAL's token requests, current (`acquireToken(with:)`, `acquireTokenWithParameters:`) and older
  /// (`acquireTokenForScopes:`).
  static let tokenRequestNames: Set<String> = [
    "acquireToken", "acquireTokenSilent", "acquireTokenWithParameters", "acquireTokenSilentWithParameters",
    "acquireTokenForScopes", "acquireTokenSilentForScopes",
  ]

  /// A mention of the CA error in code.
  struct ErrorMention {
    let file: SourceFile
    let token: Int
    /// Whether the mention is a `case` of a `switch` whose body does nothing (`break`, or nothing, as in MSAL's
    /// error-handling documentation, which lists the error with "Handle this error only if you integrated Intune
    /// SDK"): naming the error is then no sign the app handles it.
    let isEmptyCase: Bool

    var name: String { file.spelling(token) }
    var place: String { SourceCodeSearch.place(of: token, in: file) }
  }

  /// Every mention of the CA error in `files`, in order; MSAL's own sources (which map `MSIDError…` codes to it) are
  /// left out, and so are declarations of a name of that spelling (MSAL's `MSALError.h` enumerator, an internal
  /// Swift `case serverProtectionPoliciesRequired(…)` of another enum): the Swift name counts after a `.`
  /// (`.serverProtectionPoliciesRequired`, `MSALError.serverProtectionPoliciesRequired`), the Objective-C constant
  /// when no `=` assigns it.
  static func errorMentions(in files: [SourceFile]) -> [ErrorMention] {
    var mentions: [ErrorMention] = []
    for file in files where !file.mentions(prefix: "MSIDError") {
      for token in file.identifiers(named: errorNames) where isReference(token, in: file) {
        mentions.append(ErrorMention(file: file, token: token, isEmptyCase: isEmptyCase(token, in: file)))
      }
    }
    return mentions
  }

  /// Whether the error's name at `index` refers to MSAL's error rather than declaring a name.
  static func isReference(_ index: Int, in file: SourceFile) -> Bool {
    if file.isIdentifier(index, "serverProtectionPoliciesRequired") {
      return index > 0 && file.isPunctuation(index - 1, ".")
    }
    return !(index + 1 < file.tokens.count && file.isPunctuation(index + 1, "="))
  }

  /// Whether the target is under CA, and why: `conditional_access` when the configuration sets it; otherwise (and
  /// unless `intune: false` turns the Intune rules off) the first mention of the error in `files` that handles it.
  static func evidence(for target: LintTarget, mentions: [ErrorMention]) -> ConditionalAccessEvidence? {
    switch target.settings.conditionalAccess {
    case true?: return .configured
    case false?: return nil
    case nil:
      guard target.settings.intuneMode != .off, let handled = mentions.first(where: { !$0.isEmptyCase }) else {
        return nil
      }
      return .handlesError(handled)
    }
  }

  /// Whether the identifier at `index` is a pattern of a `case` label (`case .a, .serverProtectionPoliciesRequired:`,
  /// `case MSALErrorServerProtectionPoliciesRequired:`) whose body holds nothing but `break`, `;` and braces before
  /// the next `case`, `default` or the end of the `switch`.
  static func isEmptyCase(_ index: Int, in file: SourceFile) -> Bool {
    // Back to `case` over the label's patterns.
    var position = index - 1
    var steps = 0
    while position >= 0, steps < 64, !file.isIdentifier(position, "case") {
      guard file.tokens[position].kind == .identifier || file.isPunctuation(position, ".")
        || file.isPunctuation(position, ",")
      else { return false }
      position -= 1
      steps += 1
    }
    guard file.isIdentifier(position, "case") else { return false }
    // On to the label's `:`.
    position = index + 1
    steps = 0
    while position < file.tokens.count, steps < 64, !file.isPunctuation(position, ":") {
      guard file.tokens[position].kind == .identifier || file.isPunctuation(position, ".")
        || file.isPunctuation(position, ",")
      else { return false }
      position += 1
      steps += 1
    }
    guard file.isPunctuation(position, ":") else { return false }
    // The body.
    position += 1
    var depth = 0
    let end = min(file.tokens.count, position + 4_000)
    while position < end {
      if depth == 0, file.isIdentifier(position, "case") || file.isIdentifier(position, "default") { return true }
      if file.isPunctuation(position, "{") {
        depth += 1
      } else if file.isPunctuation(position, "}") {
        if depth == 0 { return true }
        depth -= 1
      } else if !file.isIdentifier(position, "break"), !file.isPunctuation(position, ";") {
        return false
      }
      position += 1
    }
    return false
  }

  /// The first MSAL token request in `files`, else the first mention of an MSAL client: where a finding about the
  /// app's handling of tokens is placed.
  static func tokenSite(in files: [SourceFile]) -> (file: SourceFile, token: Int)? {
    if let request = SourceCodeSearch.firstReference(to: tokenRequestNames, in: files) {
      return (request.file, request.reference.token)
    }
    return SourceCodeSearch.firstMention(of: msalClientNames, in: files)
  }
}

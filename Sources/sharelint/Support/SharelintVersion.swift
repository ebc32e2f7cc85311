import IntuneKnowledge
import PredicateEvaluation
import PropertyList

/// The version `sharelint --version` prints. `make dist` reads `current` from this file (the one place the
/// version is written), so keep it a single string literal.
enum SharelintVersion {
  static let current = "0.1.0"

  /// What `--version` prints: sharelint's version, the C libraries it runs with, as loaded at run time, and the day
  /// its knowledge of the SDK and MSAL was last checked.
  static var withLibraries: String {
    """
    \(current)
    libxml2 \(LibXML2Version.runtime)
    PCRE2 \(PCRE2Version.runtime)
    \(KnowledgeSnapshot.versionLine)
    """
  }
}

/// When sharelint's knowledge of the Intune App SDK, MSAL and Apple was last compared with its sources, and what
/// the newest of those sources were. One date for the whole module: `sharelint --version` prints it, `explain`
/// shows it as `knowledge_checked` for the rules that read release tables, and the findings that depend on it
/// say it.
public enum KnowledgeSnapshot {
  /// The day the tables were last checked against their sources.
  public static let checkedOn = "2026-11-28"

  /// The sources, newest first, as `--version` and `explain` name them.
  public static let sources =
    "Intune App SDK for iOS to 22.2.0 (its release notes, 2026-11-18; README and tree of 21.7.1, d59aec5, "
    + "2026-07-07, the newest README read); MSAL for iOS to 2.15.0 (tags to 2.14.0 and dev at fae6844, "
    + "2026-07-22); Apple's Information Property List reference"

  /// The line `--version` prints.
  public static var versionLine: String { "knowledge checked \(checkedOn): \(sources)" }
}

import IntuneKnowledge

/// The twin arithmetic on `IntuneSchemeLists`' suffix, with URL-scheme normalisation (which lives here, in
/// URLSchemes, beside the other scheme syntax).
extension IntuneSchemeLists {
  /// True when `scheme` ends with `-intunemam` (compared case-insensitively).
  public static func isManagedTwin(_ scheme: String) -> Bool {
    URLSchemeSyntax.normalized(scheme).hasSuffix(managedTwinSuffix)
  }

  /// The scheme a twin stands for (`ms-word-intunemam` → `ms-word`), or nil when `scheme` is no twin.
  public static func baseScheme(ofTwin scheme: String) -> String? {
    guard isManagedTwin(scheme), scheme.utf8.count > managedTwinSuffix.utf8.count else { return nil }
    return String(scheme.dropLast(managedTwinSuffix.count))
  }
}

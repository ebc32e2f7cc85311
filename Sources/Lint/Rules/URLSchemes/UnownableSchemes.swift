import IntuneKnowledge
import URLSchemes

/// Schemes no app can make its own: the web's (`http`, `https`, `urn` of ADAL's out-of-band redirect URI)
/// and those iOS keeps for its own apps (Mail, Phone, Messages, FaceTime, the App Store, Maps, Settings).
/// An app registering one of them claims links that are not its to handle, or claims nothing at all; no fix
/// and no `configure` step ever registers one (DESIGN.md, "a fix never changes what the app is").
enum UnownableSchemes {
  /// The schemes, lowercased.
  static let schemes: Set<String> = [
    "http", "https", "urn", "file", "ftp", "about", "data", "javascript", "blob", "ws", "wss",
    "mailto", "tel", "telprompt", "sms", "facetime", "facetime-audio", "itms", "itmss", "itms-apps", "itms-appss",
    "itms-services", "maps", "app-settings",
  ]

  /// Whether `scheme` (any case) is one of them.
  static func contains(_ scheme: String) -> Bool { schemes.contains(URLSchemeSyntax.normalized(scheme)) }

  /// Whether `scheme` is a twin of one of them (`https-intunemam` is Edge's, not the app's).
  static func containsTwin(_ scheme: String) -> Bool {
    IntuneSchemeLists.baseScheme(ofTwin: scheme).map(contains) ?? false
  }
}

import IntuneKnowledge
import URLSchemes

/// Example text for the US rules, built from the lists the rules check: the entries every Intune SDK app
/// queries come from `IntuneSchemeLists.requiredQueriesSchemes`, never from a copy.
enum URLSchemeExample {
  /// The 19 entries every Intune SDK app's `LSApplicationQueriesSchemes` needs, in the configurator's order.
  static let required = IntuneSchemeLists.requiredQueriesSchemes

  /// `required` without `schemes`, in the same order.
  static func required(without schemes: Set<String>) -> [String] {
    required.filter { !schemes.contains($0) }
  }

  /// An Info.plist body listing `schemes` in `LSApplicationQueriesSchemes`, after an empty `IntuneMAMSettings`
  /// when `intune`. `↓` marks the array `arrayMarkers` times (findings about the array) and each entry of
  /// `markedEntries` (findings about an entry).
  static func queriesSchemes(
    _ schemes: [String], intune: Bool = true, arrayMarkers: Int = 0, markedEntries: Set<String> = []
  ) -> String {
    var lines = intune ? ["<key>IntuneMAMSettings</key>", "<dict/>"] : []
    lines.append("<key>LSApplicationQueriesSchemes</key>")
    lines.append(String(repeating: "↓", count: arrayMarkers) + "<array>")
    lines += schemes.map { "\t" + (markedEntries.contains($0) ? "↓" : "") + "<string>\($0)</string>" }
    lines.append("</array>")
    return lines.joined(separator: "\n")
  }
}

/// Notes that say the same thing about different files, targets or configurations — a CocoaPods project whose
/// `Pods-*.xcconfig` files are missing has one per target and configuration — made one line that names them all.
///
/// Two notes say the same thing when they read alike once their location (`file:line: `) and every quoted text
/// (`'…'`) are set aside. The line is the first note, located, followed by `; likewise` and, for each other one,
/// its location and the quoted texts that differ from the first's (leaving out its own file, which its location
/// names): `Riot/Debug.xcconfig:21: included file 'A' is not in the repository; … ; likewise
/// Riot/Release.xcconfig:21 ('B')`. A group names at most `namedMembers` others and counts the rest (`and 195 more`):
/// a repository of 200 Mac Catalyst apps gets one readable line, not one of 40,000 characters (`sharelint targets`
/// lists every target).
enum NoteGrouping {
  /// How many other members a grouped note names before it counts the rest.
  static let namedMembers = 8

  /// A note taken apart.
  private struct Parts {
    var location: String?
    /// The location's file, when the location is `file:line`.
    var file: String?
    var quoted: [String]
    var template: String
    var text: String
  }

  /// `notes` with each set of notes that say the same thing made one line, at the place of its first; the rest in
  /// their order.
  static func grouped(_ notes: [String]) -> [String] {
    var seen: Set<String> = []
    let parts = notes.filter { seen.insert($0).inserted }.map(Self.parts(of:))
    var members: [String: [Int]] = [:]
    for (index, part) in parts.enumerated() { members[part.template, default: []].append(index) }
    var result: [String] = []
    for (index, part) in parts.enumerated() {
      guard let group = members[part.template], group.count > 1 else {
        result.append(part.text)
        continue
      }
      guard group[0] == index else { continue }
      let others = group.dropFirst().prefix(Self.namedMembers).map { describe(parts[$0], against: part) }
      let unnamed = group.count - 1 - others.count
      result.append(
        part.text + "; likewise " + others.joined(separator: ", ") + (unnamed > 0 ? " and \(unnamed) more" : ""))
    }
    return result
  }

  /// How `member` differs from `first`: its location (when another) and the quoted texts that differ, its own
  /// file left out.
  private static func describe(_ member: Parts, against first: Parts) -> String {
    let values = zip(member.quoted, first.quoted).filter { $0 != $1 && $0 != member.file }.map { "'\($0.0)'" }
    let location = member.location == first.location ? nil : member.location
    switch (location, values.count) {
    case (let location?, 0): return location
    case (let location?, _): return "\(location) (\(values.joined(separator: ", ")))"
    case (nil, 1): return values[0]
    default: return "(\(values.joined(separator: ", ")))"
    }
  }

  /// `file:line: message` (or a message) split into its location, its quoted texts and what remains.
  private static func parts(of note: String) -> Parts {
    var location: String?
    var file: String?
    var message = Substring(note)
    // `file:line: `: a path with no space before the first `:`, then digits, then `: `.
    if let colon = note.firstIndex(of: ":"), !note[..<colon].contains(" "), colon > note.startIndex {
      let afterColon = note[note.index(after: colon)...]
      let digits = afterColon.prefix { $0.isASCII && $0.isNumber }
      if !digits.isEmpty, afterColon.dropFirst(digits.count).hasPrefix(": ") {
        file = String(note[..<colon])
        location = "\(note[..<colon]):\(digits)"
        message = afterColon.dropFirst(digits.count + 2)
      }
    }
    var quoted: [String] = []
    var template = ""
    var rest = message
    while let open = rest.firstIndex(of: "'") {
      let afterOpen = rest[rest.index(after: open)...]
      guard let close = afterOpen.firstIndex(of: "'") else { break }
      template += rest[..<open] + "'…'"
      quoted.append(String(afterOpen[..<close]))
      rest = afterOpen[afterOpen.index(after: close)...]
    }
    template += rest
    return Parts(location: location, file: file, quoted: quoted, template: template, text: note)
  }
}

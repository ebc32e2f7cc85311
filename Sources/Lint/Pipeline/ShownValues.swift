/// The values a message quotes as the build has them next to what is written — `'contoso' (from '$(APP_SCHEME)')`,
/// as `BuildSettingEvaluation.shown` writes them — which differ between configurations whose build settings differ.
/// The merge stage takes two findings whose messages differ only there for one finding, and says which
/// configuration has which value.
enum ShownValues {
  /// One `'value' (from 'written')` in a message.
  struct Quote: Equatable {
    /// Its UTF-8 range in the message.
    var range: Range<Int>
    var value: String
    var written: String
  }

  private static let middle = Array("' (from '".utf8)
  private static let end = Array("')".utf8)

  /// The `'value' (from 'written')` quotes of `message`, in order. A value or written text holding a `'` is not
  /// told apart from the text around it, and is left out.
  static func quotes(in message: String) -> [Quote] {
    let bytes = Array(message.utf8)
    let quote = UInt8(ascii: "'")
    var quotes: [Quote] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == quote else {
        index += 1
        continue
      }
      let valueStart = index + 1
      guard let valueEnd = bytes[valueStart...].firstIndex(of: quote) else { break }
      guard bytes[valueEnd...].starts(with: middle) else {
        index = valueEnd
        continue
      }
      let writtenStart = valueEnd + middle.count
      guard let writtenEnd = bytes[writtenStart...].firstIndex(of: quote), bytes[writtenEnd...].starts(with: end)
      else {
        index = valueEnd
        continue
      }
      quotes.append(
        Quote(
          range: index..<writtenEnd + end.count,
          value: String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self),
          written: String(decoding: bytes[writtenStart..<writtenEnd], as: UTF8.self)))
      index = writtenEnd + end.count
    }
    return quotes
  }

  /// `message` with every `'value' (from 'written')` as `'written'`: what stays the same in every configuration.
  static func asWritten(_ message: String) -> String {
    replacing(quotes(in: message), in: message) { _ in true }
  }

  /// One message for `variants` (the message of each configuration or build, labelled, all the same `asWritten`):
  /// a quote whose value is the same in all of them is kept; one that differs is written `'written'`, and a note
  /// (unless one for the start of its written text came first) says which label has which value
  /// (`'$(APP_SCHEME)' is 'contoso-dev' in Debug; 'contoso' in Release`).
  static func merged(_ variants: [(label: String, message: String)]) -> (message: String, notes: [String]) {
    guard let first = variants.first else { return ("", []) }
    let quotesByVariant = variants.map { quotes(in: $0.message) }
    guard quotesByVariant.allSatisfy({ $0.count == quotesByVariant[0].count }) else { return (first.message, []) }
    var differing: Set<Int> = []
    var notes: [String] = []
    var noted: [String] = []
    for position in quotesByVariant[0].indices {
      let values = quotesByVariant.map { $0[position].value }
      guard Set(values).count > 1 else { continue }
      differing.insert(position)
      // `'$(APP_SCHEME)-intunemam'` after `'$(APP_SCHEME)'` says nothing new.
      let written = quotesByVariant[0][position].written
      guard !noted.contains(where: { written.hasPrefix($0) }) else { continue }
      noted.append(written)
      var labelsByValue: [(value: String, labels: [String])] = []
      for (variant, value) in zip(variants, values) {
        if let known = labelsByValue.firstIndex(where: { $0.value == value }) {
          labelsByValue[known].labels.append(variant.label)
        } else {
          labelsByValue.append((value, [variant.label]))
        }
      }
      let note = "'\(written)' is "
        + labelsByValue.map { "'\($0.value)' in \($0.labels.joined(separator: ", "))" }.joined(separator: "; ")
      if !notes.contains(note) { notes.append(note) }
    }
    var position = -1
    let message = replacing(quotesByVariant[0], in: first.message) { _ in
      position += 1
      return differing.contains(position)
    }
    return (message, notes)
  }

  /// `message` with each of `quotes` for which `replaces` says so written `'written'`.
  private static func replacing(_ quotes: [Quote], in message: String, where replaces: (Quote) -> Bool) -> String {
    guard !quotes.isEmpty else { return message }
    let bytes = Array(message.utf8)
    var result: [UInt8] = []
    var copied = 0
    for quote in quotes {
      guard replaces(quote) else { continue }
      result += bytes[copied..<quote.range.lowerBound]
      result += Array("'\(quote.written)'".utf8)
      copied = quote.range.upperBound
    }
    result += bytes[copied...]
    return String(decoding: result, as: UTF8.self)
  }
}

/// The configurations each finding holds in, as findings of several configurations are folded into one (by the
/// merger across jobs, by `ProjectTargetFacts.inEachConfiguration` within a target rule): where a configuration's
/// message quotes other values than the finding's, the finding quotes what is written and notes which configuration
/// has which value (`ShownValues.merged`).
struct ConfigurationVariants {
  /// For each finding (by its index) whose message differs between its configurations: its notes before folding and
  /// each configuration's message.
  private var variants: [Int: (notes: [String], messages: [(label: String, message: String)])] = [:]

  /// Adds the configuration `name`, in which the finding says `message`, to `finding` (number `index` of the
  /// findings folded); nothing when the finding names it already.
  mutating func add(_ name: String, message: String, to finding: inout LintDiagnostic, index: Int) {
    guard !finding.configurations.contains(name) else { return }
    finding.configurations.append(name)
    guard finding.message != message || variants[index] != nil else { return }
    // Until now every configuration of the finding had its message (`name` was just added last).
    var merged = variants[index] ?? (finding.notes, finding.configurations.dropLast().map { ($0, finding.message) })
    merged.messages.append((name, message))
    variants[index] = merged
    let combined = ShownValues.merged(merged.messages)
    finding.message = combined.message
    finding.notes = combined.notes + merged.notes
  }
}

import CPCRE2
import PredicateSyntax
import SharelintBase
import Synchronization

/// LIKE and MATCHES patterns compiled by PCRE2 in UTF mode, each compiled once and kept.
///
/// Entries are keyed by the pattern text after folding and by the compile options, so two nodes
/// with the same pattern share one compiled program. Compiled programs are read-only and PCRE2
/// allows matching one from several threads, so the cache is shared safely (a mutex guards the table).
final class RegularExpressionCache: Sendable {
  /// Which language a pattern is written in.
  enum Syntax: Hashable, Sendable {
    /// LIKE: `?` one character, `*` any run, `\` escapes the next character, the rest literal.
    case like
    /// MATCHES: an ICU-style regular expression matched against the whole string.
    case matches
  }

  struct Key: Hashable, Sendable {
    var pattern: String
    var syntax: Syntax
    var caseless: Bool
  }

  /// How many programs to keep before starting afresh (patterns computed from data could be endless).
  static let capacity = 512

  private let table = Mutex<[Key: CompiledPattern]>([:])

  /// The compiled program for `pattern`, compiling it on first use. A pattern PCRE2 rejects
  /// throws `.invalidPattern` at `range`.
  func program(
    for pattern: String, syntax: Syntax, caseless: Bool, range: ByteRange
  ) throws(EvaluationError) -> CompiledPattern {
    let key = Key(pattern: pattern, syntax: syntax, caseless: caseless)
    if let cached = table.withLock({ $0[key] }) { return cached }
    let compiled = try CompiledPattern(key, range: range)
    table.withLock { entries in
      if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
      entries[key] = compiled
    }
    return compiled
  }

  /// How many programs are cached.
  var count: Int { table.withLock { $0.count } }
}

/// One PCRE2 program, anchored at both ends.
final class CompiledPattern: @unchecked Sendable {
  // The program is never changed after compilation; pcre2_match only reads it.
  private let code: OpaquePointer
  /// The pattern as written, for messages.
  let pattern: String

  init(_ key: RegularExpressionCache.Key, range: ByteRange) throws(EvaluationError) {
    pattern = key.pattern
    let source = key.syntax == .like ? Self.regularExpression(forLike: key.pattern) : key.pattern
    var options = UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP) | UInt32(PCRE2_ANCHORED) | UInt32(PCRE2_ENDANCHORED)
    if key.caseless { options |= UInt32(PCRE2_CASELESS) }
    if key.syntax == .like { options |= UInt32(PCRE2_DOTALL) }
    var errorCode: Int32 = 0
    var errorOffset = 0
    var utf8 = source
    let compiled = utf8.withUTF8 { buffer in
      pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, nil)
    }
    guard let compiled else {
      let what = key.syntax == .like ? "LIKE pattern" : "regular expression"
      throw EvaluationError(
        .invalidPattern,
        "invalid \(what) '\(key.pattern)': \(Self.message(for: errorCode)) at offset \(errorOffset)", at: range)
    }
    code = compiled
  }

  deinit { pcre2_code_free_8(code) }

  /// Whether the whole of `subject` matches. A match PCRE2 gives up on (a resource limit) throws.
  /// How many backtracking steps one match may take (PCRE2's match limit; its default is 10,000,000):
  /// a pattern such as `(a|a)*b` takes exponential time, and this keeps one match to about a millisecond.
  static let matchLimit: UInt32 = 100_000

  /// The `EvaluationBudget` steps one match costs: with `matchLimit`, a budget holds about a second of
  /// the slowest matches.
  static let stepsPerMatch = 20_000

  /// The match settings, `matchLimit` in particular: made once, only read by `pcre2_match`.
  private nonisolated(unsafe) static let matchContext: OpaquePointer? = {
    let context = pcre2_match_context_create_8(nil)
    if let context { pcre2_set_match_limit_8(context, matchLimit) }
    return context
  }()

  func matches(_ subject: String, range: ByteRange) throws(EvaluationError) -> Bool {
    guard let matchData = pcre2_match_data_create_8(1, nil) else {
      throw EvaluationError(.invalidPattern, "out of memory matching '\(pattern)'", at: range)
    }
    defer { pcre2_match_data_free_8(matchData) }
    let context = Self.matchContext
    var text = subject
    let result = text.withUTF8 { buffer in
      // A Swift string is valid UTF-8, so PCRE2 need not check it again.
      let start = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
      return pcre2_match_8(code, start, buffer.count, 0, UInt32(PCRE2_NO_UTF_CHECK), matchData, context)
    }
    if result >= 0 { return true }
    if result == PCRE2_ERROR_NOMATCH { return false }
    throw EvaluationError(
      .invalidPattern, "matching '\(pattern)' failed: \(Self.message(for: result))", at: range)
  }

  /// PCRE2's text for an error code.
  static func message(for errorCode: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let length = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
    guard length > 0 else { return "error \(errorCode)" }
    return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
  }

  /// The PCRE2 pattern for a LIKE pattern: `?` is one character (a grapheme cluster), `*` any run,
  /// `\x` the character x, and every other character stands for itself.
  static func regularExpression(forLike pattern: String) -> String {
    var output = ""
    var escaping = false
    for scalar in pattern.unicodeScalars {
      if !escaping {
        switch scalar {
        case "?":
          output += "\\X"
          continue
        case "*":
          output += ".*"
          continue
        case "\\":
          escaping = true
          continue
        default:
          break
        }
      }
      escaping = false
      if scalar.value < 0x20 || scalar.value == 0x7F {
        output += "\\x{" + String(scalar.value, radix: 16) + "}"
        continue
      }
      // PCRE2 reads a backslash before any ASCII character that is not a letter or digit as that character.
      if scalar.isASCII && !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
        output += "\\"
      }
      output.unicodeScalars.append(scalar)
    }
    if escaping { output += "\\\\" }
    return output
  }
}

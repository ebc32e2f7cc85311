/// Splits one line of a Ruby DSL file (`Podfile`) into the few tokens its statements need: strings, symbols,
/// labels (`configurations:`), identifiers, `=>` and punctuation. Stops at a `#` comment outside a string.
/// Interpolation (`#{…}`) is kept as text inside a double-quoted string.
enum RubyToken: Hashable, Sendable {
  /// `'text'` or `"text"`, simple escapes decoded.
  case string(String)
  /// `:name`.
  case symbol(String)
  /// `name:` in a hash (`configurations: […]`).
  case label(String)
  /// A bare word: `pod`, `target`, `do`, `true`, `shared_pods`, `use_frameworks!`…
  case identifier(String)
  /// `=>`.
  case arrow
  /// Any other character: `,` `(` `)` `[` `]` `{` `}` `|` `;` `.` `=`…
  case punctuation(Character)

  /// The text of a string, symbol, label or identifier.
  var text: String? {
    switch self {
    case .string(let text), .symbol(let text), .label(let text), .identifier(let text): return text
    case .arrow, .punctuation: return nil
    }
  }

  /// The tokens of `line`, at most `limit` of them.
  static func tokens(of line: Substring, limit: Int = 4_096) -> [RubyToken] {
    var tokens: [RubyToken] = []
    let characters = Array(line)
    var index = 0
    func isWordCharacter(_ character: Character) -> Bool {
      character.isLetter || character.isNumber || character == "_"
    }
    while index < characters.count, tokens.count < limit {
      let character = characters[index]
      if character == " " || character == "\t" || character == "\r" {
        index += 1
      } else if character == "#" {
        break
      } else if character == "'" || character == "\"" {
        var text = ""
        index += 1
        while index < characters.count, characters[index] != character {
          if characters[index] == "\\", index + 1 < characters.count {
            index += 1
          }
          text.append(characters[index])
          index += 1
        }
        // A string never closed on its line ends the statement: nothing after its quote is read.
        guard index < characters.count else { break }
        index += 1
        tokens.append(.string(text))
      } else if character == "=", index + 1 < characters.count, characters[index + 1] == ">" {
        tokens.append(.arrow)
        index += 2
      } else if character == ":", index + 1 < characters.count, isWordCharacter(characters[index + 1]) {
        var end = index + 1
        while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
        tokens.append(.symbol(String(characters[(index + 1)..<end])))
        index = end
      } else if isWordCharacter(character) {
        var end = index
        while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
        if end < characters.count, characters[end] == "!" || characters[end] == "?" { end += 1 }
        let word = String(characters[index..<end])
        // `key: value` (but not `a ? b : c` or `::`).
        if end < characters.count, characters[end] == ":", end + 1 >= characters.count || characters[end + 1] != ":" {
          tokens.append(.label(word))
          end += 1
        } else {
          tokens.append(.identifier(word))
        }
        index = end
      } else {
        tokens.append(.punctuation(character))
        index += 1
      }
    }
    return tokens
  }
}

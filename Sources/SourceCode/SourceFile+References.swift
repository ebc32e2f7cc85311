import SharelintBase

/// A use of a method or property by name in code: `x.name(…)`, `x.name` (Swift, or Objective-C's dot syntax), or a
/// message send `[x name…]`. Declarations (`func name`, `- (void)name:`) and bare names are not uses of this kind.
public struct SourceReference: Hashable, Sendable {
  /// How the name is used.
  public enum Kind: Hashable, Sendable {
    /// `receiver.name`, with or without a call after it.
    case member
    /// An Objective-C message send, `[receiver name…]`.
    case messageSend
  }

  /// The index of the name's token.
  public let token: Int
  /// How the name is used.
  public let kind: Kind
  /// For a Swift call `name(a, forWindow: w)`, its argument labels (`_` for an argument without one):
  /// `["_", "forWindow"]`. For a message send `[x name:a forWindow:w]`, the selector's parts: `["name", "forWindow"]`
  /// (`["name"]` for `[x name]`). Empty for a member that is not called.
  public let labels: [String]
}

extension SourceFile {
  /// How far back a message send's opening `[` is looked for, in tokens.
  static let messageSendLookBehind = 4_000
  /// How many tokens an argument list or a message send is read over.
  static let argumentLookAhead = 4_000

  /// The uses of the methods and properties named `names` (`SourceReference`), in order.
  public func references(to names: Set<String>) -> [SourceReference] {
    identifiers(named: names).compactMap(reference(at:))
  }

  /// The use the identifier at `index` makes of a method or property, if it is one.
  public func reference(at index: Int) -> SourceReference? {
    if isPunctuation(index - 1, ".") && !isPunctuation(index - 2, ".") {
      return SourceReference(token: index, kind: .member, labels: language == .swift ? swiftLabels(after: index) : [])
    }
    guard language == .objectiveC, isMessageSelector(at: index) else { return nil }
    return SourceReference(token: index, kind: .messageSend, labels: selectorParts(from: index))
  }

  /// The argument labels of a Swift call whose name is at `index` (`_` for an unlabeled argument); empty when no
  /// `(` follows it.
  func swiftLabels(after index: Int) -> [String] {
    guard isPunctuation(index + 1, "(") else { return [] }
    var labels: [String] = []
    var depth = 0
    var argumentStart = true
    var position = index + 2
    let end = min(tokens.count, position + Self.argumentLookAhead)
    while position < end {
      if depth == 0, argumentStart {
        argumentStart = false
        if isPunctuation(position, ")") { break }
        if tokens[position].kind == .identifier, isPunctuation(position + 1, ":") {
          labels.append(spelling(position))
          position += 2
          continue
        }
        labels.append("_")
      }
      if let change = nesting(position) {
        if change < 0, depth == 0 { break }
        depth += change
      } else if depth == 0, isPunctuation(position, ",") {
        argumentStart = true
      }
      position += 1
    }
    return labels
  }

  /// Whether the identifier at `index` is the first part of a message send's selector: it follows the receiver (a
  /// name, `]` or `)`) inside an open `[`, and `]` or `:` follows it. A method's declaration
  /// (`- (void)name:(…)`) is not one.
  func isMessageSelector(at index: Int) -> Bool {
    guard index > 0, isPunctuation(index + 1, "]") || isPunctuation(index + 1, ":") else { return false }
    let previous = tokens[index - 1]
    if previous.kind == .punctuation {
      guard isPunctuation(index - 1, "]") || isPunctuation(index - 1, ")") else { return false }
      if isPunctuation(index - 1, ")"), let open = matchingOpening(ofClosing: index - 1),
        isPunctuation(open - 1, "-") || isPunctuation(open - 1, "+")
      {
        // `- (void)name:`: a declaration.
        return false
      }
    } else if previous.kind != .identifier {
      return false
    }
    // An unmatched `[` before it, in the same statement.
    var depth = 0
    var position = index - 1
    let limit = max(0, index - Self.messageSendLookBehind)
    while position >= limit {
      if tokens[position].kind == .punctuation {
        switch text.bytes[tokens[position].range.start] {
        case UInt8(ascii: "]"), UInt8(ascii: ")"): depth += 1
        case UInt8(ascii: "("):
          if depth == 0 { return false }
          depth -= 1
        case UInt8(ascii: "["):
          if depth == 0 { return true }
          depth -= 1
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"):
          if depth == 0 { return false }
        default: break
        }
      }
      position -= 1
    }
    return false
  }

  /// The parts of the selector of the message send whose first part is at `index`: that name, then each name
  /// followed by `:` at the send's own level (`[x name:a forWindow:w]` → `name`, `forWindow`); of a method's
  /// `declaration`, up to its body or `;`.
  func selectorParts(from index: Int, declaration: Bool = false) -> [String] {
    var parts = [spelling(index)]
    var depth = 0
    var position = index + 1
    let end = min(tokens.count, position + Self.argumentLookAhead)
    while position < end {
      if declaration, depth == 0, isPunctuation(position, "{") || isPunctuation(position, ";") { break }
      if let change = nesting(position) {
        if change < 0, depth == 0 { break }
        depth += change
      } else if depth == 0, tokens[position].kind == .identifier, isPunctuation(position + 1, ":"),
        !isPunctuation(position - 1, "?"), position > index + 1
      {
        parts.append(spelling(position))
      }
      position += 1
    }
    return parts
  }

  /// +1 for a token that opens `(`, `[` or `{`, -1 for one that closes, nil for any other.
  public func nesting(_ index: Int) -> Int? {
    guard tokens[index].kind == .punctuation else { return nil }
    switch text.bytes[tokens[index].range.start] {
    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return 1
    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): return -1
    default: return nil
    }
  }

  /// The index of the `(`, `[` or `{` that the closing token at `index` closes, looking back a bounded distance.
  func matchingOpening(ofClosing index: Int) -> Int? {
    var depth = 0
    var position = index
    let limit = max(0, index - Self.messageSendLookBehind)
    while position >= limit {
      if let change = nesting(position) {
        depth -= change
        if depth == 0 { return position }
      }
      position -= 1
    }
    return nil
  }

  /// The index of the token that closes the `(`, `[` or `{` at `index`, looking ahead a bounded distance.
  public func matchingClosing(ofOpening index: Int) -> Int? {
    var depth = 0
    var position = index
    let end = min(tokens.count, index + Self.argumentLookAhead)
    while position < end {
      if let change = nesting(position) {
        depth += change
        if depth == 0 { return position }
      }
      position += 1
    }
    return nil
  }
}

/// A method an app declares, by name: Swift `func name(label x: T)`, Objective-C `- (T)name:(T)x label:(T)y`.
public struct SourceDeclaration: Hashable, Sendable {
  /// The index of the name's token.
  public let token: Int
  /// Swift: the parameters' argument labels (`_` for none); Objective-C: the selector's parts (the name first).
  public let labels: [String]
}

extension SourceFile {
  /// The declarations of methods named `names` (`SourceDeclaration`), in order.
  public func declarations(of names: Set<String>) -> [SourceDeclaration] {
    identifiers(named: names).compactMap { index in
      switch language {
      case .swift:
        guard isIdentifier(index - 1, "func") else { return nil }
        return SourceDeclaration(token: index, labels: swiftParameterLabels(after: index))
      case .objectiveC:
        guard isPunctuation(index - 1, ")"), let open = matchingOpening(ofClosing: index - 1),
          isPunctuation(open - 1, "-") || isPunctuation(open - 1, "+")
        else { return nil }
        return SourceDeclaration(token: index, labels: selectorParts(from: index, declaration: true))
      }
    }
  }

  /// The argument labels of the parameters of a Swift function whose name is at `index`: each parameter's first
  /// name (`_` included).
  func swiftParameterLabels(after index: Int) -> [String] {
    var position = index + 1
    // Generic parameters: `func f<T>(…)`.
    if isPunctuation(position, "<") {
      while position < tokens.count, !isPunctuation(position, ">"), position < index + 200 { position += 1 }
      position += 1
    }
    guard isPunctuation(position, "(") else { return [] }
    var labels: [String] = []
    var depth = 0
    var parameterStart = true
    position += 1
    let end = min(tokens.count, position + Self.argumentLookAhead)
    while position < end {
      if depth == 0, parameterStart {
        parameterStart = false
        if tokens[position].kind == .identifier { labels.append(spelling(position)) }
      }
      if let change = nesting(position) {
        if change < 0, depth == 0 { break }
        depth += change
      } else if depth == 0, isPunctuation(position, ",") {
        parameterStart = true
      }
      position += 1
    }
    return labels
  }
}

extension SourceFile {
  /// The tokens of the receiver of the use `reference`: the postfix chain before its `.`
  /// (`IntuneMAMEnrollmentManager.instance()` in `IntuneMAMEnrollmentManager.instance().enrolledAccount()`), or
  /// what stands between a message send's `[` and its selector.
  public func receiver(of reference: SourceReference) -> Range<Int> {
    let end = reference.kind == .member ? reference.token - 1 : reference.token
    switch reference.kind {
    case .messageSend:
      var depth = 0
      var position = reference.token - 1
      let limit = max(0, reference.token - Self.messageSendLookBehind)
      while position >= limit {
        if let change = nesting(position) {
          if change > 0, depth == 0 { return (position + 1)..<end }
          depth -= change
        }
        position -= 1
      }
      return end..<end
    case .member:
      var start = end
      var steps = 0
      while start > 0, steps < 200 {
        steps += 1
        let previous = start - 1
        if tokens[previous].kind == .identifier || isPunctuation(previous, ".") || isPunctuation(previous, "?")
          || isPunctuation(previous, "!")
        {
          start = previous
        } else if nesting(previous) == -1, let open = matchingOpening(ofClosing: previous) {
          start = open
        } else {
          break
        }
      }
      return start..<end
    }
  }

  /// Whether an identifier of the receiver of `reference` starts with `prefix`.
  public func receiver(of reference: SourceReference, mentions prefix: String) -> Bool {
    let bytes = Array(prefix.utf8)
    return receiver(of: reference).contains { index in
      let token = tokens[index]
      return token.kind == .identifier && token.range.count >= bytes.count
        && text.bytes[token.range.start..<(token.range.start + bytes.count)].elementsEqual(bytes)
    }
  }
}

import Foundation
import SharelintBase

/// A value written in a Swift manifest, as far as literals go: strings, numbers, booleans, names (`teamId`,
/// `.app`, `Target.target`), calls with labelled arguments, arrays and dictionaries. Anything else — an operator, a
/// closure, a subscript, a method called on a value — is `computed`, with what made it so.
struct SwiftManifestValue: Sendable {
  indirect enum Kind: Sendable {
    case string(String)
    /// A string literal with `\(…)`, as written between its quotes.
    case interpolatedString(String)
    case number(String)
    case boolean(Bool)
    /// A name or a member chain as written: `teamId`, `.app`, `Destinations.iOS`, `.relativeToManifest`.
    case name(String)
    /// A call of `callee` (a `name`'s text) with its arguments.
    case call(callee: String, arguments: [SwiftManifestArgument])
    case array([SwiftManifestValue])
    case dictionary([(key: SwiftManifestValue, value: SwiftManifestValue)])
    /// `a + b + …`: operands joined with `+` (arrays a manifest concatenates, some of them computed).
    case concatenation([SwiftManifestValue])
    /// An expression only running the manifest can evaluate, and why (`'+'`, `a closure`).
    case computed(String)
  }

  var kind: Kind
  /// Where the value begins.
  var line: Int
  var column: Int

  /// The literal string, when the value is one (not interpolated).
  var string: String? {
    if case .string(let text) = kind { return text }
    return nil
  }

  /// The name or member chain, when the value is one.
  var name: String? {
    if case .name(let text) = kind { return text }
    return nil
  }

  /// The callee and arguments, when the value is a call.
  var call: (callee: String, arguments: [SwiftManifestArgument])? {
    if case .call(let callee, let arguments) = kind { return (callee, arguments) }
    return nil
  }

  /// The elements, when the value is an array literal.
  var elements: [SwiftManifestValue]? {
    if case .array(let elements) = kind { return elements }
    return nil
  }

  /// The operands of `a + b + …`, or the value itself.
  var operands: [SwiftManifestValue] {
    if case .concatenation(let operands) = kind { return operands }
    return [self]
  }

  /// How the value is described in a note: `'"a\(b)"'`, `'teamId'`, `'.helper(…)'`, `a computed value ('+')`.
  var shown: String {
    switch kind {
    case .string(let text): "'\"\(text)\"'"
    case .interpolatedString(let text): "'\"\(text)\"'"
    case .number(let text): "'\(text)'"
    case .boolean(let flag): "'\(flag)'"
    case .name(let text): "'\(text)'"
    case .call(let callee, _): "'\(callee)(…)'"
    case .array: "an array"
    case .dictionary: "a dictionary"
    case .concatenation: "an expression ('+')"
    case .computed(let reason): "an expression (\(reason))"
    }
  }
}

/// One argument of a call: its label, when written, and its value.
struct SwiftManifestArgument: Sendable {
  var label: String?
  var value: SwiftManifestValue
}

/// What a manifest's top level holds: `let`/`var` bindings by name, and the other expressions, in order.
struct SwiftManifest: Sendable {
  var bindings: [String: SwiftManifestValue] = [:]
  var expressions: [SwiftManifestValue] = []

  /// `value` with names bound at the top level replaced by their values (`let bundleId = "…"`), following at most
  /// 8 names in a row.
  func resolved(_ value: SwiftManifestValue) -> SwiftManifestValue {
    var value = value
    for _ in 0..<8 {
      guard let name = value.name, !name.contains("."), let bound = bindings[name] else { return value }
      value = bound
    }
    return value
  }
}

/// Reads the literal structure of a Swift manifest from its tokens with an explicit stack of open brackets (never
/// recursing on the input's depth): each `(`, `[` and `{` opens a frame, bounded by `maximumDepth`. At the top level
/// a statement ends at a line break, unless the next line continues it (`.member`, an operator).
struct SwiftManifestParser {
  /// The most brackets open at once.
  static let maximumDepth = 64
  /// The words that may come before `let` or `var` at the top level.
  static let declarationModifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "package", "nonisolated",
  ]

  /// An expression being read: what it is so far, and whether something made it computed.
  private struct Element {
    var value: SwiftManifestValue?
    var computedBecause: String?
    /// The operands before the last `+`, when the expression is a concatenation.
    var operands: [SwiftManifestValue] = []
    /// After a `.`: the next name is a member.
    var expectsMember = false
    var line = 0
    var column = 0

    var isEmpty: Bool { value == nil && computedBecause == nil && !expectsMember && operands.isEmpty }

    mutating func markComputed(_ reason: String) {
      if computedBecause == nil { computedBecause = reason }
    }

    /// The finished value, `nil` when nothing was written.
    var finished: SwiftManifestValue? {
      if let computedBecause { return SwiftManifestValue(kind: .computed(computedBecause), line: line, column: column) }
      guard !operands.isEmpty else { return value }
      guard let value else { return SwiftManifestValue(kind: .computed("'+'"), line: line, column: column) }
      return SwiftManifestValue(kind: .concatenation(operands + [value]), line: line, column: column)
    }
  }

  private enum FrameKind {
    case top
    case call(String)
    case parentheses
    case collection
    case braces
  }

  private struct Frame {
    var kind: FrameKind
    var line: Int
    var column: Int
    /// Why the frame's value is computed whatever it holds (a subscript, a call of a computed value).
    var computedBecause: String?
    var arguments: [SwiftManifestArgument] = []
    var pairs: [(key: SwiftManifestValue, value: SwiftManifestValue)] = []
    var isDictionary = false
    var label: String?
    var key: SwiftManifestValue?
    var element = Element()
  }

  /// The top level's statement: `let NAME … = value` (or `var`: `isVariable`), or a plain expression.
  private enum Statement {
    case expression
    case expectingName(isVariable: Bool)
    case expectingEquals(String, isVariable: Bool)
    case binding(String, isVariable: Bool)
  }

  let file: String

  /// The manifest's top level.
  /// - Throws: a located `XcodeProjectError` for brackets that do not match or nest past `maximumDepth`.
  func parse(_ tokens: [SwiftManifestToken]) throws(XcodeProjectError) -> SwiftManifest {
    var manifest = SwiftManifest()
    var frames = [Frame(kind: .top, line: 1, column: 1)]
    var statement = Statement.expression

    func endStatement(_ top: inout Frame) {
      if let value = top.element.finished {
        if case .binding(let name, let isVariable) = statement {
          // A `var` may be changed by the statements after it (`info["Key"] = …`): its first value is not its value.
          manifest.bindings[name] =
            isVariable
            ? SwiftManifestValue(kind: .computed("a 'var' the manifest may change"), line: value.line, column: 1)
            : value
        } else {
          manifest.expressions.append(value)
        }
      }
      top.element = Element()
      statement = .expression
    }

    for token in tokens {
      let depth = frames.count - 1
      if depth == 0 {
        // A line break ends a top-level statement unless the line goes on with a member or an operator.
        let continues: Bool =
          switch token.kind {
          case .punctuation(let byte): byte == UInt8(ascii: ".")
          case .symbol(let text): text != "@" && text != "#"
          default: false
          }
        if token.beginsLine, !continues, !frames[0].element.isEmpty { endStatement(&frames[0]) }
        switch (statement, token.kind) {
        case (.expression, .identifier(let word)) where frames[0].element.isEmpty && (word == "let" || word == "var"):
          statement = .expectingName(isVariable: word == "var")
          continue
        case (.expression, .identifier(let word))
        where frames[0].element.isEmpty && Self.declarationModifiers.contains(word):
          continue
        case (.expectingName(let isVariable), .identifier(let name)):
          statement = .expectingEquals(name, isVariable: isVariable)
          continue
        case (.expectingName, _):
          statement = .expression
        case (.expectingEquals(let name, let isVariable), .symbol("=")):
          statement = .binding(name, isVariable: isVariable)
          continue
        case (.expectingEquals, _):
          continue   // a type annotation
        default:
          break
        }
      }
      var frame = frames[depth]
      if frame.element.isEmpty { (frame.element.line, frame.element.column) = (token.line, token.column) }
      switch token.kind {
      case .identifier(let word):
        if frame.element.expectsMember {
          frame.element.expectsMember = false
          if frame.element.value == nil {
            frame.element.value = SwiftManifestValue(kind: .name("." + word), line: token.line, column: token.column)
          } else if let name = frame.element.value?.name {
            frame.element.value?.kind = .name(name + "." + word)
          } else {
            frame.element.markComputed("'.\(word)' of a value")
          }
        } else if frame.element.value == nil, frame.element.computedBecause == nil {
          let kind: SwiftManifestValue.Kind =
            word == "true" ? .boolean(true) : word == "false" ? .boolean(false) : .name(word)
          frame.element.value = SwiftManifestValue(kind: kind, line: token.line, column: token.column)
        } else {
          frame.element.markComputed("'\(word)'")
        }
      case .string(let text, let interpolated):
        if frame.element.value == nil, frame.element.computedBecause == nil {
          frame.element.value = SwiftManifestValue(
            kind: interpolated ? .interpolatedString(text) : .string(text), line: token.line, column: token.column)
        } else {
          frame.element.markComputed("a string after a value")
        }
      case .number(let text):
        if frame.element.value == nil, frame.element.computedBecause == nil {
          frame.element.value = SwiftManifestValue(kind: .number(text), line: token.line, column: token.column)
        } else {
          frame.element.markComputed("'\(text)'")
        }
      case .symbol("+") where frame.element.computedBecause == nil && !frame.element.expectsMember:
        if let value = frame.element.value {
          frame.element.operands.append(value)
          frame.element.value = nil
        } else {
          frame.element.markComputed("'+'")
        }
      case .symbol(let text):
        frame.element.markComputed("'\(text)'")
      case .punctuation(let byte):
        switch byte {
        case UInt8(ascii: "."):
          if frame.element.expectsMember { frame.element.markComputed("'..'") }
          frame.element.expectsMember = true
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
          guard frames.count <= Self.maximumDepth else {
            throw XcodeProjectError(
              "brackets nest more than \(Self.maximumDepth) deep: the manifest is not read", file: file,
              line: token.line, column: token.column)
          }
          var opened = Frame(kind: .collection, line: token.line, column: token.column)
          if byte == UInt8(ascii: "(") {
            if frame.element.expectsMember {
              opened.kind = .parentheses
              opened.computedBecause = "'.(…)'"
            } else if let name = frame.element.value?.name, frame.element.computedBecause == nil {
              opened.kind = .call(name)
              opened.line = frame.element.line
              opened.column = frame.element.column
            } else if frame.element.value == nil, frame.element.computedBecause == nil {
              opened.kind = .parentheses
            } else {
              opened.kind = .call("")
              opened.computedBecause = "a call of a computed value"
            }
          } else if byte == UInt8(ascii: "[") {
            if frame.element.value != nil { opened.computedBecause = "a subscript" }
          } else {
            opened.kind = .braces
            opened.computedBecause = "a closure"
          }
          frame.element.value = nil
          frame.element.expectsMember = false
          frames[depth] = frame
          frames.append(opened)
          continue
        case UInt8(ascii: ","):
          Self.endElement(&frame)
        case UInt8(ascii: ":"):
          switch frame.kind {
          case .call, .parentheses:
            if frame.label == nil, let name = frame.element.value?.name, !name.contains("."),
              frame.element.computedBecause == nil
            {
              frame.label = name
              frame.element = Element()
            } else {
              frame.element.markComputed("':'")
            }
          case .collection:
            if frame.key == nil, let key = frame.element.finished {
              frame.key = key
              frame.isDictionary = true
              frame.element = Element()
            } else if frame.element.isEmpty, frame.pairs.isEmpty, frame.arguments.isEmpty {
              frame.isDictionary = true   // `[:]`
            } else {
              frame.element.markComputed("':'")
            }
          case .top, .braces:
            frame.element.markComputed("':'")
          }
        default:
          // A closing bracket: the frame's value becomes the element of the frame below.
          let expected: UInt8 =
            switch frame.kind {
            case .call, .parentheses: UInt8(ascii: ")")
            case .collection: UInt8(ascii: "]")
            case .braces: UInt8(ascii: "}")
            case .top: 0
            }
          guard byte == expected else {
            throw XcodeProjectError(
              "'\(String(UnicodeScalar(byte)))' closes nothing open", file: file, line: token.line,
              column: token.column)
          }
          Self.endElement(&frame)
          frames.removeLast()
          let value = Self.value(of: frame)
          var below = frames[frames.count - 1]
          if below.element.isEmpty { (below.element.line, below.element.column) = (frame.line, frame.column) }
          if below.element.value == nil, below.element.computedBecause == nil {
            below.element.value = value
          } else {
            below.element.markComputed("a value after a value")
          }
          frames[frames.count - 1] = below
          continue
        }
      }
      frames[depth] = frame
    }
    guard frames.count == 1, let top = frames.first else {
      let open = frames[frames.count - 1]
      throw XcodeProjectError("a bracket opened here is not closed", file: file, line: open.line, column: open.column)
    }
    var last = top
    endStatement(&last)
    return manifest
  }

  /// Adds the frame's pending element (with its label or key) to what the frame holds.
  private static func endElement(_ frame: inout Frame) {
    let element = frame.element
    frame.element = Element()
    guard let value = element.finished else {
      frame.label = nil
      return
    }
    switch frame.kind {
    case .collection:
      if let key = frame.key {
        frame.pairs.append((key, value))
      } else {
        frame.arguments.append(SwiftManifestArgument(label: nil, value: value))
      }
    default:
      frame.arguments.append(SwiftManifestArgument(label: frame.label, value: value))
    }
    frame.label = nil
    frame.key = nil
  }

  /// The value a closed frame stands for.
  private static func value(of frame: Frame) -> SwiftManifestValue {
    let kind: SwiftManifestValue.Kind
    if let reason = frame.computedBecause {
      kind = .computed(reason)
    } else {
      switch frame.kind {
      case .call(let callee):
        kind = .call(callee: callee, arguments: frame.arguments)
      case .parentheses:
        if frame.arguments.count == 1, frame.arguments[0].label == nil {
          return frame.arguments[0].value
        }
        kind = .computed("a tuple")
      case .collection:
        if frame.isDictionary {
          kind = frame.arguments.isEmpty ? .dictionary(frame.pairs) : .computed("a mixed collection")
        } else {
          kind = .array(frame.arguments.map(\.value))
        }
      case .braces, .top:
        kind = .computed("a closure")
      }
    }
    return SwiftManifestValue(kind: kind, line: frame.line, column: frame.column)
  }
}

import Foundation
import SharelintBase

/// Why an MSBuild expression or condition could not be evaluated: the text that could not be, in the notes' words.
struct MSBuildUnknown: Error, Hashable, Sendable {
  var reason: String
}

/// What MSBuild evaluation needs around an expression: the properties defined so far (names ignore case) and
/// whether a path exists.
struct MSBuildScope {
  /// Property values by lowercased name.
  var properties: [String: String] = [:]
  /// Whether the file or folder at a path (relative to the project's folder, `\` already turned into `/`) exists;
  /// nil when it may not be looked at (outside the folders sharelint may read).
  var exists: (String) -> Bool? = { _ in nil }
  /// `GetPathOfFileAbove(name, start)`: the path found, empty when there is none, nil when it may not be searched.
  var fileAbove: (String, String) -> String? = { _, _ in nil }

  /// The value of the property `name`; empty when it is not defined, as in MSBuild.
  func value(of name: String) -> String { properties[name.lowercased()] ?? "" }

  // MARK: - Expansion

  /// `text` with each `$(…)` replaced: properties, the string methods `Contains`, `StartsWith`, `EndsWith`,
  /// `ToLower`/`ToUpper`, `Trim`, `Replace`, `Equals`, and the `[MSBuild]::` functions `GetTargetPlatformIdentifier`,
  /// `GetTargetFrameworkIdentifier`, `GetTargetPlatformVersion`, `EnsureTrailingSlash`, `ValueOrDefault`,
  /// `IsOSPlatform` (as on the Mac that builds the iOS app), `GetPathOfFileAbove`, `GetDirectoryNameOfFileAbove`
  /// and the `Version…` comparisons. An item list (`@(…)`), item metadata (`%(…)`) or any other function is unknown.
  func expand(_ text: String, depth: Int = 0) throws(MSBuildUnknown) -> String {
    guard depth < 8 else { throw MSBuildUnknown(reason: "property functions nested more than 8 deep") }
    let scalars = Array(text.unicodeScalars)
    var result = ""
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if (scalar == "@" || scalar == "%"), index + 1 < scalars.count, scalars[index + 1] == "(" {
        throw MSBuildUnknown(reason: scalar == "@" ? "an item list '@(…)'" : "item metadata '%(…)'")
      }
      guard scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(" else {
        result.unicodeScalars.append(scalar)
        index += 1
        continue
      }
      guard let close = Self.closingParenthesis(in: scalars, openingAt: index + 1) else {
        throw MSBuildUnknown(reason: "a '$(' is not closed")
      }
      let inner = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
      result += try evaluateProperty(inner.trimmingCharacters(in: .whitespaces), depth: depth)
      index = close + 1
    }
    return result
  }

  /// The index of the `)` closing the `(` at `open`, quotes respected.
  static func closingParenthesis(in scalars: [Unicode.Scalar], openingAt open: Int) -> Int? {
    var depth = 0
    var quote: Unicode.Scalar?
    var index = open
    while index < scalars.count {
      let scalar = scalars[index]
      if let current = quote {
        if scalar == current { quote = nil }
      } else if scalar == "'" || scalar == "\"" || scalar == "`" {
        quote = scalar
      } else if scalar == "(" {
        depth += 1
      } else if scalar == ")" {
        depth -= 1
        if depth == 0 { return index }
      }
      index += 1
    }
    return nil
  }

  /// The value of what is inside `$(…)`.
  private func evaluateProperty(_ inner: String, depth: Int) throws(MSBuildUnknown) -> String {
    if inner.hasPrefix("[") {
      guard let end = inner.firstIndex(of: "]") else { throw MSBuildUnknown(reason: "'$(\(inner))'") }
      let type = inner[inner.index(after: inner.startIndex)..<end]
      let rest = inner[inner.index(after: end)...]
      guard rest.hasPrefix("::"), let call = Self.call(String(rest.dropFirst(2))) else {
        throw MSBuildUnknown(reason: "the property function '$(\(inner))'")
      }
      let arguments = try call.arguments.map { (argument) throws(MSBuildUnknown) in
        try expandArgument(argument, depth: depth)
      }
      let value: String
      if type.caseInsensitiveCompare("MSBuild") == .orderedSame {
        value = try Self.msbuildFunction(call.name, arguments, whole: inner, scope: self)
      } else if type.caseInsensitiveCompare("System.String") == .orderedSame
        || type.caseInsensitiveCompare("String") == .orderedSame
      {
        // `[System.String]::Copy('$(X)').StartsWith(…)`: the common way to call a string method on a property
        // (Microsoft Learn, "Property functions": static property functions of System.String).
        switch (call.name, arguments.count) {
        case ("Copy", 1): value = arguments[0]
        case ("IsNullOrEmpty", 1): value = arguments[0].isEmpty ? "True" : "False"
        case ("IsNullOrWhiteSpace", 1):
          value = arguments[0].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "True" : "False"
        default: throw MSBuildUnknown(reason: "the property function '$(\(inner))'")
        }
      } else {
        throw MSBuildUnknown(reason: "the property function '$(\(inner))'")
      }
      // A string method called on the function's value (`.ToLower()`, `.StartsWith('ios')`).
      return try applyingStringMethods(call.rest.trimmingCharacters(in: .whitespaces)[...], to: value, inner, depth)
    }
    let nameEnd = inner.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } ?? inner.endIndex
    let name = String(inner[..<nameEnd])
    guard !name.isEmpty else { throw MSBuildUnknown(reason: "'$(\(inner))'") }
    return try applyingStringMethods(
      inner[nameEnd...].trimmingCharacters(in: .whitespaces)[...], to: self.value(of: name), inner, depth)
  }

  /// `value` with the string methods `rest` calls (`.StartsWith('a').ToString()`…, at most 8) applied.
  private func applyingStringMethods(_ rest: Substring, to value: String, _ inner: String, _ depth: Int)
    throws(MSBuildUnknown) -> String
  {
    var value = value
    var rest = rest
    var calls = 0
    while !rest.isEmpty {
      calls += 1
      guard calls <= 8, rest.hasPrefix("."), let call = Self.call(String(rest.dropFirst())) else {
        throw MSBuildUnknown(reason: "the property function '$(\(inner))'")
      }
      let arguments = try call.arguments.map { (argument) throws(MSBuildUnknown) in
        try expandArgument(argument, depth: depth)
      }
      value = try Self.stringMethod(call.name, on: value, arguments, whole: inner)
      rest = call.rest[...]
    }
    return value
  }

  /// An argument of a property function: a quoted string (expanded) or a bare expression.
  private func expandArgument(_ argument: String, depth: Int) throws(MSBuildUnknown) -> String {
    var text = argument.trimmingCharacters(in: .whitespaces)
    if text.count >= 2, let first = text.first, first == "'" || first == "\"" || first == "`", text.last == first {
      text = String(text.dropFirst().dropLast())
    }
    return try expand(text, depth: depth + 1)
  }

  /// `Name(arguments)rest` split: the name, the arguments (split at top-level commas) and what follows.
  private static func call(_ text: String) -> (name: String, arguments: [String], rest: String)? {
    guard let open = text.firstIndex(of: "(") else {
      // A property of the value without parentheses (`Length`) is not evaluated.
      return nil
    }
    let name = text[..<open].trimmingCharacters(in: .whitespaces)
    let scalars = Array(text.unicodeScalars)
    let openIndex = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: open)
    guard !name.isEmpty, let close = closingParenthesis(in: scalars, openingAt: openIndex) else { return nil }
    var arguments: [String] = []
    var current = ""
    var quote: Unicode.Scalar?
    var depth = 0
    for scalar in scalars[(openIndex + 1)..<close] {
      if let open = quote {
        if scalar == open { quote = nil }
      } else if scalar == "'" || scalar == "\"" || scalar == "`" {
        quote = scalar
      } else if scalar == "(" {
        depth += 1
      } else if scalar == ")" {
        depth -= 1
      } else if scalar == ",", depth == 0 {
        arguments.append(current)
        current = ""
        continue
      }
      current.unicodeScalars.append(scalar)
    }
    if !current.trimmingCharacters(in: .whitespaces).isEmpty || !arguments.isEmpty { arguments.append(current) }
    return (name, arguments, String(String.UnicodeScalarView(scalars[(close + 1)...])))
  }

  private static func stringMethod(_ name: String, on value: String, _ arguments: [String], whole: String)
    throws(MSBuildUnknown) -> String
  {
    func flag(_ answer: Bool) -> String { answer ? "True" : "False" }
    switch (name, arguments.count) {
    case ("Contains", 1): return flag(value.contains(arguments[0]))
    case ("StartsWith", 1): return flag(value.hasPrefix(arguments[0]))
    case ("EndsWith", 1): return flag(value.hasSuffix(arguments[0]))
    case ("Equals", 1): return flag(value == arguments[0])
    case ("ToLower", 0), ("ToLowerInvariant", 0): return value.lowercased()
    case ("ToUpper", 0), ("ToUpperInvariant", 0): return value.uppercased()
    case ("Trim", 0): return value.trimmingCharacters(in: .whitespacesAndNewlines)
    case ("Replace", 2): return value.replacingOccurrences(of: arguments[0], with: arguments[1])
    default: throw MSBuildUnknown(reason: "the property function '$(\(whole))'")
    }
  }

  private static func msbuildFunction(_ name: String, _ arguments: [String], whole: String, scope: MSBuildScope)
    throws(MSBuildUnknown) -> String
  {
    func flag(_ answer: Bool) -> String { answer ? "True" : "False" }
    switch (name.lowercased(), arguments.count) {
    case ("gettargetplatformidentifier", 1):
      return DotNetTargetFramework(arguments[0]).platform
    case ("gettargetplatformversion", 1), ("gettargetplatformversion", 2):
      return DotNetTargetFramework(arguments[0]).platformVersion
    case ("gettargetframeworkidentifier", 1):
      return DotNetTargetFramework(arguments[0]).frameworkIdentifier
    case ("ensuretrailingslash", 1):
      let path = arguments[0]
      return path.isEmpty || path.hasSuffix("/") || path.hasSuffix("\\") ? path : path + "\\"
    case ("getpathoffileabove", 1), ("getpathoffileabove", 2):
      let start = arguments.count == 2 ? arguments[1] : scope.value(of: "MSBuildThisFileDirectory")
      guard let found = scope.fileAbove(arguments[0], start.replacingOccurrences(of: "\\", with: "/")) else {
        throw MSBuildUnknown(reason: "'$(\(whole))', which would look outside the folders read")
      }
      return found.isEmpty || found.hasPrefix("/") ? found : MSBuildEvaluation.absolute(found)
    case ("getdirectorynameoffileabove", 2):
      guard let found = scope.fileAbove(arguments[1], arguments[0].replacingOccurrences(of: "\\", with: "/")) else {
        throw MSBuildUnknown(reason: "'$(\(whole))', which would look outside the folders read")
      }
      return found.isEmpty ? "" : MSBuildEvaluation.absolute(PathText.removingLastComponent(of: found))
    case ("isosplatform", 1):
      // The iOS app is built and signed on a Mac (Visual Studio on Windows pairs with one): evaluated as there.
      return flag(["osx", "macos"].contains(arguments[0].lowercased()))
    case ("valueordefault", 2):
      return arguments[0].isEmpty ? arguments[1] : arguments[0]
    case ("versiongreaterthanorequals", 2), ("versiongreaterthan", 2), ("versionlessthan", 2),
      ("versionlessthanorequals", 2), ("versionequals", 2), ("versionnotequals", 2):
      guard let order = DotNetTargetFramework.compareVersions(arguments[0], arguments[1]) else {
        throw MSBuildUnknown(reason: "the property function '$(\(whole))'")
      }
      switch name.lowercased() {
      case "versiongreaterthanorequals": return flag(order != .orderedAscending)
      case "versiongreaterthan": return flag(order == .orderedDescending)
      case "versionlessthan": return flag(order == .orderedAscending)
      case "versionlessthanorequals": return flag(order != .orderedDescending)
      case "versionequals": return flag(order == .orderedSame)
      default: return flag(order != .orderedSame)
      }
    default:
      throw MSBuildUnknown(reason: "the property function '$(\(whole))'")
    }
  }

  // MARK: - Conditions

  /// Whether `condition` holds, as MSBuild evaluates a `Condition` attribute: `==`, `!=`, `<`, `>`, `<=`, `>=`
  /// (strings compared ignoring case, numbers and versions by value), `and`, `or`, `!`, parentheses, `Exists(…)`
  /// and `HasTrailingSlash(…)`; an empty condition holds. `and` and `or` decide without a side that cannot be
  /// evaluated when the other side decides alone.
  func holds(_ condition: String) throws(MSBuildUnknown) -> Bool {
    guard condition.unicodeScalars.count <= 4096 else {
      throw MSBuildUnknown(reason: "a condition over 4,096 characters")
    }
    var parser = MSBuildConditionParser(tokens: try MSBuildConditionParser.tokens(of: condition), scope: self)
    if parser.tokens.isEmpty { return true }
    let value = try parser.parseOr(depth: 0).truth()
    guard parser.index == parser.tokens.count else {
      throw MSBuildUnknown(reason: "the condition \"\(condition)\" (not read past its start)")
    }
    return value
  }
}

/// A value met while evaluating a condition: known, or unknown with why.
private enum ConditionValue {
  case text(String)
  case truth(Bool)
  case unknown(MSBuildUnknown)

  func truth() throws(MSBuildUnknown) -> Bool {
    switch self {
    case .truth(let value): return value
    case .text(let text):
      switch text.lowercased() {
      case "true", "on", "yes", "!false", "!off", "!no": return true
      case "false", "off", "no", "!true", "!on", "!yes": return false
      default: throw MSBuildUnknown(reason: "'\(text)' is not a boolean")
      }
    case .unknown(let unknown): throw unknown
    }
  }

  var knownTruth: Bool? { try? truth() }
}

/// The condition grammar of MSBuild (`or` < `and` < `!` < comparison), parsed by descent with a depth bound: a
/// condition nests parentheses and `!` at most 32 deep.
private struct MSBuildConditionParser {
  enum Token: Equatable {
    case quoted(String)
    case word(String)
    case comparison(String)
    case not, open, close, comma
  }

  var tokens: [Token]
  let scope: MSBuildScope
  var index = 0

  init(tokens: [Token], scope: MSBuildScope) {
    self.tokens = tokens
    self.scope = scope
  }

  static func tokens(of condition: String) throws(MSBuildUnknown) -> [Token] {
    let scalars = Array(condition.unicodeScalars)
    var tokens: [Token] = []
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case " ", "\t", "\n", "\r":
        index += 1
      case "'", "\"", "`":
        var end = index + 1
        while end < scalars.count, scalars[end] != scalar { end += 1 }
        guard end < scalars.count else { throw MSBuildUnknown(reason: "a quote of the condition is not closed") }
        tokens.append(.quoted(String(String.UnicodeScalarView(scalars[(index + 1)..<end]))))
        index = end + 1
      case "(":
        tokens.append(.open)
        index += 1
      case ")":
        tokens.append(.close)
        index += 1
      case ",":
        tokens.append(.comma)
        index += 1
      case "=", "!", "<", ">":
        if index + 1 < scalars.count, scalars[index + 1] == "=" {
          tokens.append(.comparison(String(scalar) + "="))
          index += 2
        } else if scalar == "!" {
          tokens.append(.not)
          index += 1
        } else if scalar == "=" {
          throw MSBuildUnknown(reason: "a single '=' in the condition")
        } else {
          tokens.append(.comparison(String(scalar)))
          index += 1
        }
      case "$", "@", "%":
        // A bare property (`$(X.Contains('-ios'))`): up to its closing parenthesis.
        guard index + 1 < scalars.count, scalars[index + 1] == "(",
          let close = MSBuildScope.closingParenthesis(in: scalars, openingAt: index + 1)
        else { throw MSBuildUnknown(reason: "a '\(scalar)' of the condition starts nothing it can read") }
        tokens.append(.word(String(String.UnicodeScalarView(scalars[index...close]))))
        index = close + 1
      default:
        var end = index
        while end < scalars.count,
          !" \t\n\r'\"`(),=!<>".unicodeScalars.contains(scalars[end])
        {
          end += 1
        }
        guard end > index else { throw MSBuildUnknown(reason: "the character '\(scalar)' in a condition") }
        tokens.append(.word(String(String.UnicodeScalarView(scalars[index..<end]))))
        index = end
      }
      guard tokens.count <= 512 else { throw MSBuildUnknown(reason: "a condition of over 512 tokens") }
    }
    return tokens
  }

  private var current: Token? { index < tokens.count ? tokens[index] : nil }

  private func isKeyword(_ keyword: String) -> Bool {
    if case .word(let word)? = current { return word.lowercased() == keyword }
    return false
  }

  /// or-expression := and-expression ("or" and-expression)*
  mutating func parseOr(depth: Int) throws(MSBuildUnknown) -> ConditionValue {
    var left = try parseAnd(depth: depth)
    while isKeyword("or") {
      index += 1
      let right = try parseAnd(depth: depth)
      if left.knownTruth == true || right.knownTruth == true {
        left = .truth(true)
      } else if case .unknown = left {
      } else if case .unknown = right {
        left = right
      } else {
        let (first, second) = (try left.truth(), try right.truth())
        left = .truth(first || second)
      }
    }
    return left
  }

  /// and-expression := unary ("and" unary)*
  mutating func parseAnd(depth: Int) throws(MSBuildUnknown) -> ConditionValue {
    var left = try parseUnary(depth: depth)
    while isKeyword("and") {
      index += 1
      let right = try parseUnary(depth: depth)
      if left.knownTruth == false || right.knownTruth == false {
        left = .truth(false)
      } else if case .unknown = left {
      } else if case .unknown = right {
        left = right
      } else {
        let (first, second) = (try left.truth(), try right.truth())
        left = .truth(first && second)
      }
    }
    return left
  }

  /// unary := "!" unary | operand (comparison operand)?
  mutating func parseUnary(depth: Int) throws(MSBuildUnknown) -> ConditionValue {
    guard depth < 32 else { throw MSBuildUnknown(reason: "a condition nested more than 32 deep") }
    if current == .not {
      index += 1
      let operand = try parseUnary(depth: depth + 1)
      if case .unknown = operand { return operand }
      do { return .truth(!(try operand.truth())) } catch { return .unknown(error) }
    }
    let left = try parseOperand(depth: depth)
    guard case .comparison(let comparison)? = current else { return left }
    index += 1
    let right = try parseOperand(depth: depth)
    guard case .text(let leftText) = left, case .text(let rightText) = right else {
      if case .unknown = left { return left }
      if case .unknown = right { return right }
      return .unknown(MSBuildUnknown(reason: "a comparison of booleans"))
    }
    switch comparison {
    case "==": return .truth(leftText.lowercased() == rightText.lowercased())
    case "!=": return .truth(leftText.lowercased() != rightText.lowercased())
    default:
      guard let order = DotNetTargetFramework.compareVersions(leftText, rightText) else {
        return .unknown(MSBuildUnknown(reason: "'\(leftText)' \(comparison) '\(rightText)' compares no numbers"))
      }
      switch comparison {
      case "<": return .truth(order == .orderedAscending)
      case ">": return .truth(order == .orderedDescending)
      case "<=": return .truth(order != .orderedDescending)
      default: return .truth(order != .orderedAscending)
      }
    }
  }

  /// operand := "(" or-expression ")" | function "(" arguments ")" | quoted | word
  mutating func parseOperand(depth: Int) throws(MSBuildUnknown) -> ConditionValue {
    guard let token = current else { throw MSBuildUnknown(reason: "a condition that ends early") }
    index += 1
    switch token {
    case .open:
      let value = try parseOr(depth: depth + 1)
      guard current == .close else { throw MSBuildUnknown(reason: "a '(' of the condition is not closed") }
      index += 1
      return value
    case .quoted(let text):
      do { return .text(try scope.expand(text)) } catch { return .unknown(error) }
    case .word(let word):
      if current == .open, !word.hasPrefix("$") {
        index += 1
        var arguments: [ConditionValue] = []
        while current != .close {
          arguments.append(try parseOperand(depth: depth + 1))
          if current == .comma { index += 1 } else if current != .close {
            throw MSBuildUnknown(reason: "the arguments of '\(word)' in the condition")
          }
        }
        index += 1
        return function(word, arguments)
      }
      do { return .text(try scope.expand(word)) } catch { return .unknown(error) }
    default:
      throw MSBuildUnknown(reason: "a condition that cannot be read")
    }
  }

  private func function(_ name: String, _ arguments: [ConditionValue]) -> ConditionValue {
    guard arguments.count == 1 else { return .unknown(MSBuildUnknown(reason: "the condition function '\(name)'")) }
    guard case .text(let text) = arguments[0] else {
      if case .unknown = arguments[0] { return arguments[0] }
      return .unknown(MSBuildUnknown(reason: "the condition function '\(name)'"))
    }
    switch name.lowercased() {
    case "exists":
      let path = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\", with: "/")
      if path.isEmpty { return .truth(false) }
      guard let exists = scope.exists(path) else {
        return .unknown(MSBuildUnknown(reason: "Exists('\(text)'), outside the folders read"))
      }
      return .truth(exists)
    case "hastrailingslash":
      return .truth(text.hasSuffix("/") || text.hasSuffix("\\"))
    default:
      return .unknown(MSBuildUnknown(reason: "the condition function '\(name)'"))
    }
  }
}

/// A .NET target framework moniker (`net8.0-ios18.0`, `net10.0-maccatalyst`, `net8.0`) in the parts MSBuild's
/// functions give.
struct DotNetTargetFramework: Hashable, Sendable {
  /// The moniker as written, trimmed.
  var moniker: String
  /// The platform (`ios`, `maccatalyst`, `android`, `windows`), lowercased; empty without one.
  var platform: String
  /// The platform version written after it (`18.0`), or empty.
  var platformVersion: String
  /// `.NETCoreApp` for `netX.Y` from 5, `.NETStandard`, `.NETFramework` for `net4x`; empty when not known.
  var frameworkIdentifier: String

  init(_ text: String) {
    moniker = text.trimmingCharacters(in: .whitespaces)
    let lowered = moniker.lowercased()
    let parts = lowered.split(separator: "-", maxSplits: 1)
    let framework = parts.first.map(String.init) ?? ""
    if parts.count == 2 {
      let platformPart = parts[1]
      let name = platformPart.prefix { $0.isLetter }
      platform = String(name)
      platformVersion = String(platformPart.dropFirst(name.count))
    } else {
      platform = ""
      platformVersion = ""
    }
    if framework.hasPrefix("netstandard") {
      frameworkIdentifier = ".NETStandard"
    } else if framework.hasPrefix("netcoreapp") {
      frameworkIdentifier = ".NETCoreApp"
    } else if framework.hasPrefix("net"), let major = Int(framework.dropFirst(3).prefix { $0.isNumber }) {
      frameworkIdentifier = major >= 5 && framework.contains(".") ? ".NETCoreApp" : ".NETFramework"
    } else {
      frameworkIdentifier = ""
    }
  }

  /// Two numbers or dotted versions compared by value; nil when either is neither.
  static func compareVersions(_ left: String, _ right: String) -> ComparisonResult? {
    func parts(_ text: String) -> [Int]? {
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      let pieces = trimmed.split(separator: ".", omittingEmptySubsequences: false)
      guard !pieces.isEmpty, pieces.count <= 4 else { return nil }
      var numbers: [Int] = []
      for piece in pieces {
        guard let number = Int(piece), number >= 0 else { return nil }
        numbers.append(number)
      }
      return numbers
    }
    guard var left = parts(left), var right = parts(right) else { return nil }
    while left.count < right.count { left.append(0) }
    while right.count < left.count { right.append(0) }
    for (a, b) in zip(left, right) where a != b { return a < b ? .orderedAscending : .orderedDescending }
    return .orderedSame
  }
}

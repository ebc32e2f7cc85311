import IntuneKnowledge
import SourceCode

/// The redirect URIs an app's code gives MSAL: the `redirectUri` argument of `MSALPublicClientApplicationConfig`
/// (`MSALPublicClientApplicationConfig(clientId:redirectUri:authority:)`, `initWithClientId:redirectUri:authority:`)
/// and assignments to its `redirectUri` property, each read as far as the code says it: `nil`, a literal, or a
/// constant the code declares with a literal (`let kRedirectUri = "msauth.com.contoso.notes://auth"`).
enum MSALRedirectURIInCode {
  /// What one `redirectUri` argument or assignment gives.
  enum Value: Equatable {
    /// `nil`: MSAL takes its default, `msauth.<bundle id>://auth` when that scheme is registered.
    case unset
    /// A literal (or a constant's literal) in MSAL's form: `msauth.com.contoso.notes://auth`, or
    /// `"msauth.\(Bundle.main.bundleIdentifier!)://auth"`.
    case msauth(String)
    /// Anything else: a literal of another form, or a value the code does not spell out (a parameter, a
    /// generated constant, a value read at run time).
    case other(String)
  }

  /// The name MSAL's API gives the redirect URI.
  static let name = "redirectUri"

  /// Every `redirectUri` value in `files`, in order.
  static func values(in files: [SourceFile]) -> [Value] {
    var values: [Value] = []
    for file in files {
      for index in file.identifiers(named: [name]) {
        // `redirectUri: value` (a Swift argument or an Objective-C selector part), `x.redirectUri = value`.
        let isArgument = file.isPunctuation(index + 1, ":") && !file.isPunctuation(index + 2, "(")
        let isAssignment = file.isPunctuation(index - 1, ".") && file.isPunctuation(index + 1, "=")
          && !file.isPunctuation(index + 2, "=")
        guard isArgument || isAssignment, index + 2 < file.tokens.count else { continue }
        values.append(value(at: index + 2, in: file, files: files))
      }
    }
    return values
  }

  /// The value of the expression starting at token `index` of `file`.
  private static func value(at index: Int, in file: SourceFile, files: [SourceFile]) -> Value {
    let token = file.tokens[index]
    if token.isString { return literal(content(of: index, in: file)) }
    guard token.kind == .identifier else { return .other(file.spelling(index)) }
    if file.isIdentifier(index, "nil") { return .unset }
    // A member chain `A.b.c` is named by its last identifier.
    var last = index
    while file.isPunctuation(last + 1, "."), last + 2 < file.tokens.count,
      file.tokens[last + 2].kind == .identifier
    {
      last += 2
    }
    let constant = file.spelling(last)
    for candidate in files {
      if let literal = literalDeclared(constant, in: candidate) { return self.literal(literal) }
    }
    return .other(file.spelling(last))
  }

  /// A literal's content taken as a redirect URI.
  private static func literal(_ content: String) -> Value {
    content.lowercased().hasPrefix(MSALReleases.defaultRedirectSchemePrefix) ? .msauth(content) : .other(content)
  }

  /// The content of the string literal at `index`, interpolations included as written.
  private static func content(of index: Int, in file: SourceFile) -> String {
    let range = file.tokens[index].content
    return String(decoding: file.text.bytes[range.start..<range.end], as: UTF8.self)
  }

  /// The literal `name` is declared with in `file`: Swift `let name = "…"` (`: String` allowed), Objective-C
  /// `NSString *const name = @"…"` or `#define name @"…"`.
  private static func literalDeclared(_ name: String, in file: SourceFile) -> String? {
    for index in file.identifiers(named: [name]) {
      if file.isIdentifier(index - 1, "define"), index + 1 < file.tokens.count, file.tokens[index + 1].isString {
        return content(of: index + 1, in: file)
      }
      let declares = ["let", "var", "const"].contains { file.isIdentifier(index - 1, $0) }
      guard declares else { continue }
      var position = index + 1
      while position < min(file.tokens.count, index + 6), !file.isPunctuation(position, "=") { position += 1 }
      if file.isPunctuation(position, "="), position + 1 < file.tokens.count, file.tokens[position + 1].isString {
        return content(of: position + 1, in: file)
      }
    }
    return nil
  }
}

import SharelintBase
import SourceCode
import URLSchemes
import XcodeModel

/// SC005: code passes a URL with a literal scheme to `canOpenURL` that `LSApplicationQueriesSchemes` does not list.
struct UndeclaredCanOpenURLSchemeRule: TargetRule {
  static let description = RuleDescription(
    identifier: "undeclared-canopenurl-scheme",
    family: .sourceCode, number: 5,
    summary: "code asks canOpenURL about a scheme LSApplicationQueriesSchemes does not list",
    whatItDoes: """
      In the sources of an Intune app target of an Xcode project, finds the URLs passed to `canOpenURL` whose \
      scheme is written as a literal — `canOpenURL(URL(string: "fb://profile")!)`, \
      `[app canOpenURL:[NSURL URLWithString:@"fb://"]]`, or a name the same file gives such a URL or string once \
      (`let url = URL(string: "fb://")`, `let scheme = "fb://"`, and no other declaration, parameter or \
      assignment of that name in the file) — and reports each scheme the app's `LSApplicationQueriesSchemes` \
      does not list, at the literal. Schemes iOS answers for itself (`http`, `https`, `mailto`, `tel`, `sms`, \
      `facetime`, `itms-apps`, `maps`, `app-settings`…) are not asked for, nor is anything built at run time \
      (an interpolated string, a value from elsewhere). An array holding a `$(SETTING)` is not judged.
      """,
    whyItMatters: """
      Since iOS 9 `canOpenURL` answers false for every scheme the app does not declare in \
      `LSApplicationQueriesSchemes`, whether or not an app handling it is installed: the code takes its "not \
      installed" path on every device. The Intune guides ask for each scheme the app passes to `canOpenURL` in \
      the list (the 2016 guide step 9, the 2020 guide step 5, "stage 3" step 5), and the SDK's own twin of it \
      (`-intunemam`, which US001 checks) only helps once the scheme itself is there.
      """,
    useInstead: """
      Add the scheme to `LSApplicationQueriesSchemes` (and its `-intunemam` twin: `sharelint fix` adds twins), \
      among the first 50 entries.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK,
            sources: ["App/Share.swift", "App/Maps.m"]),
        ]),
        infoPlist: RuleExample.intuneAppInfoPlist + """

          <key>LSApplicationQueriesSchemes</key>
          <array>
          \t<string>comgooglemaps</string>
          \t<string>comgooglemaps-intunemam</string>
          </array>
          """,
        files: [
          "App/Share.swift": """
            import UIKit

            let whatsAppScheme = ↓"whatsapp://"

            func share() {
              if UIApplication.shared.canOpenURL(URL(string: ↓"fb://profile")!) { open() }
              let url = URL(string: whatsAppScheme)!
              _ = UIApplication.shared.canOpenURL(url)
              _ = UIApplication.shared.canOpenURL(URL(string: "https://contoso.com")!)
            }
            """,
          "App/Maps.m": """
            - (BOOL)hasGoogleMaps {
              return [[UIApplication sharedApplication] canOpenURL:[NSURL URLWithString:@"comgooglemaps://"]];
            }
            """,
        ],
        markedFile: "App/Share.swift",
        messages: [
          "'whatsapp' is passed to canOpenURL but LSApplicationQueriesSchemes does not list it: canOpenURL answers "
            + "false for it on every device",
          "'fb' is passed to canOpenURL but LSApplicationQueriesSchemes does not list it: canOpenURL answers false "
            + "for it on every device",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK,
            sources: ["App/Share.swift"]),
        ]),
        infoPlist: RuleExample.intuneAppInfoPlist + """

          <key>LSApplicationQueriesSchemes</key>
          <array>
          \t<string>FB</string>
          </array>
          """,
        files: [
          "App/Share.swift": """
            import UIKit

            func share(scheme: String, url: URL) {
              _ = UIApplication.shared.canOpenURL(URL(string: "fb://profile")!)
              _ = UIApplication.shared.canOpenURL(URL(string: "\\(scheme)://")!)
              _ = UIApplication.shared.canOpenURL(url)
              _ = UIApplication.shared.canOpenURL(URL(string: "tel:112")!)
            }
            """,
        ]),
    ],
    guideSteps: [29]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let target = view.target
    guard view.isApp, let code = view.sourceCode else { return }
    let queries = InfoPlistSchemes.queriesSchemes(of: target)
    // A listed `$(SETTING)` may be any scheme: nothing is judged against such a list.
    if let queries, queries.entries.contains(where: { $0.scheme.contains("$") }) { return }
    for file in code.files.files {
      var reported: Set<Int> = []
      for reference in file.references(to: ["canOpenURL"]) {
        guard let literal = Self.literalArgument(of: reference, in: file), reported.insert(literal).inserted,
          let scheme = Self.scheme(ofLiteral: literal, in: file),
          !UnownableSchemes.contains(scheme), queries?.contains(scheme) != true
        else { continue }
        SourceCodeSearch.report(
          "'\(scheme)' is passed to canOpenURL but LSApplicationQueriesSchemes does not list it: canOpenURL "
            + "answers false for it on every device",
          at: literal, in: file, keyPath: InfoPlistSchemes.queriesSchemesKey, into: &findings)
      }
    }
  }

  /// The scheme a URL literal starts with (`fb` of `fb://profile`), when it has one in URL syntax.
  static func scheme(ofLiteral index: Int, in file: SourceFile) -> String? {
    guard let content = file.stringContent(index), let colon = content.firstIndex(of: ":") else { return nil }
    let scheme = String(content[..<colon])
    guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
      scheme.unicodeScalars.allSatisfy({ scalar in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+.-".unicodeScalars
          .contains(scalar))
      })
    else { return nil }
    return scheme
  }

  /// The string literal the URL argument of the `canOpenURL` use `reference` is made of, when it is one: the
  /// token of `"fb://"` in `canOpenURL(URL(string: "fb://")!)`, `canOpenURL:[NSURL URLWithString:@"fb://"]`, or
  /// behind a name given such a value once in the file.
  static func literalArgument(of reference: SourceReference, in file: SourceFile) -> Int? {
    let open = reference.token + 1
    let argumentStart = open + 1
    switch reference.kind {
    case .member:
      guard file.language == .swift, file.isPunctuation(open, "("), let close = file.matchingClosing(ofOpening: open)
      else { return nil }
      return urlLiteral(in: file, from: argumentStart, to: close)
    case .messageSend:
      guard file.isPunctuation(open, ":") else { return nil }
      var end = argumentStart
      var depth = 0
      while end < file.tokens.count, end < argumentStart + 64 {
        if let change = file.nesting(end) {
          if change < 0, depth == 0 { break }
          depth += change
        }
        end += 1
      }
      return urlLiteral(in: file, from: argumentStart, to: end)
    }
  }

  /// The literal of a URL expression spanning tokens `start..<end`: `URL(string: "…")` (Swift, `!` and `as URL`
  /// allowed after it), `[NSURL URLWithString:@"…"]` (Objective-C), or a name standing for one.
  static func urlLiteral(in file: SourceFile, from start: Int, to end: Int) -> Int? {
    // How many names may stand one for another (`url` → `URL(string: scheme)` → `"fb://"`).
    let names = 2
    var last = end
    // `x!`, `x as URL`: the value is what comes before.
    if last - 2 >= start, file.isIdentifier(last - 2, "as") { last -= 2 }
    if last - 1 >= start, file.isPunctuation(last - 1, "!") { last -= 1 }
    guard last > start else { return nil }
    if last - start == 1, file.tokens[start].kind == .identifier {
      return valueLiteral(ofName: start, in: file, names: names)
    }
    return constructorLiteral(in: file, from: start, to: last, names: names)
  }

  /// The literal of `URL(string: LITERAL-OR-NAME)`, `NSURL(string: …)` or `[NSURL URLWithString:…]` spanning
  /// exactly `start..<end`; a name is followed through at most `names` declarations.
  static func constructorLiteral(in file: SourceFile, from start: Int, to end: Int, names: Int) -> Int? {
    let argument: Int
    if file.language == .swift {
      guard end - start == 6, file.isIdentifier(start, "URL") || file.isIdentifier(start, "NSURL"),
        file.isPunctuation(start + 1, "("), file.isIdentifier(start + 2, "string"), file.isPunctuation(start + 3, ":"),
        file.isPunctuation(end - 1, ")")
      else { return nil }
      argument = start + 4
    } else {
      guard end - start == 6, file.isPunctuation(start, "["), file.isIdentifier(start + 1, "NSURL"),
        file.isIdentifier(start + 2, "URLWithString"), file.isPunctuation(start + 3, ":"),
        file.isPunctuation(end - 1, "]")
      else { return nil }
      argument = start + 4
    }
    if file.tokens[argument].kind == .string { return argument }
    if file.tokens[argument].kind == .identifier, names > 0 {
      return valueLiteral(ofName: argument, in: file, names: names - 1)
    }
    return nil
  }

  /// The literal the name at `index` stands for: the file declares it once (`let name = "…"`, `let name =
  /// URL(string: "…")`, `NSURL *name = [NSURL URLWithString:@"…"];`) and never otherwise (no other assignment,
  /// parameter, label or closure argument of that name). Through a name in the value, at most `names` more.
  static func valueLiteral(ofName index: Int, in file: SourceFile, names: Int) -> Int? {
    let name = file.spelling(index)
    var declaration: Int?
    for occurrence in file.identifiers(named: [name]) where occurrence != index {
      if file.isPunctuation(occurrence + 1, ":") || file.isIdentifier(occurrence + 1, "in")
        || file.isIdentifier(occurrence - 1, "func") || file.isPunctuation(occurrence - 1, ".")
      {
        return nil
      }
      guard file.isPunctuation(occurrence + 1, "=") else { continue }
      // `==` is a comparison, not an assignment.
      if file.isPunctuation(occurrence + 2, "=") { continue }
      guard declaration == nil else { return nil }
      let declared =
        file.language == .swift
        ? file.isIdentifier(occurrence - 1, "let")
        : file.isPunctuation(occurrence - 1, "*") && file.isIdentifier(occurrence - 2, "NSURL")
          || file.isPunctuation(occurrence - 1, "*") && file.isIdentifier(occurrence - 2, "NSString")
      guard declared else { return nil }
      declaration = occurrence
    }
    guard let declaration else { return nil }
    let value = declaration + 2
    guard value < file.tokens.count else { return nil }
    if file.tokens[value].kind == .string {
      return file.isPunctuation(value + 1, ";") || file.language == .swift ? value : nil
    }
    // The end of the declared value: `)` or `]` closing the constructor.
    guard file.nesting(value + 1) == 1 || file.nesting(value) == 1 else { return nil }
    let opening = file.language == .swift ? value + 1 : value
    guard let close = file.matchingClosing(ofOpening: opening) else { return nil }
    return constructorLiteral(in: file, from: value, to: close + 1, names: names)
  }
}

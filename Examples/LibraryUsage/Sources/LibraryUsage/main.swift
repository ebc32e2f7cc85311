import Lint
import PredicateSyntax
import URLSchemes

// The predicate parser and printer.
let rule = #"any $attachment.registeredTypeIdentifiers uti-conforms-to "public.image""#
let outcome = PredicateParser.parse(rule)
guard let predicate = outcome.predicate else {
  fatalError("syntax error: \(outcome.diagnostics)")
}
print("rule:", PredicatePrinter().print(predicate))

// The URL checker: Intune's default policy, for an app that queries these schemes.
let checker = try URLAllowanceChecker(policy: .intuneDefault, queriesSchemes: ["ms-outlook", "ms-outlook-intunemam"])
let verdict = checker.isURLAllowed("ms-outlook://compose?to=someone@contoso.com")
print("url:", verdict.verdict.rawValue, verdict.reason.rawValue, verdict.opens ?? "-")

// The linter: the report the command line prints, here as text without colour.
let folder = CommandLine.arguments.dropFirst().first ?? "."
let report = try await LintSession.run(.init(paths: [folder]))
print("lint: \(report.count(.error)) errors, \(report.count(.warning)) warnings in \(report.targetCount) targets")
if let first = report.diagnostics.first {
  print("first: \(first.file):\(first.start?.line ?? 0): [\(first.code)] \(first.message)")
}

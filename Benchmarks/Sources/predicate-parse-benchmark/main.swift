import BenchmarkSupport
import Foundation
import PredicateSyntax

// Parsing speed of PredicateSyntax, release build. Usage:
//   predicate-parse-benchmark [FOLDER…]   (default: Grammar/examples/valid and Samples/Rules)
// Prints the time for one typical ~500-byte activation rule, and throughput (MB/s, rules/s) over
// every valid rule found in the folders.
//   predicate-parse-benchmark --files LIST --iterations N
// Parses every file named in LIST (one path a line) N times a round, 7 rounds after an untimed one, and prints the
// median round as `key=value` pairs — the same procedure and output as Benchmarks/gnustep/harness.m, so
// Benchmarks/predicate-parse-vs-gnustep.sh can compare the two on the same rules.

if CommandLine.arguments.count == 5, CommandLine.arguments[1] == "--files", CommandLine.arguments[3] == "--iterations",
  let iterations = Int(CommandLine.arguments[4]), iterations > 0
{
  let list = (try? String(contentsOfFile: CommandLine.arguments[2], encoding: .utf8)) ?? ""
  var rules: [[UInt8]] = []
  for path in list.split(separator: "\n") {
    guard let data = FileManager.default.contents(atPath: String(path)) else {
      FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
      exit(2)
    }
    rules.append(Array(data))
  }
  let valid = rules.filter { PredicateParser.parse(bytes: $0).isValid }.count
  let measurement = Measurement.run(iterations: iterations) {
    for rule in rules { blackHole(PredicateParser.parse(bytes: rule)) }
  }
  let bytes = rules.reduce(0) { $0 + $1.count }
  let median = measurement.median * Double(iterations) / 1e9
  let best = measurement.best * Double(iterations) / 1e9
  print("implementation=sharelint rules=\(rules.count) bytes=\(bytes) iterations=\(iterations)"
    + " median_round_seconds=\(formatted(median, decimals: 6)) best_round_seconds=\(formatted(best, decimals: 6))"
    + " rules_per_second=\(formatted(Double(rules.count * iterations) / median, decimals: 0))"
    + " mb_per_second=\(formatted(Double(bytes * iterations) / median / 1e6, decimals: 2)) valid=\(valid)")
  exit(0)
}

let typicalRule = """
  SUBQUERY (
      extensionItems,
      $extensionItem,
      SUBQUERY (
          $extensionItem.attachments,
          $attachment,
          ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
          OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.movie"
          OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image"
          OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.movie"
      ).@count >= 1
  ).@count == 1
  """
let typicalBytes = Array(typicalRule.utf8)
precondition(PredicateParser.parse(bytes: typicalBytes).isValid, "the typical rule must parse")

let folders = CommandLine.arguments.count > 1
  ? Array(CommandLine.arguments.dropFirst()) : ["Grammar/examples/valid", "Samples/Rules"]
var corpus: [[UInt8]] = []
for folder in folders {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  for name in names.sorted() where name.hasSuffix(".predicate") {
    guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
    let bytes = Array(data)
    if PredicateParser.parse(bytes: bytes).isValid { corpus.append(bytes) }
  }
}

print("predicate parsing (PredicateSyntax, release build)")
let typical = Measurement.run(iterations: 50_000) { blackHole(PredicateParser.parse(bytes: typicalBytes)) }
print("  typical activation rule (\(typicalBytes.count) bytes): median \(formatted(typical.median / 1000, decimals: 2)) µs"
  + " per parse, best \(formatted(typical.best / 1000, decimals: 2)) µs"
  + " — \(formatted(1e9 / typical.median, decimals: 0)) rules/s,"
  + " \(formatted(Double(typicalBytes.count) * 1e9 / typical.median / 1e6, decimals: 1)) MB/s")

if !corpus.isEmpty {
  let totalBytes = corpus.reduce(0) { $0 + $1.count }
  let whole = Measurement.run(iterations: max(1, 2_000_000 / totalBytes)) {
    for rule in corpus { blackHole(PredicateParser.parse(bytes: rule)) }
  }
  let perRule = whole.median / Double(corpus.count)
  print("  corpus of \(corpus.count) valid rules (\(totalBytes) bytes, from \(folders.joined(separator: ", "))):"
    + " \(formatted(1e9 / perRule, decimals: 0)) rules/s,"
    + " \(formatted(Double(totalBytes) * 1e9 / whole.median / 1e6, decimals: 1)) MB/s")
}

import FuzzDriver
import PredicateSyntax

/// libFuzzer entry point: parses the input as an activation rule in strict mode. A parse must either give a tree
/// or at least one diagnostic, and every diagnostic range must lie inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func predicateStrictFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let outcome = PredicateParser.parse(bytes: bytes, lenient: false)
  precondition(outcome.predicate != nil || !outcome.diagnostics.isEmpty, "a failed parse must say why")
  for diagnostic in outcome.diagnostics {
    precondition(diagnostic.range.start >= 0 && diagnostic.range.end <= bytes.count, "diagnostic out of input")
  }
  return 0
}

/// The process entry point: libFuzzer's driver (see `runLibFuzzer`).
@_cdecl("fuzz_predicate_strict_main")
func predicateStrictFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv, predicateStrictFuzzer)
}

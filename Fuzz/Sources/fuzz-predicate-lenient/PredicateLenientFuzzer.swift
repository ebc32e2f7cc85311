import PredicateSyntax

/// libFuzzer entry point: parses the input as an activation rule in lenient mode (typographic quotes act as quotes).
/// A parse must either give a tree
/// or at least one diagnostic, and every diagnostic range must lie inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func predicateLenientFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let outcome = PredicateParser.parse(bytes: bytes, lenient: true)
  precondition(outcome.predicate != nil || !outcome.diagnostics.isEmpty, "a failed parse must say why")
  for diagnostic in outcome.diagnostics {
    precondition(diagnostic.range.start >= 0 && diagnostic.range.end <= bytes.count, "diagnostic out of input")
  }
  return 0
}

/// The process entry point. SwiftPM links Linux executables with
/// `--defsym main=fuzz_predicate_lenient_main` (so tests can import executables), which
/// would hide libFuzzer's own `main`; this hands control to libFuzzer's driver instead.
@_cdecl("fuzz_predicate_lenient_main")
func predicateLenientFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv, predicateLenientFuzzer)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

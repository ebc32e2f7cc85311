import URLSchemes

/// libFuzzer entry point: reads the input as an Intune policy (JSON or YAML, Graph or short form), then compiles
/// it into a `URLAllowanceChecker` and asks it about a few URLs. Every failure must be an `IntunePolicyError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func policyFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let text = String(decoding: bytes, as: UTF8.self)
  do {
    let policy = try IntunePolicy.parse(text)
    let checker = try URLAllowanceChecker(policy: policy, queriesSchemes: ["ms-word", "msteams-intunemam", "tel"])
    for url in ["https://contoso.sharepoint.com/a", "mailto:a@b.c", "ms-word:ofe|u|x", "skype:x", "bad url"] {
      _ = checker.isURLAllowed(url, isKnownManagedAppScheme: false)
      _ = checker.isURLAllowed(url, isKnownManagedAppScheme: true)
    }
  } catch is IntunePolicyError {
  } catch {
    preconditionFailure("unexpected error type: \(error)")
  }
  return 0
}

/// The process entry point. SwiftPM links Linux executables with
/// `--defsym main=fuzz_policy_main` (so tests can import executables), which
/// would hide libFuzzer's own `main`; this hands control to libFuzzer's driver instead.
@_cdecl("fuzz_policy_main")
func policyFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv, policyFuzzer)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

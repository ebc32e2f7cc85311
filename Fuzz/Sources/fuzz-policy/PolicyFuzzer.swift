import FuzzDriver
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

/// The process entry point: libFuzzer's driver (see `runLibFuzzer`).
@_cdecl("fuzz_policy_main")
func policyFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv, policyFuzzer)
}

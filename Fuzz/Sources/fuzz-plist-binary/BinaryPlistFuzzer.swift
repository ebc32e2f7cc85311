import PropertyList

/// libFuzzer entry point: reads `bplist00` + the input as a binary plist (the seed corpus holds binary plists whose
/// own magic Fuzz/run-fuzzers.sh strips, so mutations are never wasted on the magic). Reading either
/// succeeds or throws `PropertyListError`; it never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func binaryPlistFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var bytes = Array("bplist00".utf8)
  if let data { bytes += UnsafeBufferPointer(start: data, count: size) }
  do {
    let document = try PropertyListDocument(bytes: bytes, name: "fuzz.plist")
    _ = document.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"])
  } catch is PropertyListError {
  } catch {
    preconditionFailure("unexpected error type: \(error)")
  }
  return 0
}

/// The process entry point. SwiftPM links Linux executables with
/// `--defsym main=fuzz_plist_binary_main` (so tests can import executables), which
/// would hide libFuzzer's own `main`; this hands control to libFuzzer's driver instead.
@_cdecl("fuzz_plist_binary_main")
func binaryPlistFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv, binaryPlistFuzzer)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

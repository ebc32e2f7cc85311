import PropertyList

/// libFuzzer entry point: reads the input as an XML plist (inputs starting with `bplist` are left to the
/// binary fuzzer). Reading either succeeds or throws `PropertyListError`; it never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func xmlPlistFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if BinaryPropertyList.looksBinary(bytes) { return -1 }
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
/// `--defsym main=fuzz_plist_xml_main` (so tests can import executables), which
/// would hide libFuzzer's own `main`; this hands control to libFuzzer's driver instead.
@_cdecl("fuzz_plist_xml_main")
func xmlPlistFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv, xmlPlistFuzzer)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

import FuzzDriver
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

/// The process entry point: libFuzzer's driver (see `runLibFuzzer`).
@_cdecl("fuzz_plist_binary_main")
func binaryPlistFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv, binaryPlistFuzzer)
}

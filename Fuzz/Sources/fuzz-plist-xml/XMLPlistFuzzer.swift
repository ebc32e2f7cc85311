import FuzzDriver
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

/// The process entry point: libFuzzer's driver (see `runLibFuzzer`).
@_cdecl("fuzz_plist_xml_main")
func xmlPlistFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv, xmlPlistFuzzer)
}

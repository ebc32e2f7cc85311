import FuzzDriver
import PropertyList

/// libFuzzer entry point: reads `bplist00` + the input as a binary plist (the seed corpus holds binary plists whose
/// own magic Fuzz/run-fuzzers.sh strips, so mutations are never wasted on the magic). Reading either
/// succeeds or throws `PropertyListError`; it never traps. What reads is written again
/// (`BinaryPropertyListWriter`, as fix does) and must read back as the same value, in the same bytes
/// when written once more.
@_cdecl("LLVMFuzzerTestOneInput")
public func binaryPlistFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var bytes = Array("bplist00".utf8)
  if let data { bytes += UnsafeBufferPointer(start: data, count: size) }
  do {
    let document = try PropertyListDocument(bytes: bytes, name: "fuzz.plist")
    _ = document.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"])
    let written = try BinaryPropertyList.serialize(document.root.value)
    let reread = try BinaryPropertyList.read(written).value
    precondition(same(reread, document.root.value), "the written plist reads back as another value")
    let rewritten = try BinaryPropertyList.serialize(reread)
    precondition(rewritten == written, "writing the same value twice gave other bytes")
  } catch is PropertyListError {
  } catch {
    preconditionFailure("unexpected error type: \(error)")
  }
  return 0
}

/// Whether two values are equal, a NaN real equal to a NaN real (`==` says no).
func same(_ a: PropertyListValue, _ b: PropertyListValue) -> Bool {
  switch (a, b) {
  case (.real(let x), .real(let y)): return x == y || (x.isNaN && y.isNaN)
  case (.array(let xs), .array(let ys)): return xs.count == ys.count && zip(xs, ys).allSatisfy { same($0, $1) }
  case (.dictionary(let xs), .dictionary(let ys)):
    return xs.count == ys.count && zip(xs, ys).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
  default: return a == b
  }
}

/// The process entry point: libFuzzer's driver (see `runLibFuzzer`).
@_cdecl("fuzz_plist_binary_main")
func binaryPlistFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv, binaryPlistFuzzer)
}

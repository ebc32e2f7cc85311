import FuzzDriver
import PropertyList
import SharelintBase

/// The key paths of the read that keeps only some values (discovery's read of the pairing facts).
private let keptPaths = [
  ["CFBundleIdentifier"], ["IntuneMAMSettings", "ContainingAppBundleId"], ["NSExtension", "NSExtensionPointIdentifier"],
  ["EXAppExtensionAttributes", "EXExtensionPointIdentifier"],
]

/// libFuzzer entry point: reads the input as an XML plist (inputs starting with `bplist` are left to the
/// binary fuzzer). Reading either succeeds or throws `PropertyListError`; it never traps. A read keeping
/// only `keptPaths` succeeds exactly when the whole read does, with the same values on those paths.
@_cdecl("LLVMFuzzerTestOneInput")
public func xmlPlistFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if BinaryPropertyList.looksBinary(bytes) { return -1 }
  let whole = read(bytes, keepingOnly: nil)
  _ = whole?.root.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"])
  let kept = read(bytes, keepingOnly: keptPaths)
  precondition((whole == nil) == (kept == nil), "the kept-paths read and the whole read disagree on success")
  if let whole, let kept {
    for path in keptPaths {
      precondition(whole.root.value(at: path) == kept.root.value(at: path), "different values at \(path)")
    }
  }
  return 0
}

/// The whole read (`keepingOnly: nil`) or a kept-paths read of `bytes`; `nil` when it throws.
private func read(_ bytes: [UInt8], keepingOnly: [[String]]?) -> XMLPlistReader.Result? {
  do {
    return try XMLPlistReader.read(SourceText(name: "fuzz.plist", bytes: bytes), keepingOnly: keepingOnly)
  } catch is PropertyListError {
    return nil
  } catch {
    preconditionFailure("unexpected error type: \(error)")
  }
}

/// The process entry point: libFuzzer's driver (see `runLibFuzzer`).
@_cdecl("fuzz_plist_xml_main")
func xmlPlistFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv, xmlPlistFuzzer)
}

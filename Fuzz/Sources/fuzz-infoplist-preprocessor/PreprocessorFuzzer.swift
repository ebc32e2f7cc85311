import FuzzDriver
import PropertyList
import SharelintBase
import XcodeModel

/// libFuzzer entry point: preprocesses the input as an Info.plist with INFOPLIST_PREPROCESS (two definitions, no
/// file system: `#include` finds nothing), then checks the source map: every output byte maps into the source,
/// and a range the map calls verbatim holds the same bytes in both. Failures must be located errors.
@_cdecl("LLVMFuzzerTestOneInput")
public func preprocessorFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let preprocessor = InfoPlistPreprocessor(
    definitions: ["DEBUG": "1", "SCHEME": "contoso"], maximumOutputSize: 1 << 20, readFile: { _ in nil })
  do {
    let result = try preprocessor.preprocess(SourceText(name: "Info.plist", bytes: bytes))
    for offset in stride(from: 0, to: result.output.count, by: max(1, result.output.count / 64)) {
      guard let location = result.sourceLocation(ofOutputOffset: offset) else {
        preconditionFailure("output byte \(offset) maps to no source")
      }
      precondition(location.file == "Info.plist" && location.offset <= bytes.count, "a location outside the source")
      if let range = result.sourceRange(ofOutputRange: offset..<min(result.output.count, offset + 4)) {
        precondition(Array(bytes[range.range]) == Array(result.output[offset..<min(result.output.count, offset + 4)]),
                     "a verbatim range whose bytes differ")
      }
    }
  } catch {
    precondition(error.line != nil || error.offset == nil, "an error at an offset without a line")
  }
  return 0
}

/// The process entry point: libFuzzer's driver (see `runLibFuzzer`).
@_cdecl("fuzz_infoplist_preprocessor_main")
func preprocessorFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv, preprocessorFuzzer)
}

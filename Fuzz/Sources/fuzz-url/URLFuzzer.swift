import FuzzDriver
import URLSchemes

/// A few policies that take different paths through the evaluator, compiled once.
let checkers: [URLAllowanceChecker] = {
  let policies = [
    "sendOrgData: allApps",
    "sendOrgData: managedApps",
    "sendOrgData: managedAppsWithOpenInFiltering\nbrowser: edge\nexemptSchemes: [default, tel]",
    "sendOrgData: none\nbrowser: unmanaged:mybrowser\nexemptUniversalLinks: [default, \"https://*.example.com/*\"]",
    "sendOrgData: managedAppsWithOSSharing\nbrowser: managedBrowser\n"
      + "managedUniversalLinks: [\"http://*.sharepoint-df.com/*\"]",
  ]
  let queries = ["http-intunemam", "https-intunemam", "microsoft-edge-https", "ms-word", "ms-word-intunemam", "tel"]
  return policies.flatMap { text in
    let policy = try! IntunePolicy.parse(text)
    return [
      try! URLAllowanceChecker(policy: policy), try! URLAllowanceChecker(policy: policy, queriesSchemes: queries),
    ]
  }
}()

/// libFuzzer entry point: each line of the input is a URL, checked against every policy, plus the whole input
/// through the streaming `URLBatchChecker` in every output format.
@_cdecl("LLVMFuzzerTestOneInput")
public func urlFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
    let url = String(decoding: line, as: UTF8.self)
    for checker in checkers {
      _ = checker.isURLAllowed(url, isKnownManagedAppScheme: false)
      _ = checker.isURLAllowed(url, isKnownManagedAppScheme: true)
    }
  }
  for format in URLVerdictFormat.allCases {
    let batch = URLBatchChecker(checker: checkers[5], format: format, maximumLineLength: 4096)
    var chunks = [Array(bytes.prefix(size / 2)), Array(bytes.dropFirst(size / 2))]
    _ = try! batch.run(readingChunksFrom: { chunks.isEmpty ? nil : chunks.removeFirst() }, writingTo: { _ in })
  }
  return 0
}

/// The process entry point: libFuzzer's driver (see `runLibFuzzer`).
@_cdecl("fuzz_url_main")
func urlFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv, urlFuzzer)
}

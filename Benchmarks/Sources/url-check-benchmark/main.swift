import BenchmarkSupport
import Foundation
import URLSchemes

// URLBatchChecker throughput in process, release build: the ceiling for `sharelint url check`. Usage:
//   url-check-benchmark [URLFILE]   (default: 200,000 generated URLs)
// Checks every line under a managedApps policy with an Info.plist-like queries list, in each output format,
// reading 256 KiB chunks from memory and discarding the output; prints the best of 5 rounds.

let queriesSchemes = [
  "http-intunemam", "https-intunemam", "microsoft-edge-https", "microsoft-edge-http", "ms-outlook", "companyportal",
  "msauthv2", "msauthv3", "ms-word", "ms-word-intunemam", "ms-excel", "ms-excel-intunemam", "msteams",
  "msteams-intunemam", "tel-intunemam", "mailto-intunemam", "skype", "itms-apps", "slack", "slack-intunemam",
]

/// The URL list: the file named on the command line, or generated.
func loadURLs() -> [UInt8] {
  if CommandLine.arguments.count > 1 {
    guard let data = FileManager.default.contents(atPath: CommandLine.arguments[1]) else {
      FileHandle.standardError.write(Data("url-check-benchmark: cannot read \(CommandLine.arguments[1])\n".utf8))
      exit(2)
    }
    return Array(data)
  }
  let hosts = ["contoso.com", "www.example.org", "maps.apple.com", "contoso.sharepoint.com", "en.wikipedia.org"]
  let schemes = ["ms-word", "msteams", "skype", "itms-apps", "com.infor.mingle", "slack", "zoomus", "whatsapp"]
  var text = ""
  for index in 0..<200_000 {
    let host = hosts[index % hosts.count]
    switch index % 10 {
    case 0...3: text += "https://\(host)/path/\(index)/index.html?q=\(index)&lang=en\n"
    case 4: text += "http://\(host)/item?id=\(index)\n"
    case 5: text += "mailto:user\(index)@\(host)?subject=Hello%20there\n"
    case 6: text += "tel:+1-425-555-\(1000 + index % 9000)\n"
    case 7: text += index % 20 == 7 ? "not a url \(index)\n" : "1abc://bad/\(index)\n"
    default: text += "\(schemes[index % schemes.count])://open?id=\(index)&from=contoso\n"
    }
  }
  return Array(text.utf8)
}

let input = loadURLs()
let lineCount = input.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
let policy = IntunePolicy(allowedOutboundDataTransferDestinations: .managedApps)
let checker = try URLAllowanceChecker(policy: policy, queriesSchemes: queriesSchemes)

print("url check (URLSchemes.URLBatchChecker in process, release build): \(lineCount) URLs, \(input.count) bytes")
for format in URLVerdictFormat.allCases {
  let batch = URLBatchChecker(checker: checker, format: format)
  var outputBytes = 0
  let chunkSize = 1 << 18
  let measurement = Measurement.run(iterations: 1, rounds: 5) {
    var offset = 0
    outputBytes = 0
    let summary = try? batch.run(
      readingChunksFrom: {
        guard offset < input.count else { return nil }
        let end = min(offset + chunkSize, input.count)
        defer { offset = end }
        return Array(input[offset..<end])
      },
      writingTo: { outputBytes += $0.count })
    blackHole(summary)
  }
  let perSecond = Double(lineCount) * 1e9 / measurement.best
  print("  --format \(format.rawValue): best \(formatted(measurement.best / 1e6, decimals: 1)) ms,"
    + " \(formatted(perSecond / 1e6, decimals: 2)) M URLs/s,"
    + " \(formatted(Double(input.count) * 1e9 / measurement.best / 1e6, decimals: 0)) MB/s in,"
    + " \(formatted(Double(outputBytes) / 1e6, decimals: 1)) MB out")
}

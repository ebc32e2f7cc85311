import BenchmarkSupport
import Foundation
import PropertyList
import SharelintBase

// Reading speed of PropertyListDocument, release build. Usage:
//   plist-parse-benchmark [--rounds N] PATH…
// Reads every regular file under the PATHs (files, or folders searched recursively) into memory once, then times
// `PropertyListDocument(bytes:name:)` over all of them, N rounds (default 7) after an untimed one, and prints the
// median and best round as µs per file and files/s. The time includes libxml2's well-formedness pass for the
// files not in the plain form (PlainXMLForm), for which the reader skips it.
//   plist-parse-benchmark --dump PATH…
// Prints, for every file in path order, the whole result of reading it: every node (path, kind, value, ranges,
// source map segments and a few offsets mapped through them), every key, every duplicate key; or the error's kind,
// message and offset. Two builds read the same files the same way exactly when their dumps are byte-identical.

/// The files to read: the regular files under `paths`, each folder's files sorted by path.
func collectFiles(_ paths: [String]) -> [String] {
  var files: [String] = []
  for path in paths {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      FileHandle.standardError.write(Data("plist-parse-benchmark: '\(path)' does not exist\n".utf8))
      exit(2)
    }
    guard isDirectory.boolValue else {
      files.append(path)
      continue
    }
    let enumerator = FileManager.default.enumerator(atPath: path)
    var found: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      let full = path + "/" + relative
      var nested: ObjCBool = false
      if FileManager.default.fileExists(atPath: full, isDirectory: &nested), !nested.boolValue { found.append(full) }
    }
    files += found.sorted()
  }
  return files
}

/// Writes the parse result of each file, in full detail, to standard output.
struct Dumper {
  private var output = ""

  /// The dump of reading `bytes` named `name`.
  mutating func dump(name: String, bytes: [UInt8]) {
    line("file \(String(reflecting: name)) bytes=\(bytes.count)")
    do {
      let document = try PropertyListDocument(bytes: bytes, name: name)
      line("  format \(document.format.rawValue)")
      node(document.root, depth: 1)
      for duplicate in document.duplicateKeys {
        line(
          "  duplicate key=\(String(reflecting: duplicate.key)) dictionary=\(pathText(duplicate.dictionaryPath))"
            + " first=\(duplicate.firstRange) duplicate=\(duplicate.duplicateRange)")
      }
    } catch let error as PropertyListError {
      line(
        "  error kind=\(error.kind.rawValue) message=\(String(reflecting: error.message))"
          + " offset=\(error.offset.map(String.init) ?? "nil") description=\(String(reflecting: error.description))")
    } catch {
      line("  unexpected error \(String(reflecting: error))")
    }
    flush()
  }

  private mutating func node(_ node: PropertyListNode, depth: Int) {
    let indent = String(repeating: "  ", count: depth)
    line(
      indent + "node path=\(pathText(node.path)) keyPath=\(String(reflecting: node.keyPath)) type=\(node.typeName)"
        + " value=\(scalarText(node.content)) element=\(optional(node.elementRange))"
        + " content=\(optional(node.contentRange))")
    if let map = node.sourceMap { sourceMap(map, indent: indent + "  ") }
    switch node.content {
    case .array(let elements):
      for element in elements { self.node(element, depth: depth + 1) }
    case .dictionary(let entries):
      for entry in entries {
        line(
          indent + "  key \(String(reflecting: entry.key.text)) element=\(optional(entry.key.elementRange))"
            + " content=\(optional(entry.key.contentRange))")
        if let map = entry.key.sourceMap { sourceMap(map, indent: indent + "    ") }
        self.node(entry.value, depth: depth + 1)
      }
    default:
      break
    }
  }

  private mutating func sourceMap(_ map: TextSourceMap, indent: String) {
    let segments = map.segments.map {
      "\($0.textStart)+\($0.textLength)@\($0.sourceStart)+\($0.sourceLength)\($0.isVerbatim ? "" : "&")"
    }
    let length = map.textLength
    let probes = Set([-1, 0, 1, length / 2, max(0, length - 1), length, length + 1]).sorted()
    let offsets = probes.map { "\($0)->\(map.sourceOffset(ofTextUTF8Offset: $0))" }
    let ranges = [0..<length, 0..<0, (length / 2)..<length, max(0, length - 1)..<(length + 1)].map {
      "\($0.lowerBound)..<\($0.upperBound)->\(map.sourceRange(ofTextUTF8Range: $0))"
    }
    line(
      indent + "map content=\(map.contentRange) length=\(length) segments=[\(segments.joined(separator: " "))]"
        + " offsets=[\(offsets.joined(separator: " "))] ranges=[\(ranges.joined(separator: " "))]")
  }

  private func scalarText(_ content: PropertyListNode.Content) -> String {
    switch content {
    case .string(let text): return String(reflecting: text)
    case .integer(let number): return String(number)
    case .real(let number): return "\(number) bits=\(String(number.bitPattern, radix: 16))"
    case .boolean(let flag): return String(flag)
    case .date(let date): return "\(date.timeIntervalSince1970)"
    case .data(let data): return data.base64EncodedString()
    case .array(let elements): return "count=\(elements.count)"
    case .dictionary(let entries): return "count=\(entries.count)"
    }
  }

  private func pathText(_ path: [PropertyListPathComponent]) -> String {
    "[" + path.map { component -> String in
      switch component {
      case .key(let key): return "k" + String(reflecting: key)
      case .index(let index): return "i\(index)"
      }
    }.joined(separator: ",") + "]"
  }

  private func optional(_ range: ByteRange?) -> String { range.map { "\($0.start)..<\($0.end)" } ?? "nil" }

  private mutating func line(_ text: String) {
    output += text
    output += "\n"
  }

  private mutating func flush() {
    FileHandle.standardOutput.write(Data(output.utf8))
    output = ""
  }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var rounds = 7
var dumping = false
if arguments.first == "--dump" {
  dumping = true
  arguments.removeFirst()
} else if arguments.count >= 2, arguments[0] == "--rounds", let count = Int(arguments[1]), count > 0 {
  rounds = count
  arguments.removeFirst(2)
}
guard !arguments.isEmpty else {
  FileHandle.standardError.write(Data("usage: plist-parse-benchmark [--rounds N | --dump] PATH…\n".utf8))
  exit(2)
}

let files = collectFiles(arguments)
let contents: [[UInt8]] = files.map { path in
  guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("plist-parse-benchmark: cannot read '\(path)'\n".utf8))
    exit(2)
  }
  return Array(data)
}

if dumping {
  var dumper = Dumper()
  for (name, bytes) in zip(files, contents) { dumper.dump(name: name, bytes: bytes) }
  exit(0)
}

var failures = 0
for (name, bytes) in zip(files, contents) where (try? PropertyListDocument(bytes: bytes, name: name)) == nil {
  failures += 1
}
let measurement = Measurement.run(iterations: 1, rounds: rounds) {
  for (name, bytes) in zip(files, contents) { blackHole(try? PropertyListDocument(bytes: bytes, name: name)) }
}
let totalBytes = contents.reduce(0) { $0 + $1.count }
let perFile = measurement.median / Double(files.count)
let bestPerFile = measurement.best / Double(files.count)
let megabytesPerSecond = Double(totalBytes) * 1e9 / measurement.median / 1e6
print(
  "plist reading (PropertyListDocument(bytes:name:), release build; libxml2's well-formedness pass for files not in"
    + " the plain form)")
print(
  "  \(files.count) files (\(totalBytes) bytes, \(failures)"
    + " not readable) from \(arguments.joined(separator: ", "))")
print(
  "  median \(formatted(perFile / 1000, decimals: 2)) µs per file,"
    + " best \(formatted(bestPerFile / 1000, decimals: 2)) µs"
    + " — \(formatted(1e9 / perFile, decimals: 0)) files/s, \(formatted(megabytesPerSecond, decimals: 1)) MB/s"
    + " (\(rounds) rounds)")

import Foundation
import SharelintBase
import ZIPFoundation
import XcodeModel

/// Reads the Info.plists of an `.ipa` (a zip archive) into memory without unpacking it:
/// `Payload/X.app/Info.plist` and `Payload/X.app/PlugIns/Y.appex/Info.plist`. Nothing is ever written to disk, and
/// an entry's name is only matched against those two shapes (one holding `..`, `.` or an empty component, or
/// starting with `/`, matches neither). The number of entries, each entry's expanded size and the bytes expanded
/// from the whole archive are bounded, so a zip bomb or a corrupt archive gives one problem, not a crash or a hang;
/// an entry named twice is read once.
public struct ApplicationArchiveReader: Sendable {
  /// The largest uncompressed entry read (16 MiB by default).
  public var maximumEntrySize: Int
  /// The most entries an archive may hold (100,000 by default).
  public var maximumEntryCount: Int
  /// The most bytes expanded from one archive, all entries read together (16 MiB by default): a real app's
  /// Info.plists and its frameworks' take a few hundred KB, and the entries read are held in memory for the run
  /// (64 MiB of them made a run of a 2 MB zip bomb peak at 200 MB).
  public var maximumExpandedSize: Int
  /// The most bytes expanded from all the archives of one discovery together (64 MiB by default): a folder of many
  /// zip bombs is bounded as one is.
  public var maximumTotalExpandedSize: Int

  /// A reader with the given bounds.
  public init(
    maximumEntrySize: Int = 16 << 20, maximumEntryCount: Int = 100_000, maximumExpandedSize: Int = 16 << 20,
    maximumTotalExpandedSize: Int = 64 << 20
  ) {
    self.maximumEntrySize = maximumEntrySize
    self.maximumEntryCount = maximumEntryCount
    self.maximumExpandedSize = maximumExpandedSize
    self.maximumTotalExpandedSize = maximumTotalExpandedSize
  }

  /// Whether a path inside an archive is an app's or an app extension's Info.plist.
  static func isBundleInfoPlist(_ entryPath: String) -> Bool {
    let components = entryPath.split(separator: "/", omittingEmptySubsequences: false)
    guard components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return false }
    let isApp: (Substring) -> Bool = { $0.hasSuffix(".app") && $0.count > 4 }
    switch components.count {
    case 3:
      return components[0] == "Payload" && isApp(components[1]) && components[2] == "Info.plist"
    case 5:
      return components[0] == "Payload" && isApp(components[1]) && components[2] == "PlugIns"
        && components[3].hasSuffix(".appex") && components[3].count > 6 && components[4] == "Info.plist"
    default:
      return false
    }
  }

  /// Thrown from the extraction consumer to stop reading an entry that grows past the bound.
  private struct EntryTooLarge: Error {}

  /// Adds the archive's Info.plists to `candidates`, or a problem when it cannot be read. `identity` is the archive's
  /// symlink-free path; an archive `boundary` refuses, or that is no regular file, is not opened.
  func collect(
    archiveAt path: String, identity: String, displayPath: String, boundary: RepositoryBoundary,
    into candidates: inout DiscoveryCandidates
  ) {
    if let refusal = boundary.refusal(toRead: path, identity: identity) {
      candidates.notes.append(
        DiscoveryPaths.refusalNote(
          displayPath, isSymbolicLink: SourceFolderWalker.isSymbolicLink(path), refusal: refusal))
      return
    }
    guard SourceFolderWalker.isRegularFile(path) else {
      candidates.problems.append(DiscoveryProblem(path: displayPath, message: DiscoveryPaths.notARegularFile))
      return
    }
    // ZIPFoundation looks for the end record from the end back to the start, a byte at a time (50 MB of anything
    // but a zip took two minutes): the archive is opened only when the record is where a zip has it.
    var opened: Archive?
    if Self.hasEndRecordNearTheEnd(path) {
      do {
        let archive: Archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        opened = archive
      } catch {
        opened = nil
      }
    }
    guard let archive = opened else {
      candidates.problems.append(DiscoveryProblem(path: displayPath, message: "not a readable zip archive"))
      return
    }
    var count = 0
    let totalLeft = max(0, maximumTotalExpandedSize - candidates.archiveBytesExpanded)
    var budget = ExpansionBudget(remaining: min(maximumExpandedSize, totalLeft))
    let budgeted = budget.remaining
    defer { candidates.archiveBytesExpanded += budgeted - budget.remaining }
    var entryPathsRead: Set<String> = []
    var found: [(candidate: DiscoveryCandidates.Candidate, entryPath: String)] = []
    var frameworks: [String: Set<String>] = [:]   // by bundle folder: `Payload/X.app`, `Payload/X.app/PlugIns/Y.appex`
    var frameworkVersions: [String: [String: BundledFrameworkVersion]] = [:]   // by bundle folder, then framework
    for entry in archive {
      count += 1
      guard count <= maximumEntryCount else {
        candidates.problems.append(
          DiscoveryProblem(path: displayPath, message: "archive has more than \(maximumEntryCount) entries"))
        return
      }
      if let (bundle, name) = Self.bundledFramework(entry.path), frameworks[bundle, default: []].count < 10_000 {
        frameworks[bundle, default: []].insert(name)
      }
      if entry.type == .file, !budget.isSpent, let (bundle, name) = Self.frameworkInfoPlist(entry.path),
        BundledFrameworkVersion.isRead(name), frameworkVersions[bundle, default: [:]].count < 100,
        entry.uncompressedSize <= UInt64(FrameworkBundleVersion.maximumInfoPlistSize),
        entryPathsRead.insert(entry.path).inserted,
        case .success(let bytes) = read(entry, of: archive, budget: &budget),
        let versions = BundledFrameworkVersion(infoPlist: bytes)
      {
        frameworkVersions[bundle, default: [:]][name] = versions
      }
      guard entry.type == .file, Self.isBundleInfoPlist(entry.path), !budget.isSpent,
        entryPathsRead.insert(entry.path).inserted
      else { continue }
      let entryDisplay = SourceFolderWalker.displayPath(displayPath, entry.path)
      switch read(entry, of: archive, budget: &budget) {
      case .success(let bytes):
        let plist = DiscoveredPlist(displayPath: entryDisplay, filePath: nil, location: .archiveEntry, bytes: bytes)
        found.append((DiscoveryCandidates.Candidate(plist: plist, identity: identity + "!/" + entry.path), entry.path))
      case .failure(let problem):
        // Past the archive's bound, one problem says so for the whole archive.
        if !budget.isSpent {
          candidates.problems.append(DiscoveryProblem(path: entryDisplay, message: problem.message))
        }
      }
    }
    if budget.isSpent {
      let message =
        totalLeft < maximumExpandedSize
        ? "the archives read expand past \(Self.describe(maximumTotalExpandedSize)) together: the rest of this one is "
          + "not read"
        : "archive expands past \(Self.describe(maximumExpandedSize)) in the entries read: the rest is not read"
      candidates.problems.append(DiscoveryProblem(path: displayPath, message: message))
    }
    if found.isEmpty, !budget.isSpent {
      candidates.problems.append(
        DiscoveryProblem(path: displayPath, message: "archive holds no Payload/*.app/Info.plist"))
    }
    for (planned, entryPath) in found {
      var candidate = planned
      let bundle = entryPath.split(separator: "/").dropLast().joined(separator: "/")
      candidate.bundledFrameworks = (frameworks[bundle] ?? []).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      candidate.bundledFrameworkVersions = frameworkVersions[bundle] ?? [:]
      candidates.addInfoPlist(candidate)
    }
  }

  /// What is left of the bytes one archive may expand to.
  private struct ExpansionBudget {
    /// Bytes that may still be expanded.
    var remaining: Int
    /// Whether an entry was refused for want of them: nothing more is read from the archive.
    var isSpent = false
  }

  /// How far from a zip's end its end-of-central-directory record may start: the record (22 bytes) and the
  /// longest archive comment.
  static let endRecordSearchLength = 22 + 0xFFFF

  /// Whether the last `endRecordSearchLength` bytes of the regular file at `path` hold the signature of a zip's
  /// end-of-central-directory record (`PK\u{5}\u{6}`), read without blocking.
  static func hasEndRecordNearTheEnd(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
    let size = Int(status.st_size)
    let length = min(size, endRecordSearchLength)
    var tail = [UInt8](repeating: 0, count: length)
    var count = 0
    while count < length {
      let read = tail.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress! + count, length - count, off_t(size - length + count))
      }
      if read < 0, errno == EINTR { continue }
      guard read > 0 else { break }
      count += read
    }
    guard count >= 4 else { return false }
    let signature: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
    return (0...(count - 4)).contains { start in tail[start..<start + 4].elementsEqual(signature) }
  }

  /// For an entry inside a bundle's `Frameworks` folder (`Payload/X.app/Frameworks/Y.framework/Y`,
  /// `Payload/X.app/PlugIns/E.appex/Frameworks/libZ.dylib`), the bundle's folder and the framework's name.
  static func bundledFramework(_ entryPath: String) -> (bundle: String, name: String)? {
    let components = entryPath.split(separator: "/", omittingEmptySubsequences: false)
    guard components.count >= 4, components[0] == "Payload", components[1].hasSuffix(".app") else { return nil }
    if components[2] == "Frameworks", !components[3].isEmpty {
      return (components[0..<2].joined(separator: "/"), String(components[3]))
    }
    if components.count >= 6, components[2] == "PlugIns", components[3].hasSuffix(".appex"),
      components[4] == "Frameworks", !components[5].isEmpty
    {
      return (components[0..<4].joined(separator: "/"), String(components[5]))
    }
    return nil
  }

  /// For a framework's own `Info.plist` inside a bundle's `Frameworks` folder
  /// (`Payload/X.app/Frameworks/Y.framework/Info.plist`), the bundle's folder and the framework's name.
  static func frameworkInfoPlist(_ entryPath: String) -> (bundle: String, name: String)? {
    guard entryPath.hasSuffix("/Info.plist"), let (bundle, name) = bundledFramework(entryPath) else { return nil }
    let inside = bundle + "/Frameworks/" + name + "/Info.plist"
    return entryPath == inside ? (bundle, name) : nil
  }

  /// The failure to read one entry.
  private struct EntryProblem: Error {
    var message: String
  }

  /// The bytes of `entry`, at most `maximumEntrySize` and what `budget` has left (which they are taken from).
  private func read(
    _ entry: Entry, of archive: Archive, budget: inout ExpansionBudget
  ) -> Result<[UInt8], EntryProblem> {
    let limit = min(maximumEntrySize, budget.remaining)
    guard entry.uncompressedSize <= UInt64(maximumEntrySize) else {
      return .failure(EntryProblem(message: "archive entry is larger than \(Self.describe(maximumEntrySize))"))
    }
    guard entry.uncompressedSize <= UInt64(limit) else {
      budget.isSpent = true
      return .failure(EntryProblem(message: "archive expansion bound reached"))
    }
    var bytes: [UInt8] = []
    do {
      _ = try archive.extract(entry, skipCRC32: false) { chunk in
        guard bytes.count + chunk.count <= limit else { throw EntryTooLarge() }
        bytes.append(contentsOf: chunk)
      }
    } catch is EntryTooLarge {
      budget.remaining -= min(budget.remaining, bytes.count)
      if limit < maximumEntrySize {
        budget.isSpent = true
        return .failure(EntryProblem(message: "archive expansion bound reached"))
      }
      return .failure(EntryProblem(message: "archive entry expands past \(Self.describe(maximumEntrySize))"))
    } catch {
      budget.remaining -= min(budget.remaining, bytes.count)
      return .failure(EntryProblem(message: "archive entry cannot be read (corrupt archive)"))
    }
    budget.remaining -= bytes.count
    return .success(bytes)
  }

  private static func describe(_ size: Int) -> String {
    size >= 1 << 20 && size % (1 << 20) == 0 ? "\(size >> 20) MiB" : "\(size) bytes"
  }
}

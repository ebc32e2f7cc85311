import Foundation
import SharelintBase
import TestSupport
import Testing
import ZIPFoundation

@testable import ProjectDiscovery

/// Discovery reads nothing its boundary refuses: a committed symbolic link to a canary file or folder outside the
/// linted folder, to `/`, into `.git` or into `/proc` is named in a note, never read, never entered; the canary's
/// text appears nowhere in what discovery hands back.
@Suite struct DiscoveryBoundaryTests {
  static let canaryText = "CANARY-SECRET-0x5eed"
  static let appPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string></dict></plist>
    """

  /// A root holding `App/Info.plist`, and beside it a canary folder holding `secret` and `Deep/Info.plist`.
  struct Folders {
    var root: String
    var canary: String
    var boundary: RepositoryBoundary { RepositoryBoundary(roots: [root]) }

    init() throws {
      let base = try TemporaryFolders.make("sharelint-discovery-boundary").path
      root = base + "/root"
      canary = base + "/canary"
      try write("App/Info.plist", DiscoveryBoundaryTests.appPlist)
      for file in [canary + "/secret", canary + "/Deep/Info.plist"] {
        try FileManager.default.createDirectory(
          atPath: PathText.removingLastComponent(of: file), withIntermediateDirectories: true)
        try Data(DiscoveryBoundaryTests.canaryText.utf8).write(to: URL(fileURLWithPath: file))
      }
    }

    /// Writes `text` at `relative` under the root.
    func write(_ relative: String, _ text: String) throws {
      let path = root + "/" + relative
      try FileManager.default.createDirectory(
        atPath: PathText.removingLastComponent(of: path), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Makes `relative` under the root a symbolic link to `target`.
    func link(_ relative: String, to target: String) throws {
      let path = root + "/" + relative
      try FileManager.default.createDirectory(
        atPath: PathText.removingLastComponent(of: path), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }
  }

  /// Everything discovery says of `paths` inside `boundary`, as text: the targets' display paths and bytes, the
  /// problems, the notes.
  static func everything(_ paths: [String], boundary: RepositoryBoundary) throws
    -> (targets: [String], notes: [String], problems: [String], text: String)
  {
    let discovery = TargetDiscovery(boundary: boundary)
    let candidates = try discovery.collect(paths)
    let result = discovery.pair(candidates)
    let targets = result.targets.map(\.displayPath)
    var text = (targets + candidates.notes + result.problems.map(\.description)).joined(separator: "\n")
    for target in result.targets {
      for plist in [target.infoPlist, target.entitlements].compactMap({ $0 }) {
        text += String(decoding: (try? plist.bytes()) ?? [], as: UTF8.self)
      }
    }
    return (targets, candidates.notes, result.problems.map(\.description), text)
  }

  static let outside = "outside the linted folders: not read (--allow-outside admits a path)"

  @Test func aLinkedInfoPlistOutsideIsANoteNotARead() throws {
    let folders = try Folders()
    try folders.link("Share/Info.plist", to: folders.canary + "/secret")
    try folders.link("Share/Share.entitlements", to: folders.canary + "/secret")
    let found = try Self.everything([folders.root], boundary: folders.boundary)
    #expect(found.targets == [folders.root + "/App/Info.plist"])
    #expect(found.notes == [
      folders.root + "/Share/Info.plist: a symbolic link to a path " + Self.outside,
      folders.root + "/Share/Share.entitlements: a symbolic link to a path " + Self.outside,
    ])
    #expect(found.problems.isEmpty)
    #expect(!found.text.contains(Self.canaryText))
  }

  /// The reproducer, unconfined as a library user who installed nothing: `/proc` is refused all the same.
  @Test func aLinkToProcIsRefusedEvenUnconfined() throws {
    let folders = try Folders()
    try folders.link("Env/Info.plist", to: "/proc/self/environ")
    let found = try Self.everything([folders.root], boundary: .unconfined)
    #expect(found.targets == [folders.root + "/App/Info.plist"])
    #expect(found.notes == [
      folders.root + "/Env/Info.plist: a symbolic link to a path in the system's /proc: never read"
    ])
  }

  /// A link to `/` made the walk go through the whole machine: it is refused, and the walk ends.
  @Test(.timeLimit(.minutes(1))) func aLinkToTheRootIsNotEntered() throws {
    let folders = try Folders()
    try folders.link("App/everything", to: "/")
    try folders.link("Escape", to: folders.canary)
    let found = try Self.everything([folders.root], boundary: folders.boundary)
    #expect(found.targets == [folders.root + "/App/Info.plist"])
    #expect(found.notes == [
      folders.root + "/App/everything: a symbolic link to a path " + Self.outside,
      folders.root + "/Escape: a symbolic link to a path " + Self.outside,
    ])
  }

  /// Inside an `.app` bundle, its Info.plist, its `PlugIns` folder or its `Frameworks` folder leading out is a note.
  @Test func aBundlesLinksOutsideAreNotes() throws {
    let folders = try Folders()
    try folders.link("Built/Out.app/Info.plist", to: folders.canary + "/secret")
    try folders.write("Built/Woodgrove.app/Info.plist", Self.appPlist)
    try folders.link("Built/Woodgrove.app/PlugIns", to: folders.canary)
    try folders.link("Built/Woodgrove.app/Frameworks", to: folders.canary)
    let found = try Self.everything([folders.root], boundary: folders.boundary)
    #expect(found.targets == [folders.root + "/App/Info.plist", folders.root + "/Built/Woodgrove.app/Info.plist"])
    #expect(found.notes == [
      folders.root + "/Built/Out.app/Info.plist: a symbolic link to a path " + Self.outside,
      folders.root + "/Built/Woodgrove.app/Frameworks: a symbolic link to a path " + Self.outside,
      folders.root + "/Built/Woodgrove.app/PlugIns: a symbolic link to a path " + Self.outside,
    ])
    #expect(!found.text.contains(Self.canaryText))
  }

  /// An entitlements file beside a named Info.plist that leads out is not paired; a linked `.ipa` is not opened.
  @Test func siblingsAndArchivesOutsideAreNotRead() throws {
    let folders = try Folders()
    try folders.link("App/App.entitlements", to: folders.canary + "/secret")
    try folders.link("Packaged/Woodgrove.ipa", to: folders.canary + "/secret")
    let named = try Self.everything([folders.root + "/App/Info.plist"], boundary: folders.boundary)
    #expect(named.targets == [folders.root + "/App/Info.plist"])
    #expect(!named.text.contains(Self.canaryText))
    let walked = try Self.everything([folders.root], boundary: folders.boundary)
    #expect(walked.notes == [
      folders.root + "/App/App.entitlements: a symbolic link to a path " + Self.outside,
      folders.root + "/Packaged/Woodgrove.ipa: a symbolic link to a path " + Self.outside,
    ])
  }

  /// A path named that the boundary refuses (inside `.git`) is a problem, not a read.
  @Test func aNamedPathTheBoundaryRefusesIsAProblem() throws {
    let folders = try Folders()
    try folders.write(".git/Info.plist", Self.appPlist)
    let found = try Self.everything([folders.root + "/.git/Info.plist"], boundary: .unconfined)
    #expect(found.targets.isEmpty)
    #expect(found.problems == [folders.root + "/.git/Info.plist: inside a .git folder: never read"])
  }

  /// A zip entry named with `..` or an absolute path is never taken for an app's Info.plist, nothing is written, and
  /// an entry named twice is read once.
  @Test func archiveEntriesNamedOutsideArePassedOver() throws {
    let folders = try Folders()
    let path = folders.root + "/Evil.ipa"
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
    for name in ["../Payload/A.app/Info.plist", "/Payload/A.app/Info.plist", "Payload/../A.app/Info.plist",
                 "Payload/A.app/../Info.plist", "Payload/A.app/Info.plist", "Payload/A.app/Info.plist"] {
      let data = Data(Self.appPlist.utf8)
      try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count)) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    let before = try FileManager.default.subpathsOfDirectory(atPath: PathText.removingLastComponent(of: folders.root))
    let found = try Self.everything([path], boundary: folders.boundary)
    #expect(found.targets == [path + "/Payload/A.app/Info.plist"])
    #expect(found.problems.isEmpty)
    let after = try FileManager.default.subpathsOfDirectory(atPath: PathText.removingLastComponent(of: folders.root))
    #expect(after.sorted() == before.sorted())
  }

  /// A zip bomb of many entries, each within the entry bound, is stopped by the archive's whole bound, with one
  /// problem; the archives of a discovery together are bounded too.
  @Test func anArchiveIsBoundedInWhatItExpandsTo() throws {
    let folders = try Folders()
    let path = folders.root + "/Bomb.ipa"
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
    let zeros = Data(count: 1 << 20)
    for index in 0..<40 {
      try archive.addEntry(
        with: "Payload/A\(index).app/Info.plist", type: .file, uncompressedSize: Int64(zeros.count),
        compressionMethod: .deflate
      ) { position, size in zeros.subdata(in: Int(position)..<Int(position) + size) }
    }
    let reader = ApplicationArchiveReader(
      maximumEntrySize: 2 << 20, maximumExpandedSize: 4 << 20, maximumTotalExpandedSize: 6 << 20)
    try FileManager.default.copyItem(atPath: path, toPath: folders.root + "/Again.ipa")
    var candidates = DiscoveryCandidates()
    for name in ["Bomb.ipa", "Again.ipa"] {
      let archivePath = folders.root + "/" + name
      reader.collect(
        archiveAt: archivePath, identity: FileIdentity.of(archivePath), displayPath: name, boundary: folders.boundary,
        into: &candidates)
    }
    // 4 MiB from the first archive, the 2 MiB left of the whole bound from the second.
    #expect(candidates.infoPlists.count == 6)
    #expect(candidates.archiveBytesExpanded == 6 << 20)
    #expect(candidates.problems.map(\.description) == [
      "Bomb.ipa: archive expands past 4 MiB in the entries read: the rest is not read",
      "Again.ipa: the archives read expand past 6 MiB together: the rest of this one is not read",
    ])
  }

  /// An `.ipa` of 8 MiB that is no zip is a problem at once (ZIPFoundation alone looked for the zip's end record
  /// through the whole file, a byte at a time); a zip whose end record is followed by a long comment still opens.
  @Test(.timeLimit(.minutes(1))) func aLargeFileThatIsNoZipIsAProblemAtOnce() throws {
    let folders = try Folders()
    var generator = SeededGenerator(seed: 26)
    let noise = (0..<(8 << 20)).map { _ in UInt8.random(in: 0x61...0x7A, using: &generator) }
    try Data(noise).write(to: URL(fileURLWithPath: folders.root + "/Noise.ipa"))
    let found = try Self.everything([folders.root + "/Noise.ipa"], boundary: folders.boundary)
    #expect(found.problems == [folders.root + "/Noise.ipa: not a readable zip archive"])
    #expect(!ApplicationArchiveReader.hasEndRecordNearTheEnd(folders.root + "/Noise.ipa"))
    // The sample, its end record (its last 22 bytes) then followed by a comment of 60,000 bytes.
    var sample = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.packagedSample)))
    #expect(sample[(sample.count - 22)..<(sample.count - 18)].elementsEqual([0x50, 0x4B, 0x05, 0x06]))
    sample[sample.count - 2] = UInt8(60_000 & 0xFF)
    sample[sample.count - 1] = UInt8(60_000 >> 8)
    sample += [UInt8](repeating: 0x20, count: 60_000)
    let commented = folders.root + "/Commented.ipa"
    try Data(sample).write(to: URL(fileURLWithPath: commented))
    #expect(ApplicationArchiveReader.hasEndRecordNearTheEnd(commented))
    #expect(try Self.everything([commented], boundary: folders.boundary).targets.count == 2)
  }

  /// The sample `.ipa` (an app and its share extension).
  static let packagedSample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples/Packaged/Woodgrove.ipa").path
}

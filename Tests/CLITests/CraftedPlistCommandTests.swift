import Foundation
import Testing
import TestSupport

/// A binary plist whose objects share references (a 2.6 KB "billion laughs") once grew past 12 GB in `lint`.
/// It is now PL001, like any plist that does not read, naming the byte where the bound was passed, and the
/// other plists' findings still come out.
@Suite struct CraftedPlistCommandTests {
  @Test(.timeLimit(.minutes(1))) func sharedObjectsAreAnUnreadablePlistBesideTheOthersFindings() throws {
    let folder = try TemporaryFolder()
    _ = try folder.copy(Sharelint.packageRoot.appendingPathComponent("Samples/NorthwindBinary"), as: "Northwind")
    let laughs = folder.url.appendingPathComponent("Laughs/Info.plist")
    try FileManager.default.createDirectory(at: laughs.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(CraftedBinaryPlist.sharedArrays()).write(to: laughs)
    let result = try Sharelint.run(["lint", "."], in: folder.url)
    #expect(result.status == 2)
    let lines = result.standardOutput.split(separator: "\n")
    let unreadable = lines.filter { $0.hasPrefix("Laughs/Info.plist: error: binary plist expands to more than") }
    #expect(unreadable.count == 1)
    #expect(unreadable.first?.hasSuffix("passed at the object at byte 1548) [PL001 malformed-plist]") == true)
    #expect(
      lines.contains {
        $0.hasPrefix("Northwind/NorthwindShare/Info.plist: error:") && $0.hasSuffix("[AR004 missing-mam-types]")
      })
    #expect(result.standardError.hasPrefix("sharelint: Laughs/Info.plist: binary plist expands to more than"))
  }
}

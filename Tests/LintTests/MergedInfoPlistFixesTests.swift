import PropertyList
import SharelintBase
import Testing

@testable import Lint

/// Where a fix planned on a .NET app's merged Info.plist is written (`MergedInfoPlistFixes`): the partial manifest
/// the changed value comes from, else the Info.plist; nowhere when the value is made from several files.
@Suite struct MergedInfoPlistFixesTests {
  private static let info = "Info.plist"
  private static let partial = "Intune.plist"

  /// A plist document of `entries` (an XML plist written from them) named `name`.
  private static func document(_ name: String, _ entries: [PropertyListValue.Entry]) throws -> PropertyListDocument {
    let text = try XMLPlistWriter.document(.dictionary(entries), style: .xcode)
    return try PropertyListDocument(bytes: Array(text.utf8), name: name)
  }

  /// The file `changes` are written into for a merge of `infoEntries` and `partialEntries` (the partial's keys
  /// replacing the Info.plist's, dictionaries merged key by key at any depth), or the note that says why none.
  private func target(
    _ changes: [PlistChange], info infoEntries: [PropertyListValue.Entry],
    partial partialEntries: [PropertyListValue.Entry], keyOrigins: [String: String]? = nil
  ) throws -> String {
    let documents = [
      Self.info: try Self.document(Self.info, infoEntries), Self.partial: try Self.document(Self.partial, partialEntries),
    ]
    var origins: [String: String] = [:]
    /// The dotnet/macios merge: dictionaries key by key at any depth, any other value replaced.
    func merging(_ incoming: [PropertyListValue.Entry], into base: [PropertyListValue.Entry], at prefix: String)
      -> [PropertyListValue.Entry]
    {
      var merged = base
      for entry in incoming {
        let keyPath = prefix + entry.key
        if let index = merged.firstIndex(where: { $0.key == entry.key }) {
          if case .dictionary(let inner) = merged[index].value, case .dictionary(let children) = entry.value {
            merged[index].value = .dictionary(merging(children, into: inner, at: keyPath + "."))
            continue
          }
          merged[index].value = entry.value
        } else {
          merged.append(entry)
        }
        origins[keyPath] = Self.partial
      }
      return merged
    }
    let merged = merging(partialEntries, into: infoEntries, at: "")
    let merge = MergedInfoPlistFixes.Merge(
      infoPlist: Self.info, merged: .dictionary(merged), keyOrigins: keyOrigins ?? origins)
    let fix = LintFix(code: "IM009", title: "add it", applicability: .safe, file: "merged", changes: changes)
    switch MergedInfoPlistFixes.redirecting(fix, merge: merge, document: { documents[$0] }) {
    case .fix(let redirected): return redirected.file
    case .note(let note): return note
    }
  }

  // Computed, not stored: a stored static of an indirect enum keeps its box behind a tagged pointer that
  // LeakSanitizer (in .ci/run's AddressSanitizer suite) cannot see, and reports as a leak.
  private static var intuneSettings: PropertyListValue.Entry {
    PropertyListValue.Entry("IntuneMAMSettings", .dictionary([.init("ADALClientId", .string("6f5f3a4e"))]))
  }
  private static var schemes: PropertyListValue.Entry {
    PropertyListValue.Entry("LSApplicationQueriesSchemes", .array([.string("ms-outlook")]))
  }
  private static var addAppGroups: PlistChange {
    PlistChange.insertEntry(
      into: [.key("IntuneMAMSettings")], key: "AppGroupIdentifiers", value: .array([.string("group.a")]), after: nil)
  }
  private static var addTwin: PlistChange {
    PlistChange.insertElements(
      into: [.key("LSApplicationQueriesSchemes")], values: [.string("ms-outlook-intunemam")], at: nil)
  }

  @Test func aKeyAPartialManifestSetsIsFixedThere() throws {
    #expect(try target([Self.addAppGroups], info: [Self.schemes], partial: [Self.intuneSettings]) == Self.partial)
  }

  @Test func aKeyOnlyTheInfoPlistSetsIsFixedInIt() throws {
    #expect(try target([Self.addTwin], info: [Self.schemes], partial: [Self.intuneSettings]) == Self.info)
  }

  @Test func aNewTopLevelKeyGoesToTheInfoPlist() throws {
    let change = PlistChange.insertEntry(into: [], key: "NSFaceIDUsageDescription", value: .string("Face ID"), after: nil)
    #expect(try target([change], info: [Self.schemes], partial: [Self.intuneSettings]) == Self.info)
  }

  /// A child of a dictionary both files add keys to comes from the file that sets that child.
  @Test func aChildOfAMergedDictionaryIsFixedWhereTheChildIsSet() throws {
    let infoSettings = PropertyListValue.Entry(
      "IntuneMAMSettings", .dictionary([.init("ADALAuthority", .string("https://login.example"))]))
    let change = PlistChange.replaceValue(at: [.key("IntuneMAMSettings"), .key("ADALClientId")], with: .string("x"))
    #expect(try target([change], info: [infoSettings], partial: [Self.intuneSettings]) == Self.partial)
    let other = PlistChange.replaceValue(at: [.key("IntuneMAMSettings"), .key("ADALAuthority")], with: .string("x"))
    #expect(try target([other], info: [infoSettings], partial: [Self.intuneSettings]) == Self.info)
    // The dictionary itself is both files': no fix, and the note names them.
    let note = try target([Self.addAppGroups], info: [infoSettings], partial: [Self.intuneSettings])
    #expect(note == "not fixed automatically: the build assembles 'IntuneMAMSettings' from Info.plist and "
      + "Intune.plist; add it in Info.plist or Intune.plist")
  }

  /// A dictionary merged key by key stays both files' even when the partial replaces every key the Info.plist's has:
  /// a key removed where both have it would come back from the other; one only the partial has is removed there.
  @Test func aDictionaryMergedKeyByKeyIsBothFiles() throws {
    let infoSettings = PropertyListValue.Entry(
      "IntuneMAMSettings", .dictionary([.init("ADALClientId", .string("old"))]))
    let partialSettings = PropertyListValue.Entry(
      "IntuneMAMSettings",
      .dictionary([.init("ADALClientId", .string("6f5f3a4e")), .init("ADALAuthority", .string("https://x"))]))
    let replace = PlistChange.replaceValue(at: [.key("IntuneMAMSettings")], with: .dictionary([]))
    #expect(try target([replace], info: [infoSettings], partial: [partialSettings]).hasPrefix(
      "not fixed automatically: the build assembles 'IntuneMAMSettings' from Info.plist and Intune.plist"))
    let removeShared = PlistChange.removeEntries(from: [.key("IntuneMAMSettings")], key: "ADALClientId")
    #expect(try target([removeShared], info: [infoSettings], partial: [partialSettings]).hasPrefix(
      "not fixed automatically: the build merges 'IntuneMAMSettings.ADALClientId' from Info.plist and Intune.plist"))
    let removeOwn = PlistChange.removeEntries(from: [.key("IntuneMAMSettings")], key: "ADALAuthority")
    #expect(try target([removeOwn], info: [infoSettings], partial: [partialSettings]) == Self.partial)
  }

  /// An entry both files have: removing it from one would let the other's through.
  @Test func removingAnEntryBothFilesHaveIsNoFix() throws {
    let infoSettings = PropertyListValue.Entry("IntuneMAMSettings", .dictionary([]))
    let change = PlistChange.removeEntries(from: [], key: "IntuneMAMSettings")
    let note = try target([change], info: [infoSettings], partial: [Self.intuneSettings], keyOrigins: [
      "IntuneMAMSettings": Self.partial,
    ])
    #expect(note.hasPrefix("not fixed automatically: the build merges 'IntuneMAMSettings' from Info.plist and Intune.plist"))
    #expect(try target([change], info: [Self.schemes], partial: [Self.intuneSettings]) == Self.partial)
  }

  /// A file whose value is not the one the build merges (another file's replaces it) is not edited.
  @Test func aValueTheFileDoesNotHoldAsMergedIsNoFix() throws {
    let note = try target([Self.addTwin], info: [Self.schemes], partial: [Self.intuneSettings], keyOrigins: [
      "LSApplicationQueriesSchemes": Self.partial,
    ])
    #expect(note.hasPrefix("not fixed automatically: 'LSApplicationQueriesSchemes' as the build merges it is not"))
  }

  /// Dictionaries merge at any depth: a value two levels down comes from the file that sets it, and the dictionary
  /// holding values of both files is both files'.
  @Test func dictionariesMergeAtAnyDepth() throws {
    let infoSettings = PropertyListValue.Entry(
      "IntuneMAMSettings",
      .dictionary([.init("MAMPolicy", .dictionary([.init("Mode", .string("strict")), .init("Level", .integer(1))]))]))
    let partialSettings = PropertyListValue.Entry(
      "IntuneMAMSettings", .dictionary([.init("MAMPolicy", .dictionary([.init("Mode", .string("relaxed"))]))]))
    let mode = PlistChange.replaceValue(
      at: [.key("IntuneMAMSettings"), .key("MAMPolicy"), .key("Mode")], with: .string("x"))
    #expect(try target([mode], info: [infoSettings], partial: [partialSettings]) == Self.partial)
    let level = PlistChange.replaceValue(
      at: [.key("IntuneMAMSettings"), .key("MAMPolicy"), .key("Level")], with: .integer(2))
    #expect(try target([level], info: [infoSettings], partial: [partialSettings]) == Self.info)
    let add = PlistChange.insertEntry(
      into: [.key("IntuneMAMSettings"), .key("MAMPolicy")], key: "New", value: .boolean(true), after: nil)
    #expect(try target([add], info: [infoSettings], partial: [partialSettings]).hasPrefix(
      "not fixed automatically: the build assembles 'IntuneMAMSettings.MAMPolicy' from Info.plist and Intune.plist"))
  }

  /// One fix whose changes belong in two files is no fix.
  @Test func aFixSpanningTwoFilesIsNoFix() throws {
    let note = try target([Self.addTwin, Self.addAppGroups], info: [Self.schemes], partial: [Self.intuneSettings])
    #expect(note == "not fixed automatically: the change spans Info.plist and Intune.plist, which the build merges; "
      + "add it in both")
  }
}

import ActivationRules
@testable import Lint
import Testing
import UniformTypes

/// AR013 keeps its answer by dictionary for targets that declare no type: these tests hold the answer to depending on
/// the dictionary alone, whatever types an app declares, which is what makes keeping it safe.
@Suite struct SimulationCacheTests {
  /// Every dictionary of up to three of the type keys (each allowing one item, or text), version 1 or missing.
  static let dictionaries: [ActivationDictionary] = {
    let keys: [(ActivationKey, ActivationKeyValue)] = [
      (.imageWithMaxCount, .integer(1)), (.movieWithMaxCount, .integer(1)), (.webURLWithMaxCount, .integer(1)),
      (.fileWithMaxCount, .integer(1)), (.text, .boolean(true)), (.attachmentsWithMaxCount, .integer(2)),
    ]
    var found: [ActivationDictionary] = []
    for mask in 1..<(1 << keys.count) where mask.nonzeroBitCount <= 3 {
      var values: [ActivationKey: ActivationKeyValue] = [:]
      for (index, entry) in keys.enumerated() where mask & (1 << index) != 0 { values[entry.0] = entry.1 }
      found.append(ActivationDictionary(values))
      values[.dictionaryVersion] = .integer(1)
      found.append(ActivationDictionary(values))
    }
    return found
  }()

  /// A registry with an app's own types, some conforming to the system types the shares offer.
  static let declaringRegistry = UniformTypeRegistry.system.declaring([
    TypeDeclaration(identifier: "com.contoso.note", conformsTo: ["public.plain-text"]),
    TypeDeclaration(identifier: "com.contoso.scan", conformsTo: ["public.jpeg", "com.adobe.pdf"]),
    TypeDeclaration(identifier: "com.contoso.clip", conformsTo: ["public.movie"], origin: .imported),
  ])

  @Test func theMissedShareDoesNotDependOnTheAppsTypes() {
    var missed = 0
    for dictionary in Self.dictionaries {
      let onSystemTypes = StrictMatchingVersion1Rule.missedShareIndex(dictionary, registry: .system)
      let withDeclarations = StrictMatchingVersion1Rule.missedShareIndex(dictionary, registry: Self.declaringRegistry)
      #expect(onSystemTypes == withDeclarations, "\(dictionary.values)")
      if onSystemTypes != nil { missed += 1 }
    }
    // Not vacuous: many of these dictionaries miss a share under strict matching, and some do not.
    #expect(missed > 10)
    #expect(missed < Self.dictionaries.count)
  }

  @Test func theMissedShareOfAnImageRuleIsThePhotoWithItsCaption() throws {
    let dictionary = ActivationDictionary([.imageWithMaxCount: .integer(10)])
    let index = try #require(StrictMatchingVersion1Rule.missedShareIndex(dictionary, registry: .system))
    #expect(StrictMatchingVersion1Rule.simulatedShares[index].name == "an app: photo with a caption")
  }
}

import Foundation
import TestSupport
import Testing

@testable import PropertyList

@Suite("Binary plists")
struct BinaryPlistTests {
  @Test func binaryRoundTripReadsTheSameTreeAsXML() throws {
    for text in [Fixtures.shareExtension, Fixtures.appWithSpacesAndCRLF] {
      let xml = try Fixtures.document(text)
      let binary = try BinaryPropertyList.serialize(xml.root.value)
      #expect(binary.starts(with: Array("bplist00".utf8)))
      let document = try PropertyListDocument(bytes: binary, name: "Info.plist")
      #expect(document.format == .binary)
      #expect(document.root.value == xml.root.value.normalized)
      #expect(document.root.elementRange == nil)
      if text == Fixtures.shareExtension {
        let rule = try #require(
          document.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"]))
        #expect(rule.keyPath == "NSExtension.NSExtensionAttributes.NSExtensionActivationRule")
        #expect(rule.sourceOffset(ofTextUTF8Offset: 0) == nil)
      }
    }
  }

  @Test func booleansIntegersAndRealsKeepTheirKinds() throws {
    let value = PropertyListValue.array([
      .boolean(true), .boolean(false), .integer(0), .integer(1), .integer(-7), .integer(Int.max), .real(1), .real(0.5),
      .date(Date(timeIntervalSince1970: 1_715_938_200)), .data(Data([0, 255])), .string("ü “quoted”"),
    ])
    let document = try PropertyListDocument(bytes: try BinaryPropertyList.serialize(value), name: "x")
    #expect(document.root.value == value)
    #expect(document.value(at: [.index(10)])?.keyPath == "[10]")
  }

  @Test func garbageAfterTheMagicIsAOneLineError() throws {
    var generator = SeededGenerator(seed: 42)
    let valid = try BinaryPropertyList.serialize(.dictionary([.init("a", .array([.string("b"), .integer(3)]))]))
    for round in 0..<500 {
      var bytes = valid
      if round % 2 == 0 {
        bytes =
          Array("bplist00".utf8)
          + (0..<Int.random(in: 0...64, using: &generator)).map { _ in
            UInt8.random(in: 0...255, using: &generator)
          }
      } else {
        for _ in 0..<3 {
          bytes[Int.random(in: 8..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
        }
      }
      do {
        _ = try PropertyListDocument(bytes: bytes, name: "Info.plist")
      } catch let error as PropertyListError {
        #expect(error.kind == .invalidBinaryPropertyList || error.kind == .limitExceeded)
        #expect(!error.description.contains("\n"))
      }
    }
    let truncated = try #require(Fixtures.readError(bytes: Array(valid.prefix(valid.count / 2))))
    #expect(truncated.description == "Info.plist: binary plist is damaged or truncated")
    #expect(Fixtures.readError(bytes: Array("bplist15xxxx".utf8))?.message.contains("version '15'") == true)
  }

  @Test func fixesRewriteBinaryPlistsWhole() throws {
    let xml = try Fixtures.document(Fixtures.shareExtension)
    let document = try PropertyListDocument(
      bytes: try BinaryPropertyList.serialize(xml.root.value), name: "Info.plist")
    var value = document.root.value
    value = try value.replacing(at: [.key("LSApplicationQueriesSchemes"), .index(0)], with: .string("msauthv2"))
    value = try value.replacing(at: [.key("IntuneMAMSettings"), .key("AutoEnrollOnLaunch")], with: .boolean(true))
    value = try value.replacing(at: [.key("UIRequiresFullScreen")], with: nil)
    value = try value.replacing(at: [.key("Empty"), .index(0)], with: .integer(1))
    let rewritten = try PropertyListDocument(bytes: try document.serialized(value), name: "Info.plist")
    #expect(rewritten.format == .binary)
    #expect(rewritten.value(at: ["LSApplicationQueriesSchemes"])?[0]?.string == "msauthv2")
    #expect(rewritten.value(at: ["IntuneMAMSettings", "AutoEnrollOnLaunch"])?.boolean == true)
    #expect(rewritten.value(at: ["UIRequiresFullScreen"]) == nil)
    #expect(rewritten.value(at: ["Empty"])?.elements?.map(\.integer) == [1])
    #expect(value.value(at: [.key("Score")]) == .real(0.75))
    #expect(throws: PropertyListError.self) { try value.replacing(at: [.key("Score"), .key("x")], with: .integer(1)) }
    #expect(throws: PropertyListError.self) { try value.replacing(at: [], with: nil) }
  }
}

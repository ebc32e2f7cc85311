import Foundation
import Testing

@testable import PropertyList

/// Inputs the libFuzzer targets of `Fuzz/` crashed on (`make fuzz`), each read to a clean error.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  /// A `bplist00` file from `objects` (object 0 is the top), with 2-byte offsets and references of
  /// `referenceSize` bytes (which the objects' own bytes must use).
  static func binaryPlist(_ objects: [[UInt8]], referenceSize: UInt8 = 1) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
    bytes += [0, 0, 0, 0, 0, 0, 2, referenceSize]
    for value in [objects.count, 0, table] { bytes += (0..<8).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) } }
    return bytes
  }

  /// fuzz-plist-binary, crash-2ebdd78a: a binary plist holding a set (marker 0xC_) segfaulted in Foundation's
  /// `Set._conditionallyBridgeFromObjectiveC` (`sharelint lint` died with signal 11). Reduced by hand.
  @Test(arguments: [
    [[0xC1, 1], [0x51, 0x61]],  // the top object is {"a"}
    [[0xD1, 1, 2], [0x51, 0x6B], [0xC1, 3], [0x51, 0x61]],  // {k: {"a"}}
    [[0xA1, 1], [0xC0]],  // [{}]
  ] as [[[UInt8]]])
  func binaryPlistWithASetIsRefused(objects: [[UInt8]]) throws {
    let bytes = Self.binaryPlist(objects)
    let error = try #require(throws: PropertyListError.self) {
      try PropertyListDocument(bytes: bytes, name: "Info.plist")
    }
    #expect(error.kind == .invalidBinaryPropertyList)
    #expect(error.message.contains("holds a set"))
    #expect(error.description.hasPrefix("Info.plist: "))
  }

  /// fuzz-plist-binary, crash-c93afe1e: sharelint's own binary reader trapped converting an 8-byte object
  /// reference above `Int.max` to `Int`. The fuzzer's input (after the magic it prepends), and a reduction.
  @Test func anObjectReferenceBeyondIntMaxIsDamage() throws {
    let base64 = """
      2wECAwQFAgcICQoLDA0ODxAOERITFBdfEBlDRkJ1bmRsZURldmWUkI+SmpGLsmVnaW9uXxATQ0ZCdW5kbGVQYWNrYWdlVHlwZV8Q
      EkNGQnVuZGxlRXhlY3V0YWJsZV8QEkNGQnVuZGxlRXhlY3V0YWJsZV8QHUNGQnVuZGxlSW5mb0RpY3Rpb25hcnlWZXJzaW9uXENG
      QnVuZGxlTmFtZV8QE0NGQnVuZGxlUGFja2FnZVR5cGVfEBpDRkJ1bmRsZVNob3J0VmVyc2lvblN0cmluZ18QD0NGQnVuZGxlVmVy
      c2lvbl8QEUludHVuZU1BTVNldHRpbmdzW05TRXh0ZW5zaW9uUmVuXxAQTm9ydGh3aW5kIE9yZGVycyNOb3J0aHdpbmRTaGFyZV8Q
      GmNvbS5ub3J0aHdpbmQub3JkZXJzLnNoYXJlUzMuMFRYUEMhVTEuOC4yUzE4MtEVFl8QFUNvbnRhaW5pbmdBcHBC2wANDAoAAPwL
      Ul8UEP8JCiYLCQomCgwNDg8RUhMKCwwNUl/GZW4QFU5TRXh0ZW5zaW9uQXR0cmlidXRlc18QGU5TRXh0ZW5zaW9uTWFpblN0b3J5
      Ym9hcmRfEBpOU0V4dGVuc2lvblBvaW50SWRlbnRpZmllctEcHV8QGU5TRXh0ZW5zaW9uQWN0aXZhdGlvblJ1bGVfEQEnU1VCUVVF
      UlkgKGV4dGVuc2lvbkl0ZW1zLCAkZXh0ZW5zaW9uSXRlbSwgU1VCUVVFUlkgKCRleHRlbnNpb25JdGVtLmF0dGFjaG1lbnRzLCAk
      YXR0YWNobWVudCwgQU5ZICRhdHRhY2htZW50LnJlZ2lzdGVyZWRUeXBlSWRlbnRpZmllcnMgVVRJLUNPsrpPUk1TLU8gcGIidVRs
      aWMuc3ByZWFkc2hlZXQiIHx8IEFOWSAkYXR0YWFobWVudC5yZWdpc3RlcmVkVHlwZUlkZW50aWZpZXJzIFVUSS1DT05GT1JNUy1U
      TyAicHVibGljLmNvbW1hLXNlcGFyYXRlZC12YWx1ZXMtdGVAdC4iKXhjb3VudCA9PSAxKS5AY291bnQgPT0gMV1NYWluSW50ZXJm
      YWNlXxAYY29tLmFwcGxlLnNoYXJlLXNlcnZpY2VzAAgAHwA7AFEAZgB7AJsAqAC+ANsA7QEBAQ0BEAEjATIBTwFTAVgBXgFiAWUB
      fQGUAZsBswHPAewB7wILAzYDRAAAAAAAAAIIAAAAAAAAACAAAAAAAAAAAAAAAAAAAANf
      """
    let input = try #require(Data(base64Encoded: base64.filter { !$0.isWhitespace }))
    // [ object 0xFFFF_FFFF_FFFF_FFFF ]: an array (0xA1) with one 8-byte reference; 1-byte offsets.
    var reduced = Array("bplist00".utf8)
    reduced += [0xA1] as [UInt8]
    reduced += [UInt8](repeating: 0xFF, count: 8)
    reduced += [0x08] as [UInt8]   // the offset table: object 0 at byte 8
    reduced += [0, 0, 0, 0, 0, 0, 1, 8] as [UInt8]   // offsets of 1 byte, references of 8
    reduced += [0, 0, 0, 0, 0, 0, 0, 1] as [UInt8]   // one object
    reduced += [UInt8](repeating: 0, count: 8)   // the top object is object 0
    reduced += [0, 0, 0, 0, 0, 0, 0, 17] as [UInt8]   // the offset table starts at byte 17
    for bytes in [Array("bplist00".utf8) + input, reduced] {
      let error = try #require(throws: PropertyListError.self) { try PropertyListDocument(bytes: bytes, name: "Info.plist") }
      #expect(error.kind == .invalidBinaryPropertyList)
    }
  }

  /// Arrays nested 512 deep read; one level more is refused as too deep, without exhausting the stack.
  @Test func deeplyNestedBinaryArraysStopAtTheDepthLimit() throws {
    func nested(_ depth: Int) -> [UInt8] {
      var objects: [[UInt8]] = []
      for level in 0..<depth {
        let next = UInt16(level + 1)   // each array holds the next object, by a 2-byte reference
        objects.append([0xA1, UInt8(next >> 8), UInt8(next & 0xFF)])
      }
      objects.append([0x51, 0x78])   // the innermost value: "x"
      return Self.binaryPlist(objects, referenceSize: 2)
    }
    #expect(try PropertyListDocument(bytes: nested(XMLPlistReader.maximumNestingDepth), name: "x").format == .binary)
    let error = try #require(throws: PropertyListError.self) {
      try PropertyListDocument(bytes: nested(XMLPlistReader.maximumNestingDepth + 1), name: "x")
    }
    #expect(error.kind == .limitExceeded)
  }

  /// The fuzzer's own input for the crash above: a Samples binary Info.plist, mutated so that an array holds a set.
  @Test func mutatedSampleWithASetIsRefused() throws {
    let base64 = """
      YnBsaXN0MDDfEBMBAgMEBQYHCAkKCwwNDg8QERITFBUWFxgWGRobKCkwSktMWltdYV8QGUNGQnVuZGxlRGV2ZWxvcG1lbnRSZWdpb25fEBND
      RkJ1bmRsZURpc3BsYXlOYW1lXxBGQxJCdW5kbGVFeGVjdXRhYmxlXxASQ0ZCdW5kbGVJZGVudGlmaWVyXxAdQ0ZCdW5kbGVJbmZvRGljdGlv
      bmFyeVZlcnNpb25cQ0ZCdW5kbGVOYW1lXxATQ0ZCdW5kbGVQYWNrYWdlVHlwZV8QGkNGQnVuZGxlU2hvcnRWZXJzaW9uU3RyaW5nXxAQQ0ZC
      dW5kbGVVUkxUeXBlc18QD0NGQnVuZGxlVmVyc2lvbl8QEUludHVuZU1BTVNldHRpbmdzXxAbTFNBcHBsaWNhdGlvblF1ZXJpZXNTY2hlbWVz
      XxASTFNSZXF1aXJlc0lQaG9uZU9TXxAYTlNGYWNlSURVc2FnZURlc2NyaXB0aW9uXxAaVUlBcHBsaWNhdGlvblNjZW5lTWFuaWZlc3RfEBZV
      SUxhdW5jaFN0b3J5Ym9hcmROYW1lXxAcVUlSZXF1aXJlZERldmljZUNhcGFiaWxpdGllc18QIFVJU3VwcG9ydGVkSW50ZXJmYWNlT3JpZW50
      YXRpb25zXxAlVUlTdXBwb3J0ZWRJbnRlcmZhY2VPcmllbnRhdGlvbnN+aXBhZFJlbl8QEE5vcnRod2luZCBPcmRlcnNZTm9ydGh3aW5kXxAU
      Y29tLm5vcnRod2luZC5vcmRlcnNTMy4wVEFQUExVMS44LjKiHCPTHR4fIBchXxAQQ0ZCdW5kbGVUeXBlUm9sZV8QD0NGQnVuZGxlVVJMTmFt
      ZV8QEkNGQnVuZGxlVVJMU2NoZW1lc1ZFZGl0b3KhIl8QEG5vcnRod2luZC2RlWRlcnPTHR4fICQlXxAZY29tLm5vcnRod2luZC5vcmRlcnMu
      Y3NhbKImJ18QG21zYXV0aC5jb20ubm9ydGh3aW5kLm9yZGVyc18QJW1zYXV0aC5jb20ubm9ydGh3aW5kLm9yZGVycy1pbnR1bmVtYW1TMTgy
      0yorLC0uL11BREFMQXV0aG9yaXR5XEFEQUxDbGllbnRJZF8QD0FEQUxSZWRpcmVjdFVyaV8QL2h0dHBzOi8vbG9naW4ubWljcm9zb2Z0b25s
      aW5lLmNvbS9vcmdhbml6YXRpb25zXxAkYjdlMmM5YTQtNTFmMy00ZDg2LThlMGItMmM2ZjlkMWEzZTc1XxAibXNhdXRoLmNvbS5ub3J0aHdp
      bmQub3JkZXJzOi8vYXV0aK8QGTEyMzQ1Njc4OTo7PD0+P0BBQkNERUZHSElYbXMtZXhjZWxfEBJtcy1leGNlbC1pbnR1bmVtYW1Wem9vbXVz
      Xmh0dHAtaW50dW5lbWFtXxAPaHR0cHMtaW50dW5lbWFtXxATbWljcm9zb2Z0LWVkZ2UtaHR0cF8QHW1pY3Jvc29mdC1lZGdlLWh0dHAtaW50
      dW5lbWFtXxAUbWljcm9zb2Z0LWVkZ2UtaHR0cHNfEB5taWNyb3NvZnQtZWRnZS1odHRwcy1pbnR1bmVtYW1abXMtb3V0bG9va18QFG1zLW91
      dGxvb2staW50dW5lbWFtXWNvbXBhbnlwb3J0YWxYbXNhdXRodjJYbXNhdXRodjNYc21hcnQtbnNUemlwc15sYWNvb25zZWN1cml0eVd3YW5k
      ZXJhXxAPbG9va291dHdvcmstYXNlV3NreWN1cmVfEBJiZXR0ZXJhY3RpdmVzaGllbGRVc21zZWNdbXZpc2lvbm1vYmlsZVRzY214XWludHVu
      ZW1hbS1tdGQJXxBPTm9ydGh3aW5kIE9yZGVycyB1c2VzIEZhY2UgSUQgdG8gY29uZmlybSBpdCdzIHlvdSBiZWZvcmUgc2hvd2luZyBjdXN0
      b21lciBkYXRhLtJNTk9QXxAjVUlBcHBsaWNhdGlvblN1cHBvcnRzTXVsdGlwbGVTY2VuZXNfEBVVSVNjZW5lQ29uZmlndXJhdGlvbnMI0VFS
      XxAjVUlXaW5kb3dTY2VuZVNlc3Npb25Sb2xlQXBwbGljYXRpb26hU8NUVVZXWFlfEBhVSVNjZW5lQ29uZmlndXJhdGlvbk5hbWVfEBhVSVNj
      ZW5lRGVsZWdhdGVDbGFzc05hbWVfEBVVSVNjZW5lU3Rvcnlib2FyZEZpbGVfEBVEZWZhdWx0IENvbmZpZ3VyYXRpb25fEBdOb3J0aHdpbmQu
      U2NlbmVEZWxlZ2F0ZVRNYWluXExhdW5jaFNjcmVlbqFcVWFybTY0o15fYF8QHlVJSW50ZXJmYWNlT3JpZW50YXRpb25Qb3J0cmFpdF8QI1VJ
      SW50ZXJmYWNlT3JpZW50YXRpb25MYW5kc2NhcGVMZWZ0XxAkVUlJbnRlcmZhY2VPcmllbnRhdGlvbkxhbmRzY2FwZVJpZ2h0pF5iX2BfEChV
      SUludGVyZmFjZU9yaWVudGF0aW9uUG9ydHJhaXRVcHNpZGVEb3duAAgAMQBNAGMAeACNAK0AugDQAO0BAAESASYBRAFZAXQBkQGqAckB7AIU
      AhcCKgI0AksCTwJUAloCXQJkAncCiQKeAqUCpwK6AsEC3QLgAv4DJgMqAzEDPwNMA14DkAO3A9wD+AQBBBYEHQQsBD4EVAR0BIsErAS3BM4E
      3ATlBO4E9wT8BQsFEwUlBS0FQgVIBVYFWwVpBWoFvAXBBecF/wYABgMGKQYrBjIGTQZoBoAGmAayBrcGxAbGBswG0AbxBxcHPgdDAAAAAAAA
      AgEAAAAAAAAAYwAAAAAAAAAAAAAAAAAAB24=
      """
    let bytes = try #require(Data(base64Encoded: base64, options: .ignoreUnknownCharacters))
    let error = try #require(throws: PropertyListError.self) {
      try PropertyListDocument(bytes: Array(bytes), name: "Info.plist")
    }
    #expect(error.kind == .invalidBinaryPropertyList)
  }

  /// Offsets and counts that do not fit the file are left to Foundation, which refuses them without crashing.
  @Test func setScanToleratesNonsenseTrailers() {
    var bytes = Self.binaryPlist([[0xC1, 1], [0x51, 0x61]])
    #expect(BinaryPropertyList.firstSetObject(in: bytes) == 8)
    bytes.replaceSubrange((bytes.count - 24)..<(bytes.count - 16), with: [0xFF] + [UInt8](repeating: 0, count: 7))
    #expect(BinaryPropertyList.firstSetObject(in: bytes) == nil)
    #expect(BinaryPropertyList.firstSetObject(in: Array("bplist00".utf8)) == nil)
    #expect(throws: PropertyListError.self) { try PropertyListDocument(bytes: bytes, name: "x") }
  }
}

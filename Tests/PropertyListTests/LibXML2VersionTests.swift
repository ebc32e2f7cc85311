import PropertyList
import Testing

/// `sharelint --version` names the libxml2 it runs with.
@Suite struct LibXML2VersionTests {
  @Test func runtimeVersionIsDottedAndMatchesTheHeadersMajorVersion() {
    let runtime = LibXML2Version.runtime
    let parts = runtime.split(separator: ".")
    #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(runtime)")
    #expect(parts.first == LibXML2Version.compiled.split(separator: ".").first)
  }
}

import Foundation
import PredicateSyntax
import SharelintBase
import Testing

/// Inline-marked inputs: `"a ==1️⃣"` means "the diagnostic is expected where 1️⃣ stands". The
/// marker is removed before parsing and its byte offset returned.
struct MarkedSource {
  let text: String
  let markerOffset: Int

  init(_ marked: String) {
    let marker = "1️⃣"
    guard let range = marked.range(of: marker) else {
      text = marked
      markerOffset = -1
      return
    }
    markerOffset = marked.utf8.distance(from: marked.utf8.startIndex, to: range.lowerBound)
    text = marked.replacingCharacters(in: range, with: "")
  }
}

/// Parses `text`, requiring success, and returns the tree.
func parsed(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PredicateNode {
  let outcome = PredicateParser.parse(text)
  if let diagnostic = outcome.diagnostics.first {
    Issue.record("unexpected \(diagnostic.id.rawValue): \(diagnostic.message) at \(diagnostic.range)",
                 sourceLocation: sourceLocation)
  }
  return try #require(outcome.predicate, sourceLocation: sourceLocation)
}

/// Parses a marked input, requiring exactly the diagnostic `id` at the marker.
@discardableResult
func expectDiagnostic(
  _ marked: String, _ id: SyntaxDiagnosticID, sourceLocation: SourceLocation = #_sourceLocation
) -> SyntaxDiagnostic? {
  let source = MarkedSource(marked)
  let outcome = PredicateParser.parse(source.text)
  #expect(outcome.predicate == nil, "expected a syntax error in \(source.text)", sourceLocation: sourceLocation)
  guard let diagnostic = outcome.diagnostics.first else {
    Issue.record("no diagnostic for \(source.text)", sourceLocation: sourceLocation)
    return nil
  }
  #expect(diagnostic.id == id, "\(diagnostic.message)", sourceLocation: sourceLocation)
  #expect(diagnostic.range.start >= 0 && diagnostic.range.end <= source.text.utf8.count,
          "diagnostic outside the text", sourceLocation: sourceLocation)
  if source.markerOffset >= 0 {
    #expect(diagnostic.range.start == source.markerOffset,
            "\(id.rawValue) at \(diagnostic.range.start), expected \(source.markerOffset): \(diagnostic.message)",
            sourceLocation: sourceLocation)
  }
  return diagnostic
}

/// The compact canonical form of `text`.
func formatted(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
  PredicatePrinter().print(try parsed(text, sourceLocation: sourceLocation))
}

/// The text a range covers.
func slice(_ text: String, _ range: ByteRange) -> String {
  String(decoding: Array(text.utf8)[range.start..<range.end], as: UTF8.self)
}

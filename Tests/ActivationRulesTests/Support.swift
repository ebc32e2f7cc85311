import ActivationRules
import PredicateEvaluation
import PredicateSyntax
import Testing

/// A seeded generator, so every property-test failure can be replayed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random extension contexts drawn from a small pool of types and their Intune MAM twins.
enum ContextGenerator {
  /// Unwrapped types: image, movie, text, file URL, web URL, property list, PDF.
  static let plainTypes = [
    "public.jpeg", "public.png", "public.mpeg-4", "public.plain-text", "public.file-url", "public.url",
    "com.apple.property-list", "com.adobe.pdf",
  ]
  /// The pool: the unwrapped types and their twins.
  static let allTypes = plainTypes + plainTypes.map { "com.microsoft.intune.mam." + $0 }

  /// 1–2 items of 0–4 attachments, each offering 1–3 types from `pool`.
  static func context(_ random: inout SplitMix64, pool: [String] = allTypes) -> ExtensionContext {
    let items = (0..<Int.random(in: 1...2, using: &random)).map { _ in
      (0..<Int.random(in: 0...4, using: &random)).map { _ in
        let types = (0..<Int.random(in: 1...3, using: &random)).map { _ in pool.randomElement(using: &random)! }
        return ExtensionContext.Attachment(types)
      }
    }
    return ExtensionContext(items: items)
  }
}

/// Parses `text`, recording an issue when it does not parse.
func parsed(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> PredicateNode? {
  let outcome = PredicateParser.parse(text)
  #expect(outcome.predicate != nil, "does not parse: \(text) \(outcome.diagnostics)", sourceLocation: sourceLocation)
  return outcome.predicate
}

/// Evaluates `predicate` on `context`, turning an evaluation error into `nil`.
func evaluates(_ predicate: PredicateNode, on context: ExtensionContext) -> Bool? {
  try? PredicateEvaluator().evaluate(predicate, on: context.evaluationValue)
}

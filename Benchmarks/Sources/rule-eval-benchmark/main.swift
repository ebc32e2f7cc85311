import ActivationRules
import BenchmarkSupport
import PredicateEvaluation
import PredicateSyntax

// Evaluation speed of PredicateEvaluation, release build: a typical activation rule (two nested
// SUBQUERYs with ANY … UTI-CONFORMS-TO, the Intune twins included) on typical share-sheet inputs.
// Usage: rule-eval-benchmark

let typicalRule = """
  SUBQUERY (
      extensionItems,
      $extensionItem,
      SUBQUERY (
          $extensionItem.attachments,
          $attachment,
          ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
          OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf"
          OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image"
          OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.com.adobe.pdf"
      ).@count >= 1
  ).@count >= 1
  """
guard let rule = PredicateParser.parse(typicalRule).predicate else { fatalError("the typical rule must parse") }
let evaluator = PredicateEvaluator()

print("activation rule evaluation (PredicateEvaluation, release build)")
for input in ShareSheetCatalogue.inputs where ["Photos: one photo", "Photos: five photos", "Files: PDF",
  "Notes: text", "Photos: one photo (managed)"].contains(input.name)
{
  let value = input.evaluationValue
  let activates = (try? evaluator.evaluate(rule, on: value)) ?? false
  let measurement = Measurement.run(iterations: 100_000) { blackHole(try? evaluator.evaluate(rule, on: value)) }
  print("  \(input.name) (activates: \(activates)): median \(formatted(measurement.median / 1000, decimals: 2)) µs"
    + " per evaluation, best \(formatted(measurement.best / 1000, decimals: 2)) µs")
}

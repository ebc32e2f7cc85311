import ActivationRules
import ArgumentParser
import PredicateSyntax

/// `sharelint rule augment`: add the Intune MAM types to a predicate.
struct RuleAugmentCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "augment",
    abstract: "Add the com.microsoft.intune.mam. twin of every UTI a predicate tests.",
    discussion: """
      An Intune-managed app shares files with types prefixed com.microsoft.intune.mam. (for \
      example com.microsoft.intune.mam.public.jpeg); a rule that does not accept them hides the \
      extension from every managed app's share sheet. The minimal shape changes only the \
      comparisons it must (each UTI test gains an OR with its twin) and keeps the author's layout; \
      a rule that already has every twin is printed unchanged. --shape configurator reproduces \
      IntuneMAMConfigurator's ((orig) || (copy)) rewrite.

      Examples:
        sharelint rule augment \\
          'ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.jpeg"'
        sharelint rule augment - < Samples/Rules/exactly-one-pdf.predicate
      """
  )

  @OptionGroup var input: PredicateInputOptions

  @Option(help: "minimal or configurator.")
  var shape: IntuneAugmentationShape = .minimal

  func run() throws {
    let source = try input.read()
    let outcome = RuleDiagnostics.parseAndReport(source, lenient: input.lenient, colour: input.coloursDiagnostics)
    guard let predicate = outcome.predicate else { throw ExitCode(CommandLineExit.answerIsNo) }
    let text = String(decoding: source.bytes, as: UTF8.self)
    let augmentation = shape == .minimal
      ? IntuneAugmenter.augment(predicate, text: text) : IntuneAugmenter.configuratorAugment(predicate, text: text)
    let result = augmentation.augmentedText
    StandardStreams.writeOutput(result.hasSuffix("\n") ? result : result + "\n")
    if !outcome.isValid { throw ExitCode(CommandLineExit.answerIsNo) }
  }
}

extension IntuneAugmentationShape: ExpressibleByArgument {}
extension ConversionShape: ExpressibleByArgument {}

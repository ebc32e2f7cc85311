import ActivationRules
import ArgumentParser
import Foundation
import PredicateEvaluation
import PredicateSyntax
import PropertyList
import SharelintBase

/// `sharelint rule convert`: the dictionary form of an activation rule as a predicate.
struct RuleConvertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract: "Convert a dictionary-form activation rule (NSExtensionActivationSupports…) to a predicate.",
    discussion: """
      Reads an Info.plist (its NSExtension › NSExtensionAttributes › NSExtensionActivationRule, or \
      a plist whose root is the dictionary) or a JSON object of the keys, and prints the equivalent \
      predicate. The canonical shape keeps the dictionary's real meaning: without \
      NSExtensionActivationDictionaryVersion 2, iOS uses strict matching (the extension must \
      handle every offered type). --shape configurator prints the shape IntuneMAMConfigurator \
      emits, which treats such a dictionary as "at least one supported type" — looser than iOS. \
      Problems with the dictionary (unknown keys, wrong types) are printed on standard error and \
      make the exit status 1.

      Examples:
        sharelint rule convert ShareExtension/Info.plist
        sharelint rule convert - \\
          <<< '{"NSExtensionActivationSupportsImageWithMaxCount": 10}'
      """
  )

  @Argument(help: "An Info.plist, a plist holding the dictionary, or a JSON object ('-' reads standard input).")
  var file: String

  @Option(help: "canonical or configurator.")
  var shape: ConversionShape = .canonical

  func run() throws {
    let bytes = file == "-" ? try StandardStreams.readStandardInput() : try StandardStreams.readFile(file)
    let name = file == "-" ? "<stdin>" : file
    let reading = try ActivationRuleInput.dictionary(from: bytes, name: name)
    for problem in reading.problems { StandardStreams.writeError("\(name): \(problem.message)\n") }
    let converted = ActivationRuleConverter.convert(reading.dictionary, shape: shape)
    StandardStreams.writeOutput(converted.text.hasSuffix("\n") ? converted.text : converted.text + "\n")
    if !reading.problems.isEmpty { throw ExitCode(CommandLineExit.answerIsNo) }
  }
}

/// Reading an activation rule out of the files the `rule` commands accept.
enum ActivationRuleInput {
  /// The rule node of an Info.plist, or the root of a plist that is the rule itself (a dictionary
  /// of `NSExtensionActivation…` keys, or a string); otherwise an `InputError`.
  static func ruleNode(in document: PropertyListDocument) throws -> PropertyListNode {
    if let node = document.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"]) {
      return node
    }
    let root = document.root
    let isRule = root.string != nil
      || (root.entries.map { !$0.isEmpty && $0.allSatisfy { $0.key.text.hasPrefix("NSExtensionActivation") } } ?? false)
    guard isRule else {
      throw InputError(
        "\(document.source.name): no NSExtension › NSExtensionAttributes › NSExtensionActivationRule (is it an extension's Info.plist?)")
    }
    return root
  }

  /// The dictionary-form rule in `bytes`: a plist (XML or binary) or a JSON object.
  static func dictionary(from bytes: [UInt8], name: String) throws -> ActivationDictionaryReading {
    let firstByte = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    if firstByte == UInt8(ascii: "{") {
      let value: EvaluationValue
      do {
        value = try EvaluationValue(jsonBytes: bytes)
      } catch {
        let position = SourceText(name: name, bytes: bytes).position(of: error.range.start)
        throw InputError("\(name):\(position.line):\(position.column): \(error.message)")
      }
      guard case .dictionary(let members) = value else { throw InputError("\(name): expected a JSON object") }
      let entries = members.keys.sorted().compactMap { key -> PropertyListValue.Entry? in
        switch members[key]! {
        case .integer(let number): return .init(key, .integer(Int(number)))
        case .bool(let flag): return .init(key, .boolean(flag))
        case .double(let number): return .init(key, .real(number))
        case .string(let text): return .init(key, .string(text))
        default: return nil
        }
      }
      guard let reading = ActivationDictionary.read(PropertyListValue.dictionary(entries)) else {
        throw InputError("\(name): not an activation rule dictionary")
      }
      return reading
    }
    let document = try readDocument(bytes, name: name)
    let node = try ruleNode(in: document)
    guard let reading = ActivationDictionary.read(node) else {
      if node.string != nil {
        throw InputError("\(name): the activation rule is already a predicate string; use `sharelint rule format`")
      }
      throw InputError("\(name): no dictionary-form NSExtensionActivationRule found")
    }
    return reading
  }

  /// A plist document, or an `InputError` with the reader's one-line reason.
  static func readDocument(_ bytes: [UInt8], name: String) throws -> PropertyListDocument {
    do {
      return try PropertyListDocument(bytes: bytes, name: name)
    } catch {
      throw InputError("\(error)")
    }
  }
}

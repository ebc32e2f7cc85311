import Foundation
import PredicateSyntax
import SharelintBase

/// The predicate shapes a dictionary rule converts to.
public enum ConversionShape: String, Hashable, Sendable, CaseIterable {
  /// sharelint's clearest SUBQUERY form, keeping the dictionary's meaning on iOS, strict or not
  /// (`ActivationInterpretation.ios`).
  case canonical
  /// The shape Microsoft's IntuneMAMConfigurator writes (`ActivationInterpretation.configurator`).
  case configurator
}

/// A predicate produced by a conversion: its text and the tree parsed from that text, so the
/// tree's ranges point into `text`.
public struct ConvertedPredicate: Hashable, Sendable {
  /// The predicate printed by `PredicatePrinter` in pretty style.
  public var text: String
  /// The tree of `text`.
  public var predicate: PredicateNode
  /// The text before pretty-printing: for the configurator shape, the spelling the configurator
  /// itself writes (`SUBQUERY (…)`, `&&`, `||`, `( … )`).
  public var sourceText: String
}

/// Converts the dictionary form into a predicate, driven by `ActivationKeyTable`.
///
/// **canonical** joins with AND, in this order, the clauses the dictionary needs:
/// ```
/// SUBQUERY(extensionItems, $extensionItem,
///     SUBQUERY($extensionItem.attachments, $attachment, HANDLED).@count > 0).@count > 0     -- some handled
/// SUBQUERY(extensionItems, $extensionItem,
///     SUBQUERY($extensionItem.attachments, $attachment, NOT (HANDLED)).@count > 0).@count == 0  -- strict only
/// SUBQUERY(extensionItems, $extensionItem,
///     SUBQUERY($extensionItem.attachments, $attachment, ROW).@count > COUNT).@count == 0    -- per counted row
/// SUBQUERY(extensionItems, $extensionItem, $extensionItem.attachments.@count > MAX).@count == 0
/// SUBQUERY(extensionItems, $extensionItem, $extensionItem.attachments.@count < MIN).@count == 0
/// ```
/// where ROW is `ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "type"` (AND a NONE
/// for each excluded type) and HANDLED the OR of the enabled rows (TRUEPREDICATE-like when
/// `…AttachmentsWithMaxCount` accepts any type). A dictionary enabling nothing gives FALSEPREDICATE.
///
/// **configurator** reconstructs `convertActivationRuleDictionaryToSubqueryString:`
/// (`reference/intune-sdk-notes.md` §1.3 item 7) from its templates: the attachment-count clauses
/// `SUBQUERY (extensionItems, $extensionItem, $extensionItem.attachments.@count >= MIN).@count > 0`
/// (and `<= MAX`), one "no item holds more than COUNT" clause per counted row,
/// `(SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment,
/// ROW).@count > COUNT).@count == 0)`, and a presence clause OR-ing, per row, the same template with
/// `> 0` … `> 0`, each clause wrapped in `( … )` and joined with ` && `. The notes give the templates
/// but not how the presence part is written, so that part is a reconstruction. The vendor's
/// shape always means "at least one": a dictionary without version 2, which iOS matches strictly,
/// comes out looser than iOS.
public enum ActivationRuleConverter {
  /// The predicate `dictionary` converts to in `shape`. Converting builds, parses, prints and parses again: the
  /// answers are kept by dictionary, as the extensions of a run often share one.
  public static func convert(_ dictionary: ActivationDictionary, shape: ConversionShape) -> ConvertedPredicate {
    conversions.value(for: ConversionKey(dictionary: dictionary, shape: shape)) {
      convertAnew(dictionary, shape: shape)
    }
  }

  private struct ConversionKey: Hashable, Sendable {
    let dictionary: ActivationDictionary
    let shape: ConversionShape
  }

  private static let conversions = BoundedCache<ConversionKey, ConvertedPredicate>(capacity: 256)

  private static func convertAnew(_ dictionary: ActivationDictionary, shape: ConversionShape) -> ConvertedPredicate {
    let source = shape == .canonical ? canonicalText(dictionary) : configuratorText(dictionary)
    guard let parsed = PredicateParser.parse(source).predicate else {
      preconditionFailure("conversion produced a predicate that does not parse: \(source)")
    }
    let text = PredicatePrinter(style: .pretty).print(parsed)
    guard let predicate = PredicateParser.parse(text).predicate else {
      preconditionFailure("the pretty printer produced a predicate that does not parse: \(text)")
    }
    return ConvertedPredicate(text: text, predicate: predicate, sourceText: source)
  }

  // MARK: - Canonical

  static let types = "$attachment.registeredTypeIdentifiers"

  static func rowText(_ row: ActivationKeyRow, configurator: Bool, and: String) -> String {
    let accepted = configurator ? row.configuratorAcceptedTypes : row.acceptedTypes
    let excluded = configurator ? row.configuratorExcludedTypes : row.excludedTypes
    var text = accepted.map { "ANY \(types) UTI-CONFORMS-TO \(PredicatePrinter.quotedString($0))" }
      .joined(separator: configurator ? " || " : " OR ")
    if accepted.count > 1 && !excluded.isEmpty { text = "(\(text))" }
    for type in excluded {
      text += " \(and) NONE \(types) UTI-CONFORMS-TO \(PredicatePrinter.quotedString(type))"
    }
    return text
  }

  static func eachItem(_ condition: String) -> String {
    "SUBQUERY(extensionItems, $extensionItem, \(condition)).@count == 0"
  }

  static func attachmentsOfItem(_ condition: String) -> String {
    "SUBQUERY($extensionItem.attachments, $attachment, \(condition)).@count"
  }

  static func canonicalText(_ dictionary: ActivationDictionary) -> String {
    let rows = dictionary.enabledTypeRows
    let acceptsAnyType = dictionary.maximumAttachmentCount != nil
    guard acceptsAnyType || !rows.isEmpty else { return "FALSEPREDICATE" }
    let handled = rows.map { "(" + rowText($0.row, configurator: false, and: "AND") + ")" }.joined(separator: " OR ")
    var clauses: [String] = []
    if acceptsAnyType {
      clauses.append("SUBQUERY(extensionItems, $extensionItem, $extensionItem.attachments.@count > 0).@count > 0")
    } else {
      clauses.append("SUBQUERY(extensionItems, $extensionItem, \(attachmentsOfItem(handled)) > 0).@count > 0")
      if dictionary.usesStrictMatching {
        clauses.append(eachItem("\(attachmentsOfItem("NOT (\(handled))")) > 0"))
      }
    }
    for (row, allowance) in rows where allowance != Int.max {
      clauses.append(eachItem("\(attachmentsOfItem(rowText(row, configurator: false, and: "AND"))) > \(allowance)"))
    }
    if let maximum = dictionary.maximumAttachmentCount {
      clauses.append(eachItem("$extensionItem.attachments.@count > \(maximum)"))
    }
    if let minimum = dictionary.minimumAttachmentCount {
      clauses.append(eachItem("$extensionItem.attachments.@count < \(minimum)"))
    }
    return clauses.map { "(\($0))" }.joined(separator: " AND ")
  }

  // MARK: - Configurator

  /// `%@` is the row's type test, `%d` the count, as in the configurator's format strings.
  static let configuratorLimitTemplate =
    "SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, %@).@count > %d)"
    + ".@count == 0"
  static let configuratorPresenceTemplate =
    "SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, %@).@count > 0)"
    + ".@count > 0"
  static let configuratorMinimumTemplate =
    "SUBQUERY (extensionItems, $extensionItem, $extensionItem.attachments.@count >= %d).@count > 0"
  static let configuratorMaximumTemplate =
    "SUBQUERY (extensionItems, $extensionItem, $extensionItem.attachments.@count <= %d).@count > 0"

  static func fill(_ template: String, _ typeTest: String = "", _ count: Int = 0) -> String {
    template.replacingOccurrences(of: "%@", with: typeTest).replacingOccurrences(of: "%d", with: String(count))
  }

  static func configuratorText(_ dictionary: ActivationDictionary) -> String {
    var clauses: [String] = []
    if let minimum = dictionary.minimumAttachmentCount {
      clauses.append(fill(configuratorMinimumTemplate, "", minimum))
    }
    if let maximum = dictionary.maximumAttachmentCount {
      clauses.append(fill(configuratorMaximumTemplate, "", maximum))
    }
    let rows = dictionary.enabledTypeRows
    for (row, allowance) in rows where allowance != Int.max {
      clauses.append(fill(configuratorLimitTemplate, rowText(row, configurator: true, and: "&&"), allowance))
    }
    if !rows.isEmpty {
      let presences = rows.map { enabled in
        "( " + fill(configuratorPresenceTemplate, rowText(enabled.row, configurator: true, and: "&&")) + " )"
      }
      clauses.append(presences.joined(separator: " || "))
    }
    guard !clauses.isEmpty else { return "FALSEPREDICATE" }
    return clauses.map { "( \($0) )" }.joined(separator: " && ")
  }
}

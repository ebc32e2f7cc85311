import PredicateSyntax
import SharelintBase
import UniformTypes

/// The walk behind `IntuneAugmenter.augment`: collects edits bottom-up, so the edits inside a
/// comparison are the ones added since its visit began. The walk recurses along the tree, whose
/// height the parser bounds.
///
/// A type test's copy carries the edits made inside it, so type tests nested in the operand of
/// another (`TERNARY(x UTI-CONFORMS-TO "a", …) UTI-CONFORMS-TO "b"`, never seen in a real rule) double
/// the text at each level: past `maximumAddedBytes` the copies stop, and the tests left are left alone.
struct MinimalAugmentationRewriter {
  /// How many bytes the edits may add in all: four times the rule, and at least 64 KiB.
  static func maximumAddedBytes(forRuleOf length: Int) -> Int { max(1 << 16, 4 * length) }

  /// A type test, as far as finding its twin goes.
  struct TestKey: Hashable {
    var modifier: Comparison.Modifier
    var comparisonOperator: Comparison.Operator
    var otherSide: String
    var constantOnRight: Bool
    var foldedType: String
  }

  let bytes: [UInt8]
  let orWord: String
  let andWord: String
  let freshVariable: String
  /// Where each type test is written, by key.
  var testRanges: [TestKey: [ByteRange]] = [:]
  /// The printed form of each side a type test compares its type with, by that side's source bytes:
  /// every test of a rule repeats `$attachment.registeredTypeIdentifiers`, printed once for all.
  let printedSides: [ArraySlice<UInt8>: String]
  var edits: [TextEdit] = []
  /// The bytes the edits add so far.
  var addedBytes = 0

  init(bytes: [UInt8], predicate: PredicateNode) {
    self.bytes = bytes
    let symbolic = Self.asciiBytes(bytes, contain: "||") ?? String(decoding: bytes, as: UTF8.self).contains("||")
      || Self.asciiBytes(bytes, contain: "&&") ?? String(decoding: bytes, as: UTF8.self).contains("&&")
    orWord = symbolic ? "||" : "OR"
    andWord = symbolic ? "&&" : "AND"
    var names: Set<String> = []
    var tests: [TestKey: [ByteRange]] = [:]
    var sides: [ArraySlice<UInt8>: String] = [:]
    var walk = PredicateTreeWalk()
    walk.visitPredicate = { node, _ in
      guard case .comparison(let comparison) = node.kind, let test = Self.typeTest(comparison) else { return }
      let side = test.otherSide
      let sourceText = Self.slice(of: side.range, in: bytes)
      let printed = sides[sourceText] ?? PredicatePrinter().print(side)
      if !sourceText.isEmpty { sides[sourceText] = printed }
      tests[test.key(test.type, otherSide: printed), default: []].append(comparison.coreRange)
    }
    walk.visitExpression = { expression, _ in
      switch expression.kind {
      case .variable(let name), .subquery(_, let name, _, _): names.insert(name.lowercased())
      default: break
      }
    }
    walk.walk(predicate)
    // In source order, for `hasTwin`'s binary search (the walk visits parents first, in order).
    testRanges = tests.mapValues { $0.sorted { $0.start < $1.start } }
    printedSides = sides
    var candidate = "type"
    var suffix = 1
    while names.contains(candidate) {
      candidate = "type\(suffix)"
      suffix += 1
    }
    freshVariable = candidate
  }

  /// Whether `bytes` contain `needle` (ASCII), when `bytes` are ASCII too (there Foundation's
  /// `contains`, which matches canonically equivalent characters, finds exactly the byte matches);
  /// nil otherwise, for the caller to ask Foundation.
  static func asciiBytes(_ bytes: [UInt8], contain needle: StaticString) -> Bool? {
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    return needle.withUTF8Buffer { wanted in
      bytes.indices.contains { start in
        start + wanted.count <= bytes.count && wanted.indices.allSatisfy { bytes[start + $0] == wanted[$0] }
      }
    }
  }

  /// A comparison recognised as a type test: the constant's node, the other side, and the key maker.
  struct TypeTest {
    var constant: ExpressionNode
    var type: String
    var comparison: Comparison
    var constantOnRight: Bool

    /// The side the type is compared with.
    var otherSide: ExpressionNode { constantOnRight ? comparison.left : comparison.right }

    /// The key of this test with `type` instead of its own, `otherSide` being its other side printed.
    func key(_ type: String, otherSide: String) -> TestKey {
      TestKey(
        modifier: comparison.modifier, comparisonOperator: comparison.operator, otherSide: otherSide,
        constantOnRight: constantOnRight, foldedType: type.lowercased())
    }
  }

  /// The type test `comparison` is, if any (array constants are handled apart).
  static func typeTest(_ comparison: Comparison) -> TypeTest? {
    switch comparison.operator {
    case .utiConformsTo, .utiEquals:
      guard let type = comparison.right.stringConstant else { return nil }
      return TypeTest(constant: comparison.right, type: type, comparison: comparison, constantOnRight: true)
    case .equalTo:
      if comparison.left.isTypeIdentifierList, comparison.modifier != .direct,
        let type = comparison.right.stringConstant
      {
        return TypeTest(constant: comparison.right, type: type, comparison: comparison, constantOnRight: true)
      }
      return nil
    case .in:
      guard comparison.modifier == .direct, comparison.right.isTypeIdentifierList,
        let type = comparison.left.stringConstant
      else { return nil }
      return TypeTest(constant: comparison.left, type: type, comparison: comparison, constantOnRight: false)
    case .contains:
      guard comparison.modifier == .direct, comparison.left.isTypeIdentifierList,
        let type = comparison.right.stringConstant
      else { return nil }
      return TypeTest(constant: comparison.right, type: type, comparison: comparison, constantOnRight: true)
    default:
      return nil
    }
  }

  /// Visits `predicate`; `region` is the range of the outermost AND/OR above it in the same scope.
  mutating func visit(_ predicate: PredicateNode, region: ByteRange?) {
    switch predicate.kind {
    case .constant: break
    case .and(let operands), .or(let operands):
      for operand in operands { visit(operand, region: region ?? predicate.range) }
    case .not(let operand):
      visit(operand, region: nil)
    case .comparison(let comparison):
      let firstInnerEdit = edits.count
      visit(comparison.left)
      visit(comparison.right)
      rewrite(comparison, nodeRange: predicate.range, region: region ?? comparison.coreRange,
              firstInnerEdit: firstInnerEdit)
    }
  }

  /// Visits the predicates nested in `expression` (SUBQUERY, TERNARY), each a scope of its own.
  mutating func visit(_ expression: ExpressionNode) {
    for child in expression.childExpressions { visit(child) }
    for child in expression.childPredicates { visit(child, region: nil) }
  }

  mutating func rewrite(_ comparison: Comparison, nodeRange: ByteRange, region: ByteRange, firstInnerEdit: Int) {
    if case .array(let elements) = comparison.right.kind, isTypeList(comparison) {
      addTwins(to: elements)
      return
    }
    guard let test = MinimalAugmentationRewriter.typeTest(comparison), !test.type.isEmpty,
      !IntuneMAMTypes.isIntuneMAMType(test.type), !hasTwin(test, within: region)
    else { return }
    let core = comparison.coreRange
    let twinLiteral = twinLiteral(of: test.constant)
    if comparison.modifier == .all {
      replaceAll(comparison, test: test, twinLiteral: twinLiteral, firstInnerEdit: firstInnerEdit)
      return
    }
    let connective = comparison.modifier == .none ? andWord : orWord
    var copyEdits = edits[firstInnerEdit...].map {
      TextEdit(range: $0.range.shifted(by: -core.start), replacement: $0.replacement)
    }
    copyEdits.append(TextEdit(range: test.constant.range.shifted(by: -core.start), replacement: twinLiteral))
    let addedByInnerEdits = copyEdits.reduce(0) { $0 + $1.replacement.utf8.count }
    guard addedBytes + core.count + addedByInnerEdits <= Self.maximumAddedBytes(forRuleOf: bytes.count) else { return }
    let copy = String(decoding: Array(bytes[core.start..<core.end]).applying(copyEdits).result, as: UTF8.self)
    addedBytes += copy.utf8.count + connective.utf8.count + 4
    if nodeRange == core {
      edits.append(.insert("(", at: core.start))
      edits.append(.insert(" \(connective) \(copy))", at: core.end))
    } else {
      edits.append(.insert(" \(connective) \(copy)", at: core.end))
    }
  }

  /// `ALL x op "T"` becomes a SUBQUERY over `x` keeping the elements that pass neither test.
  mutating func replaceAll(_ comparison: Comparison, test: TypeTest, twinLiteral: String, firstInnerEdit: Int) {
    let left = comparison.left.range
    // The left side is written anew with the edits inside it: count it as added.
    guard addedBytes + left.count + 2 * twinLiteral.utf8.count + 96 <= Self.maximumAddedBytes(forRuleOf: bytes.count)
    else { return }
    addedBytes += left.count + 2 * twinLiteral.utf8.count + 96
    let innerEdits = edits[firstInnerEdit...].map {
      TextEdit(range: $0.range.shifted(by: -left.start), replacement: $0.replacement)
    }
    edits.removeSubrange(firstInnerEdit...)
    let leftText = String(decoding: Array(bytes[left.start..<left.end]).applying(innerEdits).result, as: UTF8.self)
    let operatorText = bytes.text(comparison.operatorRange)
    let variable = "$" + freshVariable
    let original = bytes.text(test.constant.range)
    let replacement = "SUBQUERY(\(leftText), \(variable), NOT (\(variable) \(operatorText) \(original) \(orWord) "
      + "\(variable) \(operatorText) \(twinLiteral))).@count == 0"
    edits.append(TextEdit(range: comparison.coreRange, replacement: replacement))
  }

  /// Whether an IN's array on the right lists types: its left is a `registeredTypeIdentifiers` list
  /// or one of its strings is a type the system knows.
  func isTypeList(_ comparison: Comparison) -> Bool {
    guard comparison.operator == .in || comparison.operator == .utiConformsTo || comparison.operator == .utiEquals,
      case .array(let elements) = comparison.right.kind
    else { return false }
    if comparison.left.isTypeIdentifierList || comparison.operator != .in { return true }
    return elements.contains { $0.stringConstant.map(UniformTypeRegistry.system.knows) ?? false }
  }

  /// Inserts, after each string of `elements` whose twin is missing, that twin.
  mutating func addTwins(to elements: [ExpressionNode]) {
    let present = Set(elements.compactMap { $0.stringConstant?.lowercased() })
    for element in elements {
      guard let type = element.stringConstant, !type.isEmpty, !IntuneMAMTypes.isIntuneMAMType(type),
        !present.contains(IntuneMAMTypes.intuneMAMTwin(of: type).lowercased())
      else { continue }
      edits.append(.insert(", " + twinLiteral(of: element), at: element.range.end))
    }
  }

  /// The bytes of `range`, clamped into `bytes`.
  static func slice(of range: ByteRange, in bytes: [UInt8]) -> ArraySlice<UInt8> {
    let start = min(max(0, range.start), bytes.count)
    return bytes[start..<min(max(start, range.end), bytes.count)]
  }

  /// Whether the twin of `test` is written inside `region`.
  func hasTwin(_ test: TypeTest, within region: ByteRange) -> Bool {
    let side = test.otherSide
    let sourceText = Self.slice(of: side.range, in: bytes)
    let printed = (sourceText.isEmpty ? nil : printedSides[sourceText]) ?? PredicatePrinter().print(side)
    let twinKey = test.key(IntuneMAMTypes.intuneMAMTwin(of: test.type), otherSide: printed)
    guard let ranges = testRanges[twinKey] else { return false }
    // The first test starting in the region; ranges nest, so past the few that start where the region
    // does and enclose it, the first that starts before the region's end lies inside it.
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].start < region.start { low = middle + 1 } else { high = middle }
    }
    while low < ranges.count, ranges[low].start < region.end {
      if ranges[low].end <= region.end { return true }
      low += 1
    }
    return false
  }

  /// The literal of the twin of the string literal `constant`, with the author's quote.
  func twinLiteral(of constant: ExpressionNode) -> String {
    let literal = bytes.text(constant.range)
    guard let quote = literal.first, quote == "\"" || quote == "'" else {
      return PredicatePrinter.quotedString(IntuneMAMTypes.intuneMAMTwin(of: constant.stringConstant ?? ""))
    }
    return String(quote) + IntuneMAMTypes.prefix + literal.dropFirst()
  }
}

/// How much a document may expand to, across all its files: each value materialized (aliases expanded, and for an
/// XcodeGen spec includes merged and templates applied) is charged once per copy, so a YAML "billion laughs"
/// (anchors of aliases of anchors…) or a template applied to thousands of targets ends in a located error instead
/// of exhausting memory or time. Real documents stay far below (a large XcodeGen spec is a few thousand values).
package final class YAMLBudget {
  /// Values (scalars, sequences, mappings) that may be materialized.
  package static let defaultValues = 400_000
  /// Bytes of scalar text that may be materialized (aliases of one long string count once per copy).
  package static let defaultBytes = 32 << 20

  /// What messages call the document: `the spec`, `the configuration`, `the policy`.
  package let document: String
  /// What can make the document expand so much, named in the error.
  private let causes: String
  private let valueLimit: Int
  private let byteLimit: Int
  private(set) var remainingValues: Int
  private(set) var remainingBytes: Int

  /// A budget of `values` values and `bytes` bytes of text for `document`, whose error names `causes`.
  package init(
    document: String, causes: String = "YAML aliases of aliases", values: Int = YAMLBudget.defaultValues,
    bytes: Int = YAMLBudget.defaultBytes
  ) {
    self.document = document
    self.causes = causes
    valueLimit = values
    byteLimit = bytes
    remainingValues = values
    remainingBytes = bytes
  }

  /// Takes one value of `bytes` bytes of text from the budget, or throws an error located at `location`.
  package func charge(bytes: Int = 0, at location: YAMLLocation) throws(YAMLError) {
    remainingValues -= 1
    remainingBytes -= bytes
    guard remainingValues >= 0, remainingBytes >= 0 else {
      throw YAMLError(
        "\(document) expands to more than \(valueLimit) values or \(byteLimit) bytes of text (\(causes)); "
          + "it is not read", at: location)
    }
  }
}

/// How much a spec may expand to, across all its files: each value materialized (aliases expanded, includes
/// merged, templates applied) is charged once per copy, so a YAML "billion laughs" (anchors of aliases of
/// anchors…) or a template applied to thousands of targets ends in a located error instead of exhausting
/// memory or time. Real specs stay far below (a large one is a few thousand values).
final class XcodeGenBudget {
  /// Values (scalars, sequences, mappings) that may be materialized.
  static let defaultValues = 400_000
  /// Bytes of scalar text that may be materialized (aliases of one long string count once per copy).
  static let defaultBytes = 32 << 20

  private let valueLimit: Int
  private let byteLimit: Int
  private(set) var remainingValues: Int
  private(set) var remainingBytes: Int

  init(values: Int = XcodeGenBudget.defaultValues, bytes: Int = XcodeGenBudget.defaultBytes) {
    valueLimit = values
    byteLimit = bytes
    remainingValues = values
    remainingBytes = bytes
  }

  /// Takes one value of `bytes` bytes of text from the budget, or throws an error located at `location`.
  func charge(bytes: Int = 0, at location: XcodeGenLocation) throws(XcodeProjectError) {
    remainingValues -= 1
    remainingBytes -= bytes
    guard remainingValues >= 0, remainingBytes >= 0 else {
      throw location.error(
        "the spec expands to more than \(valueLimit) values or \(byteLimit) bytes of text "
          + "(YAML aliases of aliases, or templates applied too often); it is not read")
    }
  }
}

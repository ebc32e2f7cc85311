import PredicateSyntax
import SharelintBase

/// The one fingerprint of a finding, shared by the GitLab report (`fingerprint`), SARIF (`partialFingerprints`
/// under `sarifKey`) and the baseline (`LintBaseline`): the first 32 hex digits of the SHA-256 of the rule
/// identifier, the file, the key path, the message and the occurrence, each followed by a NUL byte.
///
/// The occurrence counts the earlier findings with the same four, from 0, so two identical findings in one file
/// differ, and removing one of three leaves the other two matched. No line or column goes in, nor the index of an
/// array element in the key path (`CFBundleURLTypes[].CFBundleURLSchemes[]`, `stableKeyPath`): a finding keeps its
/// fingerprint when edits elsewhere move it, or insert a scheme before it. The message quotes the value concerned,
/// so changing the value is a new finding. The file is the path as linted without a leading `./` for the reports,
/// and the path relative to the baseline's folder for the baseline: from the repository's root, with the baseline
/// there, both are the same.
public enum FindingFingerprint {
  /// The key of the fingerprint in a SARIF result's `partialFingerprints`; a change of the recipe changes it.
  public static let sarifKey = "sharelint/v1"

  /// The fingerprint of a finding from its parts.
  public static func fingerprint(
    rule: String, file: String, keyPath: String, message: String, occurrence: Int
  ) -> String {
    var bytes = [UInt8]()
    for field in [rule, file, stableKeyPath(keyPath), message, String(occurrence)] {
      bytes += Array(field.utf8)
      bytes.append(0)
    }
    return String(SHA256.hexDigest(bytes).prefix(32))
  }

  /// The fingerprint of `diagnostic`, its file given as `file` (default: `reportedPath(of:)` its own).
  public static func fingerprint(of diagnostic: LintDiagnostic, file: String? = nil, occurrence: Int = 0) -> String {
    fingerprint(
      rule: diagnostic.rule, file: file ?? reportedPath(of: diagnostic.file), keyPath: diagnostic.keyPath,
      message: diagnostic.message, occurrence: occurrence)
  }

  /// The fingerprint of every diagnostic, in order, each with its occurrence; `file` gives the path that goes in
  /// (default: `reportedPath(of:)`).
  public static func fingerprints(
    of diagnostics: [LintDiagnostic], file: (String) -> String = FindingFingerprint.reportedPath(of:)
  ) -> [String] {
    var seen: [String: Int] = [:]
    return diagnostics.map { diagnostic in
      let path = file(diagnostic.file)
      let key = [diagnostic.rule, path, stableKeyPath(diagnostic.keyPath), diagnostic.message].joined(separator: "\0")
      let occurrence = seen[key] ?? 0
      seen[key] = occurrence + 1
      return fingerprint(of: diagnostic, file: path, occurrence: occurrence)
    }
  }

  /// `keyPath` without the indexes of array elements: `CFBundleURLTypes[0].CFBundleURLSchemes[1]` is
  /// `CFBundleURLTypes[].CFBundleURLSchemes[]`.
  public static func stableKeyPath(_ keyPath: String) -> String {
    guard keyPath.utf8.contains(UInt8(ascii: "[")) else { return keyPath }
    var output: [UInt8] = []
    output.reserveCapacity(keyPath.utf8.count)
    var inIndex = false
    for byte in keyPath.utf8 {
      if inIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { continue }
      inIndex = byte == UInt8(ascii: "[")
      output.append(byte)
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The file as the reports give it to tools that match it against the repository: without a leading `./`.
  public static func reportedPath(of file: String) -> String {
    var path = Substring(file)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    return String(path)
  }
}

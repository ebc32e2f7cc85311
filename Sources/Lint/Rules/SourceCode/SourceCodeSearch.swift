import SharelintBase
import SourceCode

/// Where the source-code rules look for names, and how they place what they find.
enum SourceCodeSearch {
  /// The first file of `files` with an identifier among `names`, and that identifier's token.
  static func firstMention(of names: Set<String>, in files: [SourceFile]) -> (file: SourceFile, token: Int)? {
    for file in files {
      if let token = file.identifiers(named: names).first { return (file, token) }
    }
    return nil
  }

  /// The first use (`SourceReference`: a call, a member, a message send) of one of `names` in `files`.
  static func firstReference(to names: Set<String>, in files: [SourceFile])
    -> (file: SourceFile, reference: SourceReference)?
  {
    for file in files {
      if let reference = file.references(to: names).first { return (file, reference) }
    }
    return nil
  }

  /// `file:line` of token `token` of `file`, for notes.
  static func place(of token: Int, in file: SourceFile) -> String {
    "\(file.name):\(file.text.position(of: file.tokens[token].range.start).line)"
  }

  /// Reports `message` at token `token` of `file`.
  static func report(
    _ message: String, at token: Int, in file: SourceFile, keyPath: String, notes: [String] = [],
    into findings: inout Findings
  ) {
    findings.report(message, in: file.text, range: file.tokens[token].range, keyPath: keyPath, notes: notes)
  }
}

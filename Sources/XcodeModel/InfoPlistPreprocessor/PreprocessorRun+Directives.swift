import SharelintBase

extension PreprocessorRun {
  /// A directive's logical line after its `#`: comments removed, each byte with its file offset.
  struct DirectiveLine {
    var bytes: [UInt8] = []
    var origins: [Int] = []
    /// The file offset just after the directive's text (where its line break is).
    var endOffset = 0

    /// The bytes from `index` on with leading and trailing blanks removed, and the offset of the first.
    func trimmed(from index: Int) -> (bytes: [UInt8], origins: [Int]) {
      var start = index
      var end = bytes.count
      while start < end, PreprocessorRun.isBlank(bytes[start]) { start += 1 }
      while end > start, PreprocessorRun.isBlank(bytes[end - 1]) { end -= 1 }
      return (Array(bytes[start..<end]), Array(origins[start..<end]))
    }

    func skippingBlanks(from index: Int) -> Int {
      var index = index
      while index < bytes.count, PreprocessorRun.isBlank(bytes[index]) { index += 1 }
      return index
    }

    func offset(at index: Int) -> Int { index < origins.count ? origins[index] : endOffset }
  }

  static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == 0x0B
      || byte == 0x0C
  }

  /// Reads and carries out the directive whose `#` is at `start`; returns the offset after its line.
  func directive(_ text: SplicedText, at start: Int, file: Int, depth: Int) throws(InfoPlistPreprocessorError) -> Int {
    let bytes = text.bytes
    let hashOffset = text.origins[start]
    var line = DirectiveLine()
    var index = start + 1
    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
      if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
        index = try endOfComment(text, from: index, file: file)
        continue
      }
      let end =
        bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
        ? Self.endOfQuote(bytes, from: index) : index + 1
      line.bytes.append(contentsOf: bytes[index..<end])
      line.origins.append(contentsOf: text.origins[index..<end])
      index = end
    }
    line.endOffset = text.origins[index]
    let next = index < bytes.count ? index + 1 : index
    let directiveText = "#" + String(decoding: line.trimmed(from: 0).bytes, as: UTF8.self)

    let nameStart = line.skippingBlanks(from: 0)
    var nameEnd = nameStart
    if nameStart < line.bytes.count, PreprocessorCharacters.isIdentifierStart(line.bytes[nameStart]) {
      while nameEnd < line.bytes.count, PreprocessorCharacters.isIdentifierPart(line.bytes[nameEnd]) { nameEnd += 1 }
    }
    let name = String(decoding: line.bytes[nameStart..<nameEnd], as: UTF8.self)
    let argumentStart = nameEnd

    switch name {
    case "if", "ifdef", "ifndef":
      try openGroup(name, line: line, argumentStart: argumentStart, text: directiveText, file: file, at: hashOffset)
      return next
    case "elif":
      try elif(line: line, argumentStart: argumentStart, text: directiveText, file: file, at: hashOffset)
      return next
    case "else", "endif":
      try closeOrSwitch(name, text: directiveText, file: file, at: hashOffset)
      return next
    default:
      break
    }
    guard isActive else { return next }
    switch name {
    case "":
      // The null directive `#`, or a line marker `# 12 "file"`: nothing to do.
      if nameStart < line.bytes.count, !PreprocessorCharacters.isDigit(line.bytes[nameStart]) {
        throw error("invalid preprocessing directive", file: file, at: hashOffset)
      }
    case "define": try define(line: line, argumentStart: argumentStart, file: file)
    case "undef":
      let macro = try macroName(line: line, from: argumentStart, directive: "#undef", file: file)
      macros[macro] = nil
    case "include", "import":
      try include(
        line: line, argumentStart: argumentStart, once: name == "import", file: file, at: hashOffset, depth: depth)
    case "error":
      let message = String(decoding: line.trimmed(from: argumentStart).bytes, as: UTF8.self)
      throw error(message.isEmpty ? "#error" : "#error \(message)", file: file, at: hashOffset)
    case "warning":
      let message = String(decoding: line.trimmed(from: argumentStart).bytes, as: UTF8.self)
      warnings.append(error(message.isEmpty ? "#warning" : "#warning \(message)", file: file, at: hashOffset))
    case "pragma":
      let pragma = line.trimmed(from: argumentStart).bytes
      if pragma == Array("once".utf8) {
        onceFiles.insert(fileIdentities[file])
      } else if !pragma.starts(with: "mark".utf8) {
        // clang -E copies pragmas it does not consume (`once`, `mark`) to its output, line break included.
        try emitVerbatim(text, start..<next, file: file)
      }
    case "line":
      break
    case "ident", "sccs", "assert", "unassert", "include_next":
      throw error("unsupported preprocessing directive '#\(name)'", file: file, at: hashOffset)
    default:
      throw error("invalid preprocessing directive '#\(name)'", file: file, at: hashOffset)
    }
    return next
  }

  /// The identifier after a directive's name, or a located error.
  func macroName(line: DirectiveLine, from index: Int, directive: String, file: Int) throws(InfoPlistPreprocessorError)
    -> String
  {
    let start = line.skippingBlanks(from: index)
    guard start < line.bytes.count else {
      throw error("no macro name given in \(directive) directive", file: file, at: line.offset(at: start))
    }
    guard PreprocessorCharacters.isIdentifierStart(line.bytes[start]) else {
      throw error("macro names must be identifiers", file: file, at: line.offset(at: start))
    }
    var end = start
    while end < line.bytes.count, PreprocessorCharacters.isIdentifierPart(line.bytes[end]) { end += 1 }
    return String(decoding: line.bytes[start..<end], as: UTF8.self)
  }

  /// `#define NAME body`: object-like only.
  func define(line: DirectiveLine, argumentStart: Int, file: Int) throws(InfoPlistPreprocessorError) {
    let name = try macroName(line: line, from: argumentStart, directive: "#define", file: file)
    let nameEnd = line.skippingBlanks(from: argumentStart) + name.utf8.count
    if nameEnd < line.bytes.count, line.bytes[nameEnd] == UInt8(ascii: "(") {
      throw error("function-like macros are not supported", file: file, at: line.offset(at: nameEnd))
    }
    macros[name] = line.trimmed(from: nameEnd).bytes
  }

  /// `#include "name"`, `#include <name>` and `#import` (which reads a file at most once). The name is looked for in
  /// the including file's folder, the prefix header's, then the `-I` folders: the repository's folders only, never
  /// the system's (sharelint has no SDK headers). A candidate that cannot be read for a reason other than its absence
  /// (outside the linted folders, a FIFO, too large) is a located error: the file is not read.
  func include(
    line: DirectiveLine, argumentStart: Int, once: Bool, file: Int, at hashOffset: Int, depth: Int
  ) throws(InfoPlistPreprocessorError) {
    let start = line.skippingBlanks(from: argumentStart)
    let close: UInt8?
    switch start < line.bytes.count ? line.bytes[start] : 0 {
    case UInt8(ascii: "\""): close = UInt8(ascii: "\"")
    case UInt8(ascii: "<"): close = UInt8(ascii: ">")
    default: close = nil
    }
    guard let close, let end = line.bytes[(start + 1)...].firstIndex(of: close), end > start + 1 else {
      throw error("#include expects \"FILENAME\" or <FILENAME>", file: file, at: line.offset(at: start))
    }
    let name = String(decoding: line.bytes[(start + 1)..<end], as: UTF8.self)
    let nameOffset = line.offset(at: start + 1)
    guard depth < InfoPlistPreprocessor.maximumIncludeDepth else {
      throw error("#include nested too deeply", file: file, at: hashOffset)
    }
    includeCount += 1
    guard includeCount <= InfoPlistPreprocessor.maximumIncludes else {
      throw budgetError(
        "more than \(InfoPlistPreprocessor.maximumIncludes) includes: stopped", file: file, at: hashOffset)
    }
    try checkDeadline(file: file, at: hashOffset)
    var candidates = [PathText.joined(InfoPlistPreprocessor.folder(of: files[file].name), name)]
    if !name.hasPrefix("/") {
      if let prefixHeaderFolder { candidates.append(PathText.joined(prefixHeaderFolder, name)) }
      candidates += includePaths.map { PathText.joined($0, name) }
    }
    var foundIndex: Int?
    for candidate in candidates {
      if let index = fileIndexByName[candidate] {
        foundIndex = index
        break
      }
      switch source.read(candidate) {
      case .success(let bytes):
        foundIndex = register(SourceText(name: candidate, bytes: bytes))
      case .failure(.missing), .failure(.isFolder):
        continue
      case .failure(let failure):
        throw error("included file '\(name)' \(failure)", file: file, at: nameOffset)
      }
      break
    }
    guard let index = foundIndex else {
      let place = close == UInt8(ascii: ">") ? " (the system's headers are not read)" : ""
      throw error("'\(name)' file not found\(place)", file: file, at: nameOffset)
    }
    let found = files[index]
    let identity = fileIdentities[index]
    // `#import` reads a file only if it was not read before, in any way; `#pragma once` likewise.
    if onceFiles.contains(identity) || (once && includedIdentities.contains(identity)) { return }
    if once { onceFiles.insert(identity) }
    if let cycleStart = includeStack.firstIndex(where: { fileIdentities[$0] == identity }) {
      let chain = (includeStack[cycleStart...] + [index]).map { files[$0].name }.joined(separator: " → ")
      throw error("include cycle: \(chain)", file: file, at: hashOffset)
    }
    includedBytes += found.bytes.count
    guard includedBytes <= InfoPlistPreprocessor.maximumIncludedBytes else {
      throw budgetError(
        "the includes read more than \(InfoPlistPreprocessor.maximumIncludedBytes) bytes: stopped", file: file,
        at: hashOffset)
    }
    if includedNames.insert(found.name).inserted { includedFiles.append(found.name) }
    includedIdentities.insert(identity)
    let isOutermost = includeStack.count == 1
    if isOutermost { outermostInclude = (file, hashOffset) }
    try process(fileIndex: index, depth: depth + 1)
    if isOutermost { outermostInclude = nil }
  }

  // MARK: Conditionals

  /// `#if`, `#ifdef`, `#ifndef`: opens a group, evaluating its condition when the text around is copied.
  func openGroup(
    _ name: String, line: DirectiveLine, argumentStart: Int, text: String, file: Int, at hashOffset: Int
  ) throws(InfoPlistPreprocessorError) {
    guard frames.count < InfoPlistPreprocessor.maximumConditionalDepth else {
      throw error("#if nested too deeply", file: file, at: hashOffset)
    }
    let parentActive = isActive
    var taking = false
    if parentActive {
      switch name {
      case "if": taking = try evaluate(line: line, from: argumentStart, file: file).isTrue
      default:
        let macro = try macroName(line: line, from: argumentStart, directive: "#\(name)", file: file)
        taking = (macros[macro] != nil) == (name == "ifdef")
      }
    }
    frames.append(
      Frame(
        fileIndex: file, opening: text, openingOffset: hashOffset, branch: text, branchOffset: hashOffset,
        parentActive: parentActive, taking: taking, anyTaken: taking, sawElse: false))
    recordConditions()
  }

  /// `#elif`: takes its branch when no earlier one was and its condition holds.
  func elif(line: DirectiveLine, argumentStart: Int, text: String, file: Int, at hashOffset: Int)
    throws(InfoPlistPreprocessorError)
  {
    guard var frame = frames.last, frame.fileIndex == file else {
      throw error("#elif without #if", file: file, at: hashOffset)
    }
    guard !frame.sawElse else { throw error("#elif after #else", file: file, at: hashOffset) }
    frame.branch = text
    frame.branchOffset = hashOffset
    if frame.parentActive, !frame.anyTaken {
      frame.taking = try evaluate(line: line, from: argumentStart, file: file).isTrue
      frame.anyTaken = frame.taking
    } else {
      frame.taking = false
    }
    frames[frames.count - 1] = frame
    recordConditions()
  }

  /// `#else` and `#endif`.
  func closeOrSwitch(_ name: String, text: String, file: Int, at hashOffset: Int) throws(InfoPlistPreprocessorError) {
    guard var frame = frames.last, frame.fileIndex == file else {
      throw error("#\(name) without #if", file: file, at: hashOffset)
    }
    if name == "endif" {
      frames.removeLast()
    } else {
      guard !frame.sawElse else { throw error("#else after #else", file: file, at: hashOffset) }
      frame.sawElse = true
      frame.branch = text
      frame.branchOffset = hashOffset
      frame.taking = frame.parentActive && !frame.anyTaken
      frame.anyTaken = true
      frames[frames.count - 1] = frame
    }
    recordConditions()
  }

  /// The value of the expression of an `#if` or `#elif`, macros replaced and `defined` answered.
  func evaluate(line: DirectiveLine, from index: Int, file: Int) throws(InfoPlistPreprocessorError)
    -> PreprocessorValue
  {
    let tokens = PreprocessorExpressionLexer.tokens(
      Array(line.bytes[index...]), offsets: Array(line.origins[index...]))
    var expanding: [String] = []
    let expanded = try expandExpression(tokens, expanding: &expanding, file: file)
    do {
      return try PreprocessorExpressionParser.evaluate(expanded, endOffset: line.endOffset)
    } catch {
      throw self.error(error.message, file: file, at: error.offset)
    }
  }

  /// `tokens` with `defined X` / `defined(X)` replaced by 0 or 1 and macros by their bodies' tokens
  /// (located at the macro's use), recursively.
  func expandExpression(_ tokens: [PreprocessorToken], expanding: inout [String], file: Int)
    throws(InfoPlistPreprocessorError) -> [PreprocessorToken]
  {
    guard expanding.count <= InfoPlistPreprocessor.maximumExpansionDepth else {
      throw error(
        "macro expansion nested too deeply while expanding '\(expanding[0])'", file: file,
        at: tokens.first?.offset ?? 0)
    }
    var result: [PreprocessorToken] = []
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      guard case .identifier(let name) = token.kind else {
        result.append(token)
        continue
      }
      if name == "defined" {
        var parenthesized = false
        if index < tokens.count, tokens[index].kind == .punctuator("(") {
          parenthesized = true
          index += 1
        }
        guard index < tokens.count, case .identifier(let operand) = tokens[index].kind else {
          let offset = index < tokens.count ? tokens[index].offset : token.offset
          throw error("operator 'defined' requires an identifier", file: file, at: offset)
        }
        index += 1
        if parenthesized {
          guard index < tokens.count, tokens[index].kind == .punctuator(")") else {
            let offset = index < tokens.count ? tokens[index].offset : tokens[index - 1].offset
            throw error("missing ')' after 'defined'", file: file, at: offset)
          }
          index += 1
        }
        result.append(
          PreprocessorToken(kind: .number(PreprocessorValue(macros[operand] != nil)), offset: token.offset))
        continue
      }
      guard let body = macros[name] else {
        result.append(token)
        continue
      }
      if expanding.contains(name) {
        result.append(token)
        continue
      }
      try countExpansion(file: file, at: token.offset)
      let bodyTokens = PreprocessorExpressionLexer.tokens(
        body, offsets: Array(repeating: token.offset, count: body.count))
      expanding.append(name)
      result += try expandExpression(bodyTokens, expanding: &expanding, file: file)
      expanding.removeLast()
    }
    return result
  }
}

import SharelintBase

/// The state of one `InfoPlistPreprocessor.preprocess` call: macros, the conditional stack, the
/// include stack, and the output with its map.
final class PreprocessorRun {
  /// One `#if` group being read.
  struct Frame {
    var fileIndex: Int
    var opening: String
    var openingOffset: Int
    var branch: String
    var branchOffset: Int
    /// Whether the text around the group is being copied.
    var parentActive: Bool
    /// Whether the current branch is being copied (implies `parentActive`).
    var taking: Bool
    /// Whether some branch of the group was taken already.
    var anyTaken: Bool
    var sawElse: Bool
  }

  /// A file's bytes with `\`-newline continuations removed, and the file offset of each byte kept.
  struct SplicedText {
    var bytes: [UInt8] = []
    var origins: [Int] = []

    init(_ source: [UInt8]) {
      bytes.reserveCapacity(source.count)
      origins.reserveCapacity(source.count)
      var index = 0
      while index < source.count {
        if source[index] == UInt8(ascii: "\\") {
          if index + 1 < source.count, source[index + 1] == UInt8(ascii: "\n") {
            index += 2
            continue
          }
          if index + 2 < source.count, source[index + 1] == UInt8(ascii: "\r"), source[index + 2] == UInt8(ascii: "\n")
          {
            index += 3
            continue
          }
        }
        bytes.append(source[index])
        origins.append(index)
        index += 1
      }
      origins.append(source.count)
    }
  }

  let keepsComments: Bool
  /// `-traditional` (see `InfoPlistPreprocessor.traditional`).
  let traditional: Bool
  let maximumOutputSize: Int
  let source: InfoPlistPreprocessor.IncludeSource
  let prefixHeaderFolder: String?
  /// `-I` folders, searched after the including file's folder.
  let includePaths: [String]
  /// When the run stops with an error.
  let deadline: ContinuousClock.Instant
  var macros: [String: [UInt8]] = [:]
  var files: [SourceText] = []
  /// The `FileIdentity` of each of `files`: a file reached by several paths (a link to its folder) is one file.
  var fileIdentities: [String] = []
  var fileIndexByName: [String: Int] = [:]
  var includedFiles: [String] = []
  /// The paths of `includedFiles`, for finding one in constant time.
  var includedNames: Set<String> = []
  /// The identities of the files included so far (`#import` reads a file only once, by whatever path).
  var includedIdentities: Set<String> = []
  var includeStack: [Int] = []
  /// The identities of the files read with `#import` or marked `#pragma once`.
  var onceFiles: Set<String> = []
  /// The includes carried out so far.
  var includeCount = 0
  /// The bytes read through includes so far.
  var includedBytes = 0
  /// The lines read so far (the deadline is checked every so many).
  var lineCount = 0
  /// The `#include` of the outermost file (the Info.plist or the prefix header) being carried out, where an include
  /// bomb several files deep is reported.
  var outermostInclude: (file: Int, offset: Int)?
  var warnings: [InfoPlistPreprocessorError] = []
  var frames: [Frame] = []
  var output: [UInt8] = []
  var expansionCount = 0
  var segments: [PreprocessedInfoPlist.Segment] = []
  var conditionStarts: [Int] = []
  var conditionStacks: [[PreprocessedInfoPlist.ActiveCondition]] = []

  init(
    keepsComments: Bool, traditional: Bool = true, maximumOutputSize: Int, source: InfoPlistPreprocessor.IncludeSource,
    prefixHeaderFolder: String?, includePaths: [String] = [], deadline: ContinuousClock.Instant
  ) {
    self.includePaths = includePaths
    self.keepsComments = keepsComments
    self.traditional = traditional
    self.maximumOutputSize = maximumOutputSize
    self.source = source
    self.prefixHeaderFolder = prefixHeaderFolder
    self.deadline = deadline
  }

  /// The index of `source` in `files`, adding it when new.
  func register(_ source: SourceText) -> Int {
    if let index = fileIndexByName[source.name] { return index }
    files.append(source)
    fileIdentities.append(FileIdentity.of(source.name))
    fileIndexByName[source.name] = files.count - 1
    return files.count - 1
  }

  /// Fails once the run has taken longer than it may.
  func checkDeadline(file: Int, at offset: Int) throws(InfoPlistPreprocessorError) {
    guard ContinuousClock.now > deadline else { return }
    throw budgetError(
      "preprocessing takes more time than sharelint gives one Info.plist: stopped", file: file, at: offset)
  }

  /// The error for a run past one of its budgets at `offset` of `file`, located at the outermost file's `#include`
  /// that led there when there is one (an include bomb is reported where the Info.plist starts it).
  func budgetError(_ message: String, file: Int, at offset: Int) -> InfoPlistPreprocessorError {
    guard let outermost = outermostInclude, outermost.file != file else {
      return error(message, file: file, at: offset)
    }
    return error(message + " (in '\(files[file].name)')", file: outermost.file, at: outermost.offset)
  }

  func result() -> PreprocessedInfoPlist {
    PreprocessedInfoPlist(
      output: output, files: files, segments: segments,
      activeMacros: macros.mapValues { String(decoding: $0, as: UTF8.self) }, includedFiles: includedFiles,
      warnings: warnings, conditionStarts: conditionStarts, conditionStacks: conditionStacks)
  }

  func error(_ message: String, file: Int, at offset: Int) -> InfoPlistPreprocessorError {
    InfoPlistPreprocessorError(message, in: files[file], at: offset)
  }

  // MARK: Output

  /// Whether text is being copied at this point.
  var isActive: Bool { frames.last?.taking ?? true }

  /// Appends `text.bytes[range]`, each byte mapped to its file offset.
  func emitVerbatim(_ text: SplicedText, _ range: Range<Int>, file: Int) throws(InfoPlistPreprocessorError) {
    guard !range.isEmpty else { return }
    try checkOutputSize(adding: range.count, file: file, at: text.origins[range.lowerBound])
    for index in range {
      let origin = text.origins[index]
      output.append(text.bytes[index])
      if var last = segments.last, last.isVerbatim, last.fileIndex == file, last.sourceStart + last.length == origin {
        last.length += 1
        segments[segments.count - 1] = last
      } else {
        segments.append(
          .init(outputStart: output.count - 1, length: 1, fileIndex: file, sourceStart: origin, isVerbatim: true))
      }
    }
  }

  /// Appends `bytes`, produced by the macro used at `offset` of `file`.
  func emitExpansion(_ bytes: [UInt8], file: Int, at offset: Int) throws(InfoPlistPreprocessorError) {
    guard !bytes.isEmpty else { return }
    try checkOutputSize(adding: bytes.count, file: file, at: offset)
    segments.append(
      .init(outputStart: output.count, length: bytes.count, fileIndex: file, sourceStart: offset, isVerbatim: false))
    output.append(contentsOf: bytes)
  }

  /// Counts one macro expansion, failing past `maximumExpansions` (empty macros can make exponential
  /// work without output).
  func countExpansion(file: Int, at offset: Int) throws(InfoPlistPreprocessorError) {
    expansionCount += 1
    if expansionCount > InfoPlistPreprocessor.maximumExpansions {
      throw error("more than \(InfoPlistPreprocessor.maximumExpansions) macro expansions", file: file, at: offset)
    }
  }

  func checkOutputSize(adding count: Int, file: Int, at offset: Int) throws(InfoPlistPreprocessorError) {
    if output.count + count > maximumOutputSize {
      throw error("output exceeds \(maximumOutputSize) bytes", file: file, at: offset)
    }
  }

  /// Notes that the conditions active from the current output offset on are `frames`.
  func recordConditions() {
    let stack = frames.map {
      PreprocessedInfoPlist.ActiveCondition(
        directive: $0.branch, file: files[$0.fileIndex].name, offset: $0.branchOffset, opening: $0.opening,
        openingOffset: $0.openingOffset)
    }
    if let last = conditionStarts.last, last == output.count {
      conditionStacks[conditionStacks.count - 1] = stack
    } else {
      conditionStarts.append(output.count)
      conditionStacks.append(stack)
    }
  }

  // MARK: Files

  /// Reads the file at `fileIndex`: directives, and text lines copied with macros replaced.
  func process(fileIndex: Int, depth: Int) throws(InfoPlistPreprocessorError) {
    let text = SplicedText(files[fileIndex].bytes)
    includeStack.append(fileIndex)
    defer { includeStack.removeLast() }
    let baseFrameCount = frames.count
    var position = 0
    while position < text.bytes.count {
      lineCount += 1
      if lineCount % 4_096 == 0 { try checkDeadline(file: fileIndex, at: text.origins[position]) }
      // Xcode's preprocessor, clang -traditional, takes a directive indented by tabs, as real Info.plists write
      // them inside <dict> (ownCloud's `\t#ifndef DISABLE_PLAIN_HTTP`), but not one indented by spaces (checked
      // with clang 21: `\t#define Y 5` defines, ` #define Z 4` is text). GNU cpp -traditional takes neither.
      // Without -traditional (Xcode's default) any spaces and tabs may come before it, as in standard C.
      var hash = position
      while hash < text.bytes.count,
        text.bytes[hash] == UInt8(ascii: "\t") || (!traditional && text.bytes[hash] == UInt8(ascii: " "))
      {
        hash += 1
      }
      if hash < text.bytes.count, text.bytes[hash] == UInt8(ascii: "#") {
        position = try directive(text, at: hash, file: fileIndex, depth: depth)
      } else {
        position = try textLine(text, at: position, file: fileIndex, emitting: isActive)
      }
    }
    if frames.count > baseFrameCount, let frame = frames.last {
      let directive = frame.opening.split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "#if"
      throw error("unterminated \(directive)", file: frame.fileIndex, at: frame.openingOffset)
    }
  }

  /// Scans the line at `start`, copying it (with macros replaced and comments removed) when
  /// `emitting`; returns the offset after its line break. A comment that spans lines joins them.
  func textLine(_ text: SplicedText, at start: Int, file: Int, emitting: Bool) throws(InfoPlistPreprocessorError)
    -> Int
  {
    let bytes = text.bytes
    var index = start
    var runStart = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        index += 1
        if emitting { try emitVerbatim(text, runStart..<index, file: file) }
        return index
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        index = Self.endOfQuote(bytes, from: index)
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
        let end = try endOfComment(text, from: index, file: file)
        if !keepsComments {
          if emitting { try emitVerbatim(text, runStart..<index, file: file) }
          runStart = end
        }
        index = end
      } else if !traditional, byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        // Standard C: `//` comments out the rest of the line (so `https://` is cut, as Xcode's default does).
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if !keepsComments {
          if emitting { try emitVerbatim(text, runStart..<index, file: file) }
          runStart = end
        }
        index = end
      } else if PreprocessorCharacters.isDigit(byte) {
        index = PreprocessorCharacters.endOfNumber(bytes, from: index)
      } else if PreprocessorCharacters.isIdentifierStart(byte) {
        let nameStart = index
        while index < bytes.count, PreprocessorCharacters.isIdentifierPart(bytes[index]) { index += 1 }
        guard emitting else { continue }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        guard let body = macros[name] else { continue }
        try emitVerbatim(text, runStart..<nameStart, file: file)
        let useOffset = text.origins[nameStart]
        try countExpansion(file: file, at: useOffset)
        var expansion: [UInt8] = []
        var expanding: [String] = [name]
        try expand(body, into: &expansion, expanding: &expanding, file: file, at: useOffset)
        // clang's printer separates tokens that would otherwise read as one (`-M-` with M `-` is `- - -`).
        if let first = expansion.first, let previous = output.last,
          PreprocessorCharacters.wouldJoin(previous, first)
        {
          expansion.insert(UInt8(ascii: " "), at: 0)
        }
        if let last = expansion.last, index < bytes.count, PreprocessorCharacters.wouldJoin(last, bytes[index]) {
          expansion.append(UInt8(ascii: " "))
        }
        try emitExpansion(expansion, file: file, at: useOffset)
        runStart = index
      } else {
        index += SourceText.scalarLength(leadByte: byte)
      }
    }
    index = bytes.count
    if emitting {
      try emitVerbatim(text, runStart..<index, file: file)
      // cpp ends its output with a line break even when the file does not.
      try emitExpansion([UInt8(ascii: "\n")], file: file, at: text.origins[bytes.count])
    }
    return index
  }

  /// The offset after the quote that closes the one at `start`, or the end of its line.
  static func endOfQuote(_ bytes: [UInt8], from start: Int) -> Int {
    let quote = bytes[start]
    var index = start + 1
    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
      if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") {
        index += 2
        continue
      }
      if bytes[index] == quote { return index + 1 }
      index += 1
    }
    return min(index, bytes.count)
  }

  /// The offset after the `*/` closing the comment opened at `start`.
  func endOfComment(_ text: SplicedText, from start: Int, file: Int) throws(InfoPlistPreprocessorError) -> Int {
    let bytes = text.bytes
    var index = start + 2
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") { return index + 2 }
      index += 1
    }
    throw error("unterminated comment", file: file, at: text.origins[start])
  }

  /// Appends the expansion of `body` to `result`, replacing the macros it uses in turn.
  func expand(
    _ body: [UInt8], into result: inout [UInt8], expanding: inout [String], file: Int, at offset: Int
  ) throws(InfoPlistPreprocessorError) {
    guard expanding.count <= InfoPlistPreprocessor.maximumExpansionDepth else {
      throw error("macro expansion nested too deeply while expanding '\(expanding[0])'", file: file, at: offset)
    }
    var index = 0
    var afterExpansion = false
    while index < body.count {
      let byte = body[index]
      let start = index
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        index = Self.endOfQuote(body, from: index)
      } else if PreprocessorCharacters.isDigit(byte) {
        index = PreprocessorCharacters.endOfNumber(body, from: index)
      } else if PreprocessorCharacters.isIdentifierStart(byte) {
        while index < body.count, PreprocessorCharacters.isIdentifierPart(body[index]) { index += 1 }
        let name = String(decoding: body[start..<index], as: UTF8.self)
        // A macro met again inside its own expansion stays as written, as clang leaves it.
        if let inner = macros[name], !expanding.contains(name) {
          try countExpansion(file: file, at: offset)
          var piece: [UInt8] = []
          expanding.append(name)
          try expand(inner, into: &piece, expanding: &expanding, file: file, at: offset)
          expanding.removeLast()
          if let last = result.last, let first = piece.first, PreprocessorCharacters.wouldJoin(last, first) {
            result.append(UInt8(ascii: " "))
          }
          result += piece
          afterExpansion = !piece.isEmpty
          continue
        }
      } else {
        index += 1
      }
      if result.count + (index - start) + output.count > maximumOutputSize {
        throw error("output exceeds \(maximumOutputSize) bytes", file: file, at: offset)
      }
      if afterExpansion, let last = result.last, PreprocessorCharacters.wouldJoin(last, body[start]) {
        result.append(UInt8(ascii: " "))
      }
      afterExpansion = false
      result.append(contentsOf: body[start..<index])
    }
  }
}

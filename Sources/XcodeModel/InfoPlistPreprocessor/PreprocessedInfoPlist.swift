import SharelintBase

/// The plist bytes the C preprocessor would hand to Xcode's Info.plist processing, with every byte
/// mapped back to the file and offset it came from.
public struct PreprocessedInfoPlist: Sendable {
  /// A run of output bytes that came from one place.
  public struct Segment: Hashable, Sendable {
    /// Where the run starts in `output`.
    public var outputStart: Int
    /// The number of output bytes.
    public var length: Int
    /// The index in `files` of the file the run came from.
    public var fileIndex: Int
    /// For a verbatim run, where its bytes start in the file; for a macro expansion, where the macro's
    /// name starts in the text that used it.
    public var sourceStart: Int
    /// Whether the run is a byte-for-byte copy of `sourceStart..<sourceStart + length`; otherwise it is
    /// (part of) the expansion of the macro used at `sourceStart`.
    public var isVerbatim: Bool
  }

  /// An `#if`, `#ifdef`, `#ifndef`, `#elif` or `#else` whose branch was being copied to the output.
  public struct ActiveCondition: Hashable, Sendable {
    /// The branch's directive as written, without line continuations, e.g. `#ifdef DEBUG` or `#else`.
    public var directive: String
    /// The path of the file holding the directive.
    public var file: String
    /// The offset of the directive's `#` in `file`.
    public var offset: Int
    /// The `#if`, `#ifdef` or `#ifndef` that opened the group (the same as `directive` in its first branch).
    public var opening: String
    /// The offset of the opening directive's `#` in `file`.
    public var openingOffset: Int
  }

  /// The preprocessed bytes.
  public let output: [UInt8]
  /// The files read, in the order first read: the prefix header (when given), the Info.plist, then
  /// each included file; `Segment.fileIndex` indexes this array.
  public let files: [SourceText]
  /// The runs covering `output` in order, without gaps.
  public let segments: [Segment]
  /// The object-like macros defined when the end of the Info.plist was reached, with their bodies.
  public let activeMacros: [String: String]
  /// The paths of the files read through `#include` or `#import`, each once, in the order first read.
  public let includedFiles: [String]
  /// The `#warning` messages met, located like errors.
  public let warnings: [InfoPlistPreprocessorError]
  /// For each change of the active-condition stack, the output offset from which it holds.
  let conditionStarts: [Int]
  /// The active-condition stacks, outermost first, parallel to `conditionStarts`.
  let conditionStacks: [[ActiveCondition]]

  init(
    output: [UInt8], files: [SourceText], segments: [Segment], activeMacros: [String: String],
    includedFiles: [String], warnings: [InfoPlistPreprocessorError], conditionStarts: [Int],
    conditionStacks: [[ActiveCondition]]
  ) {
    self.output = output
    self.files = files
    self.segments = segments
    self.activeMacros = activeMacros
    self.includedFiles = includedFiles
    self.warnings = warnings
    self.conditionStarts = conditionStarts
    self.conditionStacks = conditionStacks
  }

  /// The index of the segment holding output byte `offset`, or nil when `offset` is out of the output.
  private func segmentIndex(of offset: Int) -> Int? {
    guard offset >= 0, offset < output.count, !segments.isEmpty else { return nil }
    var low = 0
    var high = segments.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if segments[middle].outputStart <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The file and offset output byte `offset` came from: the byte itself when copied verbatim, the
  /// start of the macro's name when it belongs to a macro expansion; nil outside the output.
  public func sourceLocation(ofOutputOffset offset: Int) -> (file: String, offset: Int)? {
    guard let index = segmentIndex(of: offset) else { return nil }
    let segment = segments[index]
    let source = segment.isVerbatim ? segment.sourceStart + (offset - segment.outputStart) : segment.sourceStart
    return (files[segment.fileIndex].name, source)
  }

  /// The source range the output bytes `range` are a verbatim copy of, or nil unless the whole range is
  /// one contiguous copy of one file (no macro expansion, removed comment or line continuation inside).
  /// An empty range maps when its offset is inside or at the end of a verbatim run.
  public func sourceRange(ofOutputRange range: Range<Int>) -> (file: String, range: Range<Int>)? {
    if range.isEmpty {
      if let index = segmentIndex(of: range.lowerBound), segments[index].isVerbatim {
        let segment = segments[index]
        let start = segment.sourceStart + range.lowerBound - segment.outputStart
        return (files[segment.fileIndex].name, start..<start)
      }
      guard range.lowerBound > 0, let index = segmentIndex(of: range.lowerBound - 1), segments[index].isVerbatim
      else { return nil }
      let segment = segments[index]
      let start = segment.sourceStart + range.lowerBound - segment.outputStart
      return (files[segment.fileIndex].name, start..<start)
    }
    guard let first = segmentIndex(of: range.lowerBound), let last = segmentIndex(of: range.upperBound - 1)
    else { return nil }
    let segment = segments[first]
    guard segment.isVerbatim else { return nil }
    var expectedSource = segment.sourceStart + segment.length
    for index in first + 1..<(last + 1) {
      let next = segments[index]
      guard next.isVerbatim, next.fileIndex == segment.fileIndex, next.sourceStart == expectedSource else {
        return nil
      }
      expectedSource += next.length
    }
    let start = segment.sourceStart + range.lowerBound - segment.outputStart
    return (files[segment.fileIndex].name, start..<(start + range.count))
  }

  /// The conditional branches that were being copied when output byte `offset` was written,
  /// outermost first; empty at top level and outside the output.
  public func conditions(atOutputOffset offset: Int) -> [ActiveCondition] {
    guard offset >= 0, offset < output.count, !conditionStarts.isEmpty, conditionStarts[0] <= offset else {
      return []
    }
    var low = 0
    var high = conditionStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if conditionStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return conditionStacks[low]
  }
}

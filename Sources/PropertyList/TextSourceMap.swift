import SharelintBase

/// How the decoded text of a `<string>` or `<key>` maps back to bytes of the file, through entity
/// references (`&quot;`, `&#x41;`), CDATA sections and comments.
///
/// A diagnostic found at a UTF-8 offset of the decoded text (say, inside an activation-rule
/// predicate) uses this map to point at the exact byte, and so the exact column, of the file.
public struct TextSourceMap: Hashable, Sendable {
  /// A run of decoded text and the file bytes it came from.
  public struct Segment: Hashable, Sendable {
    /// The UTF-8 offset in the decoded text where the run starts.
    public var textStart: Int
    /// The number of decoded UTF-8 bytes.
    public var textLength: Int
    /// The file offset where the run's source starts.
    public var sourceStart: Int
    /// The number of file bytes (for an entity reference, the whole `&…;`).
    public var sourceLength: Int
    /// Whether text and source are the same bytes (plain text, CDATA content); otherwise the run
    /// is one entity or character reference.
    public var isVerbatim: Bool
  }

  /// The range between the start and end tags.
  public let contentRange: ByteRange
  /// The runs: none for empty text, one for plain text (the usual case, held without an array).
  private let storage: Storage

  /// How the runs are held; always the smallest case that fits, so equal maps are equal storage.
  private enum Storage: Hashable, Sendable {
    case empty
    case single(Segment)
    case multiple([Segment])
  }

  /// A map over `contentRange` made of `segments`.
  public init(contentRange: ByteRange, segments: [Segment]) {
    switch segments.count {
    case 0: self.init(contentRange: contentRange, storage: .empty)
    case 1: self.init(contentRange: contentRange, storage: .single(segments[0]))
    default: self.init(contentRange: contentRange, storage: .multiple(segments))
    }
  }

  /// A map over `contentRange` made of one run.
  init(contentRange: ByteRange, segment: Segment) {
    self.init(contentRange: contentRange, storage: .single(segment))
  }

  private init(contentRange: ByteRange, storage: Storage) {
    self.contentRange = contentRange
    self.storage = storage
  }

  /// The runs, in text order, covering the decoded text without gaps.
  public var segments: [Segment] {
    switch storage {
    case .empty: return []
    case .single(let segment): return [segment]
    case .multiple(let segments): return segments
    }
  }

  /// The number of runs.
  private var segmentCount: Int {
    switch storage {
    case .empty: return 0
    case .single: return 1
    case .multiple(let segments): return segments.count
    }
  }

  /// The run at `index`, which must be below `segmentCount`.
  private func segment(at index: Int) -> Segment {
    switch storage {
    case .single(let segment): return segment
    case .multiple(let segments): return segments[index]
    case .empty: preconditionFailure("an empty map has no runs")
    }
  }

  /// The length of the decoded text in UTF-8 bytes.
  public var textLength: Int {
    guard segmentCount > 0 else { return 0 }
    let last = segment(at: segmentCount - 1)
    return last.textStart + last.textLength
  }

  /// The file offset of the decoded text's UTF-8 offset `textOffset`. Inside an entity reference
  /// the answer is the reference's `&`; the end of the text maps to the end of the content.
  public func sourceOffset(ofTextUTF8Offset textOffset: Int) -> Int {
    guard textOffset < textLength, textOffset >= 0 else {
      return textOffset <= 0 ? (segmentCount > 0 ? segment(at: 0).sourceStart : contentRange.start) : contentRange.end
    }
    let segment = segment(at: segmentIndex(containing: textOffset))
    return segment.isVerbatim ? segment.sourceStart + (textOffset - segment.textStart) : segment.sourceStart
  }

  /// The file range covering the decoded text's UTF-8 range `textRange`; a range that ends inside
  /// an entity reference covers the whole reference.
  public func sourceRange(ofTextUTF8Range textRange: Range<Int>) -> ByteRange {
    let start = sourceOffset(ofTextUTF8Offset: textRange.lowerBound)
    guard textRange.upperBound > textRange.lowerBound else { return .empty(at: start) }
    let last = textRange.upperBound - 1
    guard last < textLength, last >= 0 else { return ByteRange(start: start, end: max(start, contentRange.end)) }
    let segment = segment(at: segmentIndex(containing: last))
    let end =
      segment.isVerbatim
      ? segment.sourceStart + (last - segment.textStart) + 1 : segment.sourceStart + segment.sourceLength
    return ByteRange(start: start, end: max(start, end))
  }

  /// The index of the segment holding text offset `textOffset`, which must be inside the text.
  private func segmentIndex(containing textOffset: Int) -> Int {
    var low = 0
    var high = segmentCount - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if segment(at: middle).textStart <= textOffset { low = middle } else { high = middle - 1 }
    }
    return low
  }
}

/// Collects decoded text and its segments while a string's content is scanned. Plain text, one
/// verbatim run, is kept as that run alone: its text is decoded straight from the file's bytes
/// and its map holds no array.
struct TextSourceMapBuilder {
  /// The only run so far, while the text is one verbatim run.
  private var onlyRun: TextSourceMap.Segment?
  /// The decoded text, once the text is more than one verbatim run.
  private var text: [UInt8] = []
  /// The runs, once the text is more than one verbatim run.
  private var segments: [TextSourceMap.Segment] = []

  /// Appends the bytes `range` of the file `source`, which appear in the text as they are.
  mutating func appendVerbatim(_ range: ByteRange, from source: [UInt8]) {
    guard range.count > 0 else { return }
    if segments.isEmpty {
      guard let run = onlyRun else {
        onlyRun = .init(
          textStart: 0, textLength: range.count, sourceStart: range.start, sourceLength: range.count, isVerbatim: true)
        return
      }
      if run.sourceStart + run.sourceLength == range.start {
        onlyRun?.textLength += range.count
        onlyRun?.sourceLength += range.count
        return
      }
      spillOnlyRun(from: source)
    }
    if let last = segments.last, last.isVerbatim, last.sourceStart + last.sourceLength == range.start {
      segments[segments.count - 1].textLength += range.count
      segments[segments.count - 1].sourceLength += range.count
    } else {
      segments.append(
        .init(
          textStart: text.count, textLength: range.count, sourceStart: range.start, sourceLength: range.count,
          isVerbatim: true))
    }
    text.append(contentsOf: source[range.start..<range.end])
  }

  /// Appends the decoding of a reference that occupies `sourceRange` of the file `source`.
  mutating func appendReference(_ decoded: [UInt8], sourceRange: ByteRange, source: [UInt8]) {
    spillOnlyRun(from: source)
    segments.append(
      .init(
        textStart: text.count, textLength: decoded.count, sourceStart: sourceRange.start,
        sourceLength: sourceRange.count, isVerbatim: false))
    text.append(contentsOf: decoded)
  }

  /// Moves the only run, if any, into `text` and `segments`.
  private mutating func spillOnlyRun(from source: [UInt8]) {
    guard let run = onlyRun else { return }
    onlyRun = nil
    segments.append(run)
    text.append(contentsOf: source[run.sourceStart..<run.sourceStart + run.sourceLength])
  }

  /// The decoded text and its map over `contentRange` of the file `source`.
  func build(contentRange: ByteRange, source: [UInt8]) -> (text: String, map: TextSourceMap) {
    if let run = onlyRun {
      let text = String(decoding: source[run.sourceStart..<run.sourceStart + run.sourceLength], as: UTF8.self)
      return (text, TextSourceMap(contentRange: contentRange, segment: run))
    }
    return (String(decoding: text, as: UTF8.self), TextSourceMap(contentRange: contentRange, segments: segments))
  }
}

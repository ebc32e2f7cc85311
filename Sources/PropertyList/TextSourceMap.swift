import PredicateSyntax

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
  /// The runs, in text order, covering the decoded text without gaps.
  public let segments: [Segment]

  /// A map over `contentRange` made of `segments`.
  public init(contentRange: ByteRange, segments: [Segment]) {
    self.contentRange = contentRange
    self.segments = segments
  }

  /// The length of the decoded text in UTF-8 bytes.
  public var textLength: Int { segments.last.map { $0.textStart + $0.textLength } ?? 0 }

  /// The file offset of the decoded text's UTF-8 offset `textOffset`. Inside an entity reference
  /// the answer is the reference's `&`; the end of the text maps to the end of the content.
  public func sourceOffset(ofTextUTF8Offset textOffset: Int) -> Int {
    guard textOffset < textLength, textOffset >= 0 else {
      return textOffset <= 0 ? (segments.first?.sourceStart ?? contentRange.start) : contentRange.end
    }
    let segment = segments[segmentIndex(containing: textOffset)]
    return segment.isVerbatim ? segment.sourceStart + (textOffset - segment.textStart) : segment.sourceStart
  }

  /// The file range covering the decoded text's UTF-8 range `textRange`; a range that ends inside
  /// an entity reference covers the whole reference.
  public func sourceRange(ofTextUTF8Range textRange: Range<Int>) -> ByteRange {
    let start = sourceOffset(ofTextUTF8Offset: textRange.lowerBound)
    guard textRange.upperBound > textRange.lowerBound else { return .empty(at: start) }
    let last = textRange.upperBound - 1
    guard last < textLength, last >= 0 else { return ByteRange(start: start, end: max(start, contentRange.end)) }
    let segment = segments[segmentIndex(containing: last)]
    let end =
      segment.isVerbatim
      ? segment.sourceStart + (last - segment.textStart) + 1 : segment.sourceStart + segment.sourceLength
    return ByteRange(start: start, end: max(start, end))
  }

  /// The index of the segment holding text offset `textOffset`, which must be inside the text.
  private func segmentIndex(containing textOffset: Int) -> Int {
    var low = 0
    var high = segments.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if segments[middle].textStart <= textOffset { low = middle } else { high = middle - 1 }
    }
    return low
  }
}

/// Collects decoded text and its segments while a string's content is scanned.
struct TextSourceMapBuilder {
  private(set) var text: [UInt8] = []
  private(set) var segments: [TextSourceMap.Segment] = []

  /// Appends bytes that appear in the file as they are, starting at file offset `sourceStart`.
  mutating func appendVerbatim(_ bytes: ArraySlice<UInt8>, sourceStart: Int) {
    guard !bytes.isEmpty else { return }
    if let last = segments.last, last.isVerbatim, last.sourceStart + last.sourceLength == sourceStart {
      segments[segments.count - 1].textLength += bytes.count
      segments[segments.count - 1].sourceLength += bytes.count
    } else {
      segments.append(
        .init(
          textStart: text.count, textLength: bytes.count, sourceStart: sourceStart, sourceLength: bytes.count,
          isVerbatim: true))
    }
    text.append(contentsOf: bytes)
  }

  /// Appends the decoding of a reference that occupies `sourceRange` of the file.
  mutating func appendReference(_ decoded: [UInt8], sourceRange: ByteRange) {
    segments.append(
      .init(
        textStart: text.count, textLength: decoded.count, sourceStart: sourceRange.start,
        sourceLength: sourceRange.count, isVerbatim: false))
    text.append(contentsOf: decoded)
  }

  func build(contentRange: ByteRange) -> (text: String, map: TextSourceMap) {
    (String(decoding: text, as: UTF8.self), TextSourceMap(contentRange: contentRange, segments: segments))
  }
}

/// A vCard file as the conversion driver reads it: a regular file is cut into segments on card
/// boundaries (``VCardSegmenter``), a stream is read in sequence.
///
/// A segment that ends inside a card (its last `END:VCARD` closed a nested 2.1 `AGENT` card),
/// one that is no vCard on its own (text before the first card, cut before its `BEGIN:VCARD`)
/// and a card too large to hold whole end the segments: the rest of the file is read as one
/// stream. UTF-16 files are read as one stream (boundaries are found in 8-bit text).
package struct VCardSegmentedInput: SegmentedContactInput {
  /// A piece of the file that starts on a card boundary, and where it is in the file.
  package struct Segment: Sendable {
    var bytes: [UInt8]
    var fileName: String
    var range: Range<Int>
    /// The segment ends the file.
    var isLast: Bool
    /// The segment's line breaks, counted by the worker that reads it: the calling thread does
    /// not scan the segment, and the lines before it are added when it is committed.
    let lineBreaks = SegmentLineBreaks()
  }

  private let fileName: String
  private let file: (any RandomAccessByteSource)?
  private var stream: AnyByteSource?
  private var segmenter: VCardSegmenter?
  /// Where sequential reading resumes: the end of the last segment read.
  private var resume = (offset: 0, linesBefore: 0)
  private var checkedEncoding = false

  package var recordKind: RecordKind { .card }

  /// A file that can be read at any offset: cut into segments of about `segmentSize` bytes.
  package init(file: some RandomAccessByteSource, fileName: String, segmentSize: Int = 1 << 18) {
    self.file = file
    self.fileName = fileName
    self.segmenter = VCardSegmenter(input: file, segmentSize: segmentSize)
  }

  /// A stream: read in sequence.
  package init(stream: some ByteSource, fileName: String) {
    self.file = nil
    self.fileName = fileName
    self.stream = AnyByteSource(stream)
  }

  package var bytesRead: Int { resume.offset }

  package mutating func nextSegment(report: DiagnosticHandler) throws -> Segment? {
    guard let file, var segmenter else { return nil }
    if !checkedEncoding {
      checkedEncoding = true
      var head = [UInt8](repeating: 0, count: 4)
      var span = head.mutableSpan
      let count = try file.read(at: 0, into: &span)
      if TextDecoding.utf16ByteOrder(ofStart: head.prefix(count)) != nil {
        self.segmenter = nil
        return nil
      }
    }
    let offset = segmenter.offset
    guard let bytes = try segmenter.next() else { return nil }
    self.segmenter = segmenter
    return Segment(
      bytes: bytes, fileName: fileName, range: offset..<segmenter.offset,
      isLast: segmenter.offset >= file.size)
  }

  package static func read(
    _ segment: Segment, report: @escaping DiagnosticHandler, body: (Contact) -> Void
  ) -> SegmentEnd {
    // Lines are numbered from the segment's start; the commit adds the lines before it. A
    // message that names a line in its text (a missing END:VCARD) cannot be renumbered there:
    // such a segment is read again in sequence.
    var namesLines = false
    let outcome: VCardSegmentReader.Outcome
    do {
      outcome = try VCardSegmentReader.read(
        segment.bytes.span, linesBefore: 0, fileName: privateCopy(segment.fileName),
        report: { diagnostic in
          if diagnostic.kind == .vCardMissingEnd { namesLines = true }
          report(diagnostic)
        }, body: body)
    } catch is InputFormatError {
      // A segment alone can look like no vCard at all (text before the first card, cut before
      // its BEGIN:VCARD): only the sequential reader can tell, from here on.
      return .notCutBetweenRecords
    } catch {
      return .failed(error)
    }
    segment.lineBreaks.set(outcome.lineBreaks)
    if outcome.endedInsideCard && !segment.isLast { return .notCutBetweenRecords }
    return namesLines ? .needsSequentialRead : .complete
  }

  package func lineOffset(of segment: Segment) -> Int { resume.linesBefore }

  package mutating func committed(_ segment: Segment) {
    resume = (segment.range.upperBound, resume.linesBefore + segment.lineBreaks.value)
  }

  package mutating func readInSequence(
    _ segment: Segment, report: DiagnosticHandler, body: (Contact) throws -> Void
  ) throws {
    // The segment's cards, numbered as in the file (asked for when a message names a line).
    let outcome = try withoutActuallyEscaping(report) { report in
      try VCardSegmentReader.read(
        segment.bytes.span, linesBefore: resume.linesBefore, fileName: segment.fileName,
        report: report, body: body)
    }
    resume = (segment.range.upperBound, resume.linesBefore + outcome.lineBreaks)
  }

  package mutating func readRest(
    report: @escaping DiagnosticHandler, body: (Contact) throws -> Void
  ) throws {
    if let stream {
      self.stream = nil
      var reader = VCardReader(source: stream, fileName: fileName, diagnostics: report)
      try reader.forEachContact(body)
    } else if let file, resume.offset < file.size {
      // A card too large to hold whole, a cut inside a card, or a segment that was no vCard on
      // its own: read the rest as one stream.
      var reader = VCardReader(
        source: RandomAccessStream(input: file, offset: resume.offset), fileName: fileName,
        linesBefore: resume.linesBefore, diagnostics: report)
      try reader.forEachContact(body)
      resume = (file.size, 0)
    }
  }
}

/// Reads a ``RandomAccessByteSource`` from an offset to its end, as a stream.
private struct RandomAccessStream: ByteSource {
  let input: any RandomAccessByteSource
  var offset: Int

  mutating func read(into span: inout MutableSpan<UInt8>) throws -> Int {
    let count = try input.read(at: offset, into: &span)
    offset += count
    return count
  }
}

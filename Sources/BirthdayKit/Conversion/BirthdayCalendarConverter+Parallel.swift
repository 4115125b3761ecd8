import Dispatch
import Foundation

extension BirthdayCalendarConverter {
  /// Converts the vCards of a file on several threads, with output byte-identical to
  /// ``convert(_:recordNoun:)``: same events in the same order, same diagnostics in the same
  /// order with the same line numbers, same duplicate handling.
  ///
  /// The input is cut into segments at card boundaries (``VCardSegmenter``); each thread parses a
  /// segment, numbering its lines as in the file, and renders its events into memory; segments
  /// are then committed in input order, which is where duplicate UIDs are detected. At most three
  /// segments per thread are in memory at once, so memory stays flat as the input grows.
  ///
  /// A segment that ends inside a card (its last `END:VCARD` closed a nested 2.1 `AGENT` card, so
  /// the cut was not a top-level boundary) and a card too large to hold whole end the parallel
  /// part: the rest of the file, from that segment on, is read as one stream.
  ///
  /// - Parameters:
  ///   - input: the file (or bytes) to read.
  ///   - fileName: the name used in diagnostics.
  ///   - threads: the number of segments parsed at once.
  ///   - segmentSize: the target size of one segment in bytes.
  ///   - progress: called after each batch of segments with the records and bytes read so far.
  public mutating func convertVCardsInParallel<Input: RandomAccessByteSource>(
    _ input: Input, fileName: String, threads: Int, segmentSize: Int = 1 << 18,
    progress: (_ records: Int, _ bytes: Int) -> Void = { _, _ in }
  ) throws {
    var head = [UInt8](repeating: 0, count: 4)
    let headCount = try head.withUnsafeMutableBytes { try input.read(at: 0, into: $0) }
    if TextDecoding.utf16ByteOrder(ofStart: head.prefix(headCount)) != nil {
      // Card boundaries are found in 8-bit text: UTF-16 is read (and transcoded) as one stream.
      var reader = VCardReader(
        source: RandomAccessStream(input: input, offset: 0), fileName: fileName,
        diagnostics: diagnostics)
      try reader.forEachContact { try add($0) }
      progress(statistics.recordsRead, input.size)
      return
    }
    var segmenter = VCardSegmenter(input: input, segmentSize: segmentSize)
    var linesRead = 0
    // Where sequential reading resumes: the end of the last segment committed.
    var resume = (offset: 0, linesBefore: 0)
    let renderOptions = writerOptions
    let builder = self.builder
    try ConversionPipeline.run(
      threads: threads,
      next: { () throws -> VCardSegment? in
        let offset = segmenter.offset
        guard let bytes = try segmenter.next() else { return nil }
        let linesBefore = linesRead
        linesRead += ByteScan.countLineBreaks(in: bytes)
        return VCardSegment(
          bytes: bytes, linesBefore: linesBefore, range: offset..<segmenter.offset,
          linesAfter: linesRead, isLast: segmenter.offset >= input.size)
      },
      convert: { segment in
        { output in
          SegmentConversion.convert(
            segment.bytes, linesBefore: segment.linesBefore, fileName: fileName,
            builder: builder, options: renderOptions, output: output)
        }
      },
      commit: { segment, result in
        let conversion: SegmentConversion
        do {
          conversion = try result.get()
        } catch is InputFormatError {
          // A segment alone can look like no vCard at all (text before the first card, cut
          // before its BEGIN:VCARD): only the sequential reader can tell, from here on.
          return false
        }
        if conversion.endedInsideRecord, !segment.isLast { return false }
        try commit(conversion)
        resume = (segment.range.upperBound, segment.linesAfter)
        return true
      },
      committed: { progress(statistics.recordsRead, resume.offset) })
    if resume.offset < input.size {
      // A card too large to hold whole, a cut inside a card, or a segment that was no vCard on
      // its own: read the rest as one stream.
      var reader = VCardReader(
        source: RandomAccessStream(input: input, offset: resume.offset), fileName: fileName,
        linesBefore: resume.linesBefore, diagnostics: diagnostics)
      try reader.forEachContact { try add($0) }
      progress(statistics.recordsRead, input.size)
    }
  }

  /// Writes a converted segment in order: diagnostics, counts, and each event unless its UID
  /// was already written.
  mutating func commit(_ segment: SegmentConversion) throws {
    // Events kept one after another are one range of the segment's output, written at once.
    var run: Range<Int>?
    for item in segment.items {
      switch item {
      case .diagnostic(let diagnostic):
        diagnostics(diagnostic)
      case .record(let eventCount, let leftOut):
        countRecord(events: eventCount, leftOut: leftOut)
      case .event(let index):
        let event = segment.events[index]
        let isFirst =
          event.uuid.map { isFirstUse(of: $0) } ?? isFirstUse(of: segment.celebrations[index])
        guard isFirst else {
          reportDuplicate(segment.celebrations[index])
          continue
        }
        countEvent(event.kind)
        if let current = run, current.upperBound == event.range.lowerBound {
          run = current.lowerBound..<event.range.upperBound
        } else {
          try write(run, of: segment)
          run = event.range
        }
      }
    }
    try write(run, of: segment)
  }

  private mutating func write(_ range: Range<Int>?, of segment: SegmentConversion) throws {
    guard let range else { return }
    try segment.output.withUnsafeBytes {
      try writer.writeRendered(UnsafeBufferPointer(rebasing: $0[range]))
    }
  }
}

/// A piece of a vCard file cut on a card boundary, and where it is in the file.
struct VCardSegment: Sendable {
  var bytes: [UInt8]
  /// The lines of the file before the segment (its first line is line `linesBefore + 1`).
  var linesBefore: Int
  var range: Range<Int>
  /// The lines of the file up to the end of the segment.
  var linesAfter: Int
  /// The segment ends the file.
  var isLast: Bool
}

/// Reads a ``RandomAccessByteSource`` from an offset to its end, as a stream.
private struct RandomAccessStream<Input: RandomAccessByteSource>: ByteSource {
  let input: Input
  var offset: Int

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = try input.read(at: offset, into: buffer)
    offset += count
    return count
  }
}

/// What one thread made of one segment, in input order.
struct SegmentConversion: Sendable {
  enum Item: Sendable {
    case diagnostic(Diagnostic)
    case record(eventCount: Int, leftOut: CelebrationBuilder.LeftOut?)
    /// An index into `events` and `celebrations`.
    case event(Int)
  }
  /// What a commit needs of an event: its UID as a UUID, if it is one, and its bytes.
  struct RenderedEvent: Sendable {
    var uuid: NameBasedUUID?
    var range: Range<Int>
    var kind: CelebrationKind
  }
  var items: [Item] = []
  /// The segment ended inside a record, so it was not cut where a sequential read is between
  /// records; its conversion must not be used.
  var endedInsideRecord = false
  var events: [RenderedEvent] = []
  /// The events' celebrations, read only for a duplicate's message or a UID that is no UUID: the
  /// commit loop copies no strings.
  var celebrations: [Celebration] = []
  /// The rendered events; each `.event` item names its range.
  let output: OutputBuffer

  init(output: OutputBuffer) {
    self.output = output
  }

  /// Turns `contact` into its events, renders them into `output` and notes them as items, in
  /// the order ``BirthdayCalendarConverter/add(_:recordNoun:)`` would meet them.
  mutating func add(
    _ contact: Contact, recordNoun: RecordKind, builder: CelebrationBuilder,
    renderer: EventRenderer,
    items: inout [Item]
  ) {
    let found = builder.celebrations(of: contact, record: recordNoun) {
      items.append(.diagnostic($0))
    }
    items.append(.record(eventCount: found.count, leftOut: builder.leftOutReason(of: contact)))
    for celebration in found {
      let start = output.count
      renderer.append(celebration, to: output)
      items.append(.event(events.count))
      events.append(
        RenderedEvent(uuid: celebration.uuid, range: start..<output.count, kind: celebration.kind))
      celebrations.append(celebration)
    }
  }

  /// Parses one segment and renders its events, on the calling thread.
  static func convert(
    _ bytes: [UInt8], linesBefore: Int, fileName: String, builder: CelebrationBuilder,
    options: CalendarOptions, output: OutputBuffer
  ) -> Result<SegmentConversion, any Error> {
    var conversion = SegmentConversion(output: output)
    let renderer = EventRenderer(options: options)
    do {
      var items: [SegmentConversion.Item] = []
      var reader = VCardReader(
        source: MemoryByteSource(bytes), fileName: privateCopy(fileName), linesBefore: linesBefore
      ) { items.append(.diagnostic($0)) }
      try reader.forEachContact { contact in
        conversion.add(
          contact, recordNoun: .card, builder: builder, renderer: renderer, items: &items)
      }
      conversion.items = items
      conversion.endedInsideRecord = reader.endedInsideCard
      return .success(conversion)
    } catch {
      return .failure(error)
    }
  }
}

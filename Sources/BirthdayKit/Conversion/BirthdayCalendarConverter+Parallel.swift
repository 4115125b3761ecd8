import Dispatch
import Foundation

extension BirthdayCalendarConverter {
  /// Converts the vCards of a file on several threads, with output byte-identical to
  /// ``convert(_:recordNoun:)``: same events in the same order, same diagnostics in the same
  /// order with the same line numbers, same duplicate handling.
  ///
  /// The input is cut into segments at card boundaries (``VCardSegmenter``); each thread parses a
  /// segment and renders its events into memory; segments are then committed in input order,
  /// which is where duplicate UIDs are detected and line numbers are shifted. At most `threads`
  /// segments are in memory at once, so memory stays flat as the input grows.
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
    var segmenter = VCardSegmenter(input: input, segmentSize: segmentSize)
    var lineOffset = 0
    let renderOptions = writerOptions
    let builder = self.builder
    try ConversionPipeline.run(
      threads: threads,
      next: { try segmenter.next() },
      convert: { segments in
        { index, output in
          SegmentConversion.convert(
            segments[index], fileName: fileName, builder: builder, options: renderOptions,
            output: output)
        }
      },
      commit: { _, result, _ in
        let segment = try result.get()
        try commit(segment, lineOffset: lineOffset, fileName: fileName)
        lineOffset += segment.lineCount
      },
      roundCommitted: { progress(statistics.recordsRead, segmenter.offset) })
    if segmenter.offset < input.size {
      // A card too large to hold whole: read the rest of the file as one stream.
      try convertSequentially(
        input, from: segmenter.offset, fileName: fileName, lineOffset: lineOffset)
      progress(statistics.recordsRead, input.size)
    }
  }

  private mutating func convertSequentially<Input: RandomAccessByteSource>(
    _ input: Input, from offset: Int, fileName: String, lineOffset: Int
  ) throws {
    let report = diagnostics
    let shift = { (location: SourceLocation) -> SourceLocation in
      guard location.file == fileName else { return location }
      var shifted = location
      shifted.line += lineOffset
      return shifted
    }
    var reader = VCardReader(
      source: RandomAccessStream(input: input, offset: offset), fileName: fileName
    ) {
      var diagnostic = $0
      diagnostic.location = diagnostic.location.map(shift)
      report(diagnostic)
    }
    try reader.forEachContact { contact in
      var contact = contact
      contact.location = shift(contact.location)
      try add(contact)
    }
  }

  /// Writes a converted segment in order: diagnostics, counts, and each event unless its UID
  /// was already written; locations in `fileName` move down by `lineOffset` lines.
  mutating func commit(_ segment: SegmentConversion, lineOffset: Int, fileName: String)
    throws
  {
    func shifted(_ location: SourceLocation?) -> SourceLocation? {
      guard var location, location.file == fileName else { return location }
      location.line += lineOffset
      return location
    }
    for item in segment.items {
      switch item {
      case .diagnostic(var diagnostic):
        diagnostic.location = shifted(diagnostic.location)
        diagnostics(diagnostic)
      case .record(let eventCount):
        statistics.recordsRead += 1
        if eventCount == 0 { statistics.recordsSkipped += 1 }
      case .event(var celebration, let range):
        celebration.location = shifted(celebration.location)
        guard isFirstUse(of: celebration) else {
          reportDuplicate(celebration)
          continue
        }
        try segment.output.withUnsafeBytes {
          try writer.writeRendered(UnsafeBufferPointer(rebasing: $0[range]))
        }
        statistics.eventsWritten += 1
      }
    }
  }
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
    case record(eventCount: Int)
    case event(Celebration, Range<Int>)
  }
  var items: [Item] = []
  /// The rendered events; each `.event` item names its range.
  let output: ByteBuffer
  /// Line breaks in the segment, to shift the next segment's line numbers.
  var lineCount = 0

  init(output: ByteBuffer) {
    self.output = output
  }

  /// Parses one segment and renders its events, on the calling thread.
  static func convert(
    _ bytes: [UInt8], fileName: String, builder: CelebrationBuilder, options: CalendarOptions,
    output: ByteBuffer
  ) -> Result<SegmentConversion, any Error> {
    var conversion = SegmentConversion(output: output)
    conversion.lineCount = countLineBreaks(in: bytes)
    let renderer = EventRenderer(options: options)
    do {
      var items: [SegmentConversion.Item] = []
      var reader = VCardReader(source: MemoryByteSource(bytes), fileName: fileName) {
        items.append(.diagnostic($0))
      }
      try reader.forEachContact { contact in
        let celebrations = builder.celebrations(of: contact, record: "card") {
          items.append(.diagnostic($0))
        }
        items.append(.record(eventCount: celebrations.count))
        for celebration in celebrations {
          let start = conversion.output.count
          renderer.append(celebration, to: conversion.output)
          items.append(.event(celebration, start..<conversion.output.count))
        }
      }
      conversion.items = items
      return .success(conversion)
    } catch {
      return .failure(error)
    }
  }
}

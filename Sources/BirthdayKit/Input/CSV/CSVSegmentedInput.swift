/// A CSV export as the conversion driver reads it.
///
/// The header is read on the calling thread; after it, the calling thread only cuts the bytes
/// into segments at a line break most likely outside quotes (``CSVSegmentCut``), without reading
/// records or counting lines. Workers split a segment into records, number its lines from its
/// start (the commit adds the lines before it), split fields, decode them and turn rows into
/// contacts, each with a copy of the reader's state as it stood when the segment was cut
/// (header, delimiter, the date order if known).
///
/// A segment is read again in sequence on the calling thread when reading it alone is not what
/// a sequential read gives: its last record does not end at the cut (the line break was inside
/// quotes after all; the record's start then waits for the next segment, which is read in
/// sequence too), a numeric date needs the file's date order while it is still unknown, or
/// reading it fails (an error names lines of the whole file).
package struct CSVSegmentedInput<Source: ByteSource>: SegmentedContactInput {
  /// Bytes that start where a record starts (if the cut before them was right), and the
  /// reader's state when they were cut.
  package struct Segment: Sendable {
    /// The segment's bytes, and unless it is the last one, one byte more: the next segment's
    /// first, looked at only to tell a CR that ends the segment from the start of a CRLF.
    var bytes: [UInt8]
    /// The segment's own bytes in `bytes`.
    var length: Int
    /// The segment ends the input.
    var isLast: Bool
    var state: CSVRowState
    /// Counted by the worker that reads the segment alone.
    let lineBreaks = SegmentLineBreaks()
  }

  private var scanner: CSVRecordScanner
  private var state: CSVRowState
  private let batchSize: Int
  /// Whether segments are being cut: the scanner no longer numbers lines.
  private var cutting = false
  /// Bytes after the last cut: the next segment's start.
  private var leftover: [UInt8] = []
  /// The start of a record that segments read in sequence have not ended yet.
  private var pending: [UInt8] = []
  /// The line of the first byte after what was committed or read in sequence.
  private var nextLine = 1

  package var recordKind: RecordKind { .row }

  /// - Parameters:
  ///   - source: the CSV bytes (a file or a stream).
  ///   - fileName: the name used in diagnostics.
  ///   - options: delimiter, date order and column mapping.
  ///   - batchSize: the bytes of one segment (more when one record is longer).
  package init(
    source: Source, fileName: String, options: CSVReadOptions, batchSize: Int = 1 << 17
  ) {
    self.scanner = CSVRecordScanner(source)
    self.state = CSVRowState(fileName: fileName, options: options)
    self.batchSize = max(batchSize, 1)
  }

  package var bytesRead: Int { scanner.bytesRead }

  package mutating func nextSegment(report: DiagnosticHandler) throws -> Segment? {
    var record: [UInt8] = []
    while !state.hasHeader,
      let info = try scanner.nextRecord(into: &record, delimiter: state.delimiter)
    {
      // Before the header no record is a contact.
      _ = try state.consume(record.span, info: info, report: report) { _ in }
    }
    if !cutting {
      cutting = true
      nextLine = scanner.lineNumber
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(batchSize + 1)
    bytes.append(contentsOf: leftover)
    leftover.removeAll(keepingCapacity: true)
    var limit = batchSize
    while true {
      while bytes.count <= limit,
        try scanner.appendBytes(to: &bytes, count: limit + 1 - bytes.count)
      {}
      if bytes.count <= limit {  // the end of the input
        guard !bytes.isEmpty else { return nil }
        return Segment(bytes: bytes, length: bytes.count, isLast: true, state: state)
      }
      if let cut = CSVSegmentCut.cut(in: bytes.span, limit: limit) {
        leftover.append(contentsOf: bytes[cut...])
        bytes.removeSubrange((cut + 1)...)
        return Segment(bytes: bytes, length: cut, isLast: false, state: state)
      }
      limit *= 2  // no line break: one record longer than a segment
    }
  }

  package static func read(
    _ segment: Segment, report: @escaping DiagnosticHandler, body: (Contact) -> Void
  ) -> SegmentEnd {
    var state = segment.state.withPrivateStorage()
    state.requiresKnownOrder = true
    do {
      let outcome = try Self.forEachRecord(
        in: segment.bytes.span, length: segment.length, isLast: segment.isLast, firstLine: 1,
        delimiter: state.delimiter
      ) { bytes, info in
        try state.consume(bytes, info: info, report: report, body: body) == .read
      }
      guard outcome.complete, outcome.next == segment.length else { return .needsSequentialRead }
      segment.lineBreaks.set(outcome.line - 1)
      return .complete
    } catch {
      // The error's lines count from the segment's start: the sequential read gives it right.
      return .needsSequentialRead
    }
  }

  /// Reads the records of `all[..<length]` from its start, numbering lines from `firstLine`,
  /// while `body` returns `true`. A record that does not end before `length` is left unread
  /// unless `isLast` (then it ends with the input). Returns where the unread bytes start, their
  /// line, and whether `body` always returned `true`.
  private static func forEachRecord(
    in all: Span<UInt8>, length: Int, isLast: Bool, firstLine: Int,
    delimiter: UInt8?,
    _ body: (Span<UInt8>, CSVRecordScanner.Record) throws -> Bool
  ) throws -> (next: Int, line: Int, complete: Bool) {
    var start = 0
    var line = firstLine
    while start < length,
      let found = CSVRecordScanner.recordInBuffer(
        all, from: start, to: all.count, delimiter: delimiter),
      found.next <= length
    {
      let record = CSVRecordScanner.Record(line: line, unterminatedQuote: false)
      guard try body(all.extracting(start..<found.end), record) else {
        return (start, line, false)
      }
      start = found.next
      line += found.lines + 1
    }
    guard isLast, start < length else { return (start, line, true) }
    // The last record, which may lack its line break or its closing quote.
    var rest: [UInt8] = []
    ByteKernel.append(all.extracting(start..<length), to: &rest)
    var tail = CSVRecordScanner(remaining: rest, lineNumber: line)
    var record: [UInt8] = []
    while let info = try tail.nextRecord(into: &record, delimiter: delimiter) {
      guard try body(record.span, info) else {
        return (start, line, false)
      }
    }
    return (length, tail.lineNumber, true)
  }

  /// Rows held back for the date order, or a record not ended by segments read in sequence,
  /// make every later segment wait for them.
  package var acceptsSegmentsReadAlone: Bool { !state.hasHeldBackRows && pending.isEmpty }

  /// The encoding notice is given once per file.
  package mutating func keeps(_ diagnostic: Diagnostic) -> Bool {
    guard diagnostic.kind == .csvNotUTF8 else { return true }
    defer { state.noteEncodingWarning() }
    return !state.hasWarnedAboutEncoding
  }

  package func lineOffset(of segment: Segment) -> Int { nextLine - 1 }

  package mutating func committed(_ segment: Segment) {
    nextLine += segment.lineBreaks.value
  }

  package mutating func readInSequence(
    _ segment: Segment, report: DiagnosticHandler, body: (Contact) throws -> Void
  ) throws {
    var bytes = segment.bytes
    var length = segment.length
    if !pending.isEmpty {
      bytes = pending + bytes
      length += pending.count
    }
    try readInSequence(bytes, length: length, isLast: segment.isLast, report: report, body: body)
  }

  /// Reads `bytes[..<length]` in sequence after what was read before; keeps a record it does
  /// not end in ``pending``.
  private mutating func readInSequence(
    _ bytes: [UInt8], length: Int, isLast: Bool, report: DiagnosticHandler,
    body: (Contact) throws -> Void
  ) throws {
    let outcome = try Self.forEachRecord(
      in: bytes.span, length: length, isLast: isLast, firstLine: nextLine,
      delimiter: state.delimiter
    ) { bytes, info in
      try state.consume(bytes, info: info, report: report, body: body)
      return true
    }
    pending = Array(bytes[outcome.next..<length])
    nextLine = outcome.line
  }

  package mutating func readRest(
    report: @escaping DiagnosticHandler, body: (Contact) throws -> Void
  ) throws {
    if cutting {
      // Whatever the segments did not cover (nothing unless conversion stopped early).
      var bytes = pending + leftover
      leftover = []
      while try scanner.appendBytes(to: &bytes, count: 1 << 16) {}
      if !bytes.isEmpty {
        try readInSequence(bytes, length: bytes.count, isLast: true, report: report, body: body)
      }
    } else {
      var record: [UInt8] = []
      while true {
        record.removeAll(keepingCapacity: true)
        guard let info = try scanner.appendRecord(to: &record, delimiter: state.delimiter) else {
          break
        }
        _ = try state.consume(record.span, info: info, report: report, body: body)
      }
    }
    try state.finish(report: report, body: body)
  }
}

/// A CSV export as the conversion driver reads it.
///
/// Records are found in sequence on the calling thread (quotes decide where a record ends, so
/// this part is sequential, and cheap), and the header first; batches of records are then split
/// into fields, decoded and turned into contacts on worker threads, each with a copy of the
/// reader's state as it stood when the batch was cut (header, delimiter, the date order if
/// known). A batch that meets a numeric date while the file's date order is still unknown is
/// read again in sequence, so that the order is inferred exactly as in a sequential read.
package struct CSVSegmentedInput<Source: ByteSource>: SegmentedContactInput {
  /// Records and the reader's state when they were cut.
  package struct Segment: Sendable {
    var batch: CSVRecordBatch
    var state: CSVRowState
  }

  private var scanner: CSVRecordScanner
  private var state: CSVRowState
  private let batchSize: Int

  package var recordKind: RecordKind { .row }

  /// - Parameters:
  ///   - source: the CSV bytes (a file or a stream).
  ///   - fileName: the name used in diagnostics.
  ///   - options: delimiter, date order and column mapping.
  ///   - batchSize: the bytes of records in one segment.
  package init(
    source: Source, fileName: String, options: CSVReadOptions, batchSize: Int = 1 << 17
  ) {
    self.scanner = CSVRecordScanner(source)
    self.state = CSVRowState(fileName: fileName, options: options)
    self.batchSize = batchSize
  }

  package var bytesRead: Int { scanner.bytesRead }

  package mutating func nextSegment(report: DiagnosticHandler) throws -> Segment? {
    var record: [UInt8] = []
    while !state.hasHeader,
      let info = try scanner.nextRecord(into: &record, delimiter: state.delimiter)
    {
      // Before the header no record is a contact.
      _ = try record.withUnsafeBufferPointer { bytes in
        try state.consume(bytes, info: info, report: report) { _ in }
      }
    }
    guard
      let batch = try CSVRecordBatch.read(
        from: &scanner, delimiter: state.delimiter, size: batchSize)
    else { return nil }
    return Segment(batch: batch, state: state)
  }

  package static func read(
    _ segment: Segment, report: @escaping DiagnosticHandler, body: (Contact) -> Void
  ) -> SegmentEnd {
    var state = segment.state.withPrivateStorage()
    state.requiresKnownOrder = true
    do {
      let complete = try segment.batch.forEachRecord { bytes, info in
        try state.consume(bytes, info: info, report: report, body: body) == .read
      }
      return complete ? .complete : .needsSequentialRead
    } catch {
      return .failed(error)
    }
  }

  /// Rows held back for the date order make every later batch wait for them.
  package var acceptsSegmentsReadAlone: Bool { !state.hasHeldBackRows }

  /// The encoding notice is given once per file.
  package mutating func keeps(_ diagnostic: Diagnostic) -> Bool {
    guard diagnostic.kind == .csvNotUTF8 else { return true }
    defer { state.noteEncodingWarning() }
    return !state.hasWarnedAboutEncoding
  }

  package mutating func committed(_ segment: Segment) {}

  package mutating func readInSequence(
    _ segment: Segment, report: DiagnosticHandler, body: (Contact) throws -> Void
  ) throws {
    _ = try segment.batch.forEachRecord { bytes, info in
      try state.consume(bytes, info: info, report: report, body: body)
      return true
    }
  }

  package mutating func readRest(
    report: @escaping DiagnosticHandler, body: (Contact) throws -> Void
  ) throws {
    var record: [UInt8] = []
    while true {
      record.removeAll(keepingCapacity: true)
      guard let info = try scanner.appendRecord(to: &record, delimiter: state.delimiter) else {
        break
      }
      _ = try record.withUnsafeBufferPointer {
        try state.consume($0, info: info, report: report, body: body)
      }
    }
    try state.finish(report: report, body: body)
  }
}

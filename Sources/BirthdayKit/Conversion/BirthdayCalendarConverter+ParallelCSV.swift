extension BirthdayCalendarConverter {
  /// Converts a CSV export on several threads, with output byte-identical to
  /// ``convert(_:recordNoun:)`` with a ``CSVContactReader``: same events in the same order, same
  /// diagnostics in the same order, same duplicate handling, same errors.
  ///
  /// This thread splits the input into records (quotes decide where a record ends, so this part
  /// is sequential, and cheap) and finds the header; batches of records are then split into
  /// fields, decoded, turned into events and rendered on `threads` threads, and committed in
  /// input order. A batch that meets a numeric date while the file's date order is still unknown
  /// is converted again on this thread, in sequence, so that inference works exactly as when
  /// reading sequentially. At most three batches per thread are in memory at once.
  ///
  /// - Parameters:
  ///   - source: the CSV bytes (a file or a stream).
  ///   - fileName: the name used in diagnostics.
  ///   - options: delimiter, date order and column mapping.
  ///   - threads: the number of batches converted at once.
  ///   - batchSize: the bytes of records in one batch.
  ///   - progress: called after each batch with the records and bytes read so far.
  public mutating func convertCSVInParallel<Source: ByteSource>(
    _ source: Source, fileName: String, options: CSVReadOptions, threads: Int,
    batchSize: Int = 1 << 17, progress: (_ records: Int, _ bytes: Int) -> Void = { _, _ in }
  ) throws {
    var scanner = CSVRecordScanner(source)
    var state = CSVRowState(fileName: fileName, options: options, report: diagnostics)
    var record: [UInt8] = []
    while !state.hasHeader,
      let info = try scanner.nextRecord(into: &record, delimiter: state.delimiter)
    {
      try record.withUnsafeBufferPointer { bytes in
        try state.consume(bytes, info: info) { try add($0, recordNoun: .row) }
      }
    }
    let renderOptions = writerOptions
    let builder = self.builder
    try ConversionPipeline.run(
      threads: threads,
      next: {
        try CSVRecordBatch.read(from: &scanner, delimiter: state.delimiter, size: batchSize)
      },
      convert: { batch in
        // The state as the batch is handed out: header, delimiter, the date order if known.
        var template = state
        template.requiresKnownOrder = true
        let workerState = UncheckedSendable(template)
        return { output in
          SegmentConversion.convertCSV(
            batch, state: workerState.value, builder: builder, options: renderOptions,
            output: output)
        }
      },
      commit: { batch, result in
        try commit(batch, result, state: &state)
        return true
      },
      committed: { progress(statistics.recordsRead, scanner.bytesRead) })
    try state.finish { try add($0, recordNoun: .row) }
  }

  /// Commits one converted batch, or converts it again in sequence when it depends on rows
  /// before it (the date order).
  private mutating func commit(
    _ batch: CSVRecordBatch, _ result: Result<SegmentConversion, any Error>,
    state: inout CSVRowState
  ) throws {
    switch result {
    case .success(var segment) where !state.hasHeldBackRows:
      keepFirstEncodingNotice(in: &segment, state: &state)
      try commit(segment)
    case .failure(let error) where !(error is CSVRowNeedsDateOrder) && !state.hasHeldBackRows:
      throw error
    default:
      try batch.forEachRecord { bytes, info in
        try state.consume(bytes, info: info) { try add($0, recordNoun: .row) }
      }
    }
  }

  /// The encoding notice is given once per file: drops it from `segment` when an earlier batch
  /// gave it, and otherwise notes that this one does.
  private func keepFirstEncodingNotice(
    in segment: inout SegmentConversion, state: inout CSVRowState
  ) {
    segment.items.removeAll { item in
      guard case .diagnostic(let diagnostic) = item,
        diagnostic.kind == .csvNotUTF8
      else { return false }
      defer { state.noteEncodingWarning() }
      return state.hasWarnedAboutEncoding
    }
  }
}

/// Records read by the sequential scanner, handed to a conversion thread: their bytes one after
/// another, and where each ends.
struct CSVRecordBatch: Sendable {
  private var bytes: [UInt8] = []
  private var records: [(end: Int, line: Int, unterminatedQuote: Bool)] = []

  /// Reads records until the batch holds `size` bytes or the input ends; `nil` at the end.
  static func read(
    from scanner: inout CSVRecordScanner, delimiter: UInt8?, size: Int
  ) throws -> CSVRecordBatch? {
    var batch = CSVRecordBatch()
    batch.bytes.reserveCapacity(size + size / 8)
    var record: [UInt8] = []
    while batch.bytes.count < size,
      let info = try scanner.nextRecord(into: &record, delimiter: delimiter)
    {
      batch.bytes.append(contentsOf: record)
      batch.records.append((batch.bytes.count, info.line, info.unterminatedQuote))
    }
    return batch.records.isEmpty ? nil : batch
  }

  /// Calls `body` with each record's bytes and position, in order.
  func forEachRecord(
    _ body: (UnsafeBufferPointer<UInt8>, CSVRecordScanner.Record) throws -> Void
  ) rethrows {
    try bytes.withUnsafeBufferPointer { all in
      var start = 0
      for record in records {
        try body(
          UnsafeBufferPointer(rebasing: all[start..<record.end]),
          CSVRecordScanner.Record(line: record.line, unterminatedQuote: record.unterminatedQuote))
        start = record.end
      }
    }
  }
}

/// Hands a value that is not `Sendable` to other threads that each take their own copy and
/// never share it (here: a CSV row state whose diagnostics closure each thread replaces).
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

extension SegmentConversion {
  /// Converts one batch of CSV records and renders its events into `output`, on the calling
  /// thread.
  static func convertCSV(
    _ batch: CSVRecordBatch, state template: CSVRowState, builder: CelebrationBuilder,
    options: CalendarOptions, output: OutputBuffer
  ) -> Result<SegmentConversion, any Error> {
    var conversion = SegmentConversion(output: output)
    let renderer = EventRenderer(options: options)
    var items: [SegmentConversion.Item] = []
    var state = template.withPrivateStorage()
    state.report = { items.append(.diagnostic($0)) }
    do {
      try batch.forEachRecord { bytes, info in
        try state.consume(bytes, info: info) { contact in
          conversion.add(
            contact, recordNoun: .row, builder: builder, renderer: renderer, items: &items)
        }
      }
      conversion.items = items
      return .success(conversion)
    } catch {
      return .failure(error)
    }
  }
}

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
    while batch.bytes.count < size,
      let info = try scanner.appendRecord(to: &batch.bytes, delimiter: delimiter)
    {
      batch.records.append((batch.bytes.count, info.line, info.unterminatedQuote))
    }
    return batch.records.isEmpty ? nil : batch
  }

  /// Calls `body` with each record's bytes and position, in order, while it returns `true`;
  /// returns whether it always did.
  func forEachRecord(
    _ body: (UnsafeBufferPointer<UInt8>, CSVRecordScanner.Record) throws -> Bool
  ) rethrows -> Bool {
    try bytes.withUnsafeBufferPointer { all in
      var start = 0
      for record in records {
        guard
          try body(
            UnsafeBufferPointer(rebasing: all[start..<record.end]),
            CSVRecordScanner.Record(line: record.line, unterminatedQuote: record.unterminatedQuote))
        else { return false }
        start = record.end
      }
      return true
    }
  }
}

/// Appends framed records to the end of a spill file through a 64 KiB buffer and reports the run
/// they form.
struct RunWriter {
  private let file: TemporaryFile
  private let start: Int
  private var buffer: [UInt8] = []
  private var written = 0

  /// Starts a run at the current end of `file`.
  init(file: TemporaryFile) {
    self.file = file
    self.start = file.size
    buffer.reserveCapacity(Self.bufferSize)
  }

  private static let bufferSize = 1 << 16

  /// Appends `record` with its byte count in front.
  mutating func append(_ record: Span<UInt8>) throws {
    let header = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: MemoryLayout<Int>.size))
    ByteRegionAccess.store(record.count, into: &buffer, at: header)
    if buffer.count + record.count > Self.bufferSize { try flush() }
    if record.count >= Self.bufferSize {
      try ByteRegionAccess.append(record, to: file)
      written += record.count
    } else {
      ByteKernel.append(record, to: &buffer)
    }
  }

  /// Writes what is buffered and returns the run.
  mutating func finish() throws -> SortedRun {
    try flush()
    return SortedRun(offset: start, length: written)
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try file.append(buffer)
    written += buffer.count
    buffer.removeAll(keepingCapacity: true)
  }
}

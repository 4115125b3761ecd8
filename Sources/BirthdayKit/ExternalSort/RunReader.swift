#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the records of one ``SortedRun`` back in order through a fixed buffer, so that merging
/// many runs costs one buffer per run.
///
/// The record the reader is on (``withCurrent(_:)``) stays in the buffer until the next
/// ``advance()``.
final class RunReader<Ordering: RecordOrdering> {
  private let file: TemporaryFile
  private let ordering: Ordering
  private var position: Int
  private let end: Int
  private var storage: [UInt8]
  private var start = 0
  private var filled = 0
  /// Where the record the reader is on is in ``storage``, or `nil` after the last one.
  private var current: Range<Int>?

  /// The key of the record the reader is on, or `nil` after the last one.
  private(set) var key: Ordering.Key?

  /// Creates a reader positioned before the first record of `run`.
  init(run: SortedRun, in file: TemporaryFile, ordering: Ordering, bufferSize: Int) {
    self.file = file
    self.ordering = ordering
    self.position = run.offset
    self.end = run.offset + run.length
    self.storage = [UInt8](repeating: 0, count: max(bufferSize, 2 * MemoryLayout<Int>.size))
  }

  /// Calls `body` with the record the reader is on (valid only during the call).
  func withCurrent<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
    guard let current else { preconditionFailure("no record: the run has ended") }
    let storage = self.storage
    return try body(storage.span.extracting(current))
  }

  /// Whether this reader's record sorts before `other`'s when their keys (`leftKey`,
  /// `rightKey`) tie, compared without a closure per comparison.
  func precedes(_ other: RunReader, leftKey: Ordering.Key, rightKey: Ordering.Key) -> Bool {
    guard let current, let otherCurrent = other.current else {
      preconditionFailure("no record: the run has ended")
    }
    let storage = self.storage
    let otherStorage = other.storage
    return ordering.areInIncreasingOrder(
      leftKey, storage.span.extracting(current), rightKey,
      otherStorage.span.extracting(otherCurrent))
  }

  /// Moves to the next record; returns `false` at the end of the run.
  /// - Throws: ``TemporaryFileError`` when reading fails or the run is cut short.
  @discardableResult
  func advance() throws -> Bool {
    let header = MemoryLayout<Int>.size
    guard try fill(header) else {
      current = nil
      key = nil
      return false
    }
    let length = ByteRegionAccess.load(Int.self, from: storage.span, at: start)
    guard length >= 0, try fill(header + length) else {
      throw TemporaryFileError(operation: "read", directory: file.directory, code: EIO)
    }
    let record = (start + header)..<(start + header + length)
    start += header + length
    current = record
    key = ordering.key(of: storage.span.extracting(record))
    return true
  }

  /// Makes `count` bytes available from `start`; `false` when the run ends first (only allowed
  /// at a record boundary, which the caller checks).
  private func fill(_ count: Int) throws -> Bool {
    if filled - start >= count { return true }
    let remaining = filled - start
    if remaining == 0, position == end { return false }
    ByteRegionAccess.moveToFront(start..<filled, of: &storage)
    if count > storage.count {
      storage.append(contentsOf: repeatElement(0, count: count - storage.count))
    }
    start = 0
    filled = remaining
    while filled < count, position < end {
      let wanted = min(storage.count - filled, end - position)
      let read = try ByteRegionAccess.read(
        file, at: position, into: &storage, region: filled..<(filled + wanted))
      if read == 0 { break }
      position += read
      filled += read
    }
    if filled >= count { return true }
    throw TemporaryFileError(operation: "read", directory: file.directory, code: EIO)
  }
}

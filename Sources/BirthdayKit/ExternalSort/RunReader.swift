#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the records of one ``SortedRun`` back in order through a fixed buffer, so that merging
/// many runs costs one buffer per run.
///
/// ``current`` points into the buffer and stays valid until the next ``advance()``.
final class RunReader<Ordering: RecordOrdering> {
  private let file: TemporaryFile
  private let ordering: Ordering
  private var position: Int
  private let end: Int
  private var storage: UnsafeMutableRawBufferPointer
  private var start = 0
  private var filled = 0

  /// The record the reader is on, or `nil` after the last one.
  private(set) var current: UnsafeRawBufferPointer?
  /// The key of ``current``.
  private(set) var key: Ordering.Key?

  /// Creates a reader positioned before the first record of `run`.
  init(run: SortedRun, in file: TemporaryFile, ordering: Ordering, bufferSize: Int) {
    self.file = file
    self.ordering = ordering
    self.position = run.offset
    self.end = run.offset + run.length
    self.storage = .allocate(
      byteCount: max(bufferSize, 2 * MemoryLayout<Int>.size),
      alignment: MemoryLayout<Int>.alignment)
  }

  deinit { storage.deallocate() }

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
    let length = storage.loadUnaligned(fromByteOffset: start, as: Int.self)
    guard length >= 0, try fill(header + length) else {
      throw TemporaryFileError(operation: "read", directory: file.directory, code: EIO)
    }
    let record = UnsafeRawBufferPointer(
      rebasing: storage[(start + header)..<(start + header + length)])
    start += header + length
    current = record
    key = ordering.key(of: record)
    return true
  }

  /// Makes `count` bytes available from `start`; `false` when the run ends first (only allowed
  /// at a record boundary, which the caller checks).
  private func fill(_ count: Int) throws -> Bool {
    if filled - start >= count { return true }
    let remaining = filled - start
    if remaining == 0, position == end { return false }
    if count > storage.count {
      let larger = UnsafeMutableRawBufferPointer.allocate(
        byteCount: count, alignment: MemoryLayout<Int>.alignment)
      larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[start..<filled]))
      storage.deallocate()
      storage = larger
    } else if start > 0, let base = storage.baseAddress {
      memmove(base, base + start, remaining)
    }
    start = 0
    filled = remaining
    while filled < count, position < end {
      let wanted = min(storage.count - filled, end - position)
      let read = try file.read(
        at: position,
        into: UnsafeMutableRawBufferPointer(rebasing: storage[filled..<(filled + wanted)]))
      if read == 0 { break }
      position += read
      filled += read
    }
    if filled >= count { return true }
    throw TemporaryFileError(operation: "read", directory: file.directory, code: EIO)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where each event of a calendar file is, by UID key, so that a rewrite copies the bytes between
/// the changed events instead of reading the file line by line again.
///
/// 32 bytes per component (key, start, end) in an unnamed temporary file, not in memory; read
/// once, in order, when the file is rewritten. Also where `END:VCALENDAR` is (additions go just
/// before it) and which file (device, inode, size, time) it describes: a file changed since then
/// is read again instead.
struct ComponentLocations {
  /// One component's place.
  struct Location {
    var key: SyncEventKey
    var range: Range<Int>
  }

  /// Identifies a file's contents well enough to tell that it was not changed.
  struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    init?(descriptor: Int32) {
      var info = stat()
      guard fstat(descriptor, &info) == 0 else { return nil }
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int(info.st_size)
      #if canImport(Darwin)
        seconds = Int(info.st_mtimespec.tv_sec)
        nanoseconds = Int(info.st_mtimespec.tv_nsec)
      #else
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
      #endif
    }
  }

  private let spool: TemporaryFile
  /// Four little-endian words per component: key high, key low, start, end.
  private var pending: [UInt64] = []
  /// Where the first `END:VCALENDAR` line starts.
  private(set) var endOfCalendar: Int?
  /// How many bytes the scan read.
  var size = 0
  /// The file the locations are in, when it was a file.
  var identity: FileIdentity?

  init() throws {
    spool = try TemporaryFile()
    pending.reserveCapacity(Self.blockWords)
  }

  /// Records an event component.
  mutating func add(_ key: SyncEventKey, _ range: Range<Int>) throws {
    pending.append(key.high.littleEndian)
    pending.append(key.low.littleEndian)
    pending.append(UInt64(range.lowerBound).littleEndian)
    pending.append(UInt64(range.upperBound).littleEndian)
    if pending.count >= Self.blockWords { try flush() }
  }

  /// Records where `END:VCALENDAR` is (the first one counts).
  mutating func calendarEnds(at offset: Int) {
    if endOfCalendar == nil { endOfCalendar = offset }
  }

  /// Writes what is pending; call once the scan is done.
  mutating func finish() throws { try flush() }

  private mutating func flush() throws {
    guard !pending.isEmpty else { return }
    try ByteRegionAccess.append(pending, to: spool)
    pending.removeAll(keepingCapacity: true)
  }

  /// The components whose key `wanted` accepts, in file order.
  func locations(where wanted: (SyncEventKey) -> Bool) throws -> [Location] {
    var found: [Location] = []
    var block = [UInt64](repeating: 0, count: Self.blockWords)
    var offset = 0
    while offset < spool.size {
      let words = min(block.count, (spool.size - offset) / 8)
      let count = try ByteRegionAccess.fill(&block, from: spool, at: offset, count: words)
      guard count == words * 8, words > 0 else {
        throw TemporaryFileError(operation: "read", directory: spool.directory, code: EIO)
      }
      for record in stride(from: 0, to: words - 3, by: 4) {
        let key = SyncEventKey(
          high: UInt64(littleEndian: block[record]), low: UInt64(littleEndian: block[record + 1]))
        if wanted(key) {
          found.append(
            Location(
              key: key,
              range: Int(
                UInt64(littleEndian: block[record + 2]))..<Int(
                  UInt64(littleEndian: block[record + 3]))))
        }
      }
      offset += count
    }
    return found
  }

  /// The words written and read at a time (64 KiB).
  private static let blockWords = 1 << 13
}

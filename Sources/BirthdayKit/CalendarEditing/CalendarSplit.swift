/// Where a large calendar file may be cut in two for ``ParallelEventScan``: the start of a
/// `BEGIN:VEVENT` line near the middle, right after a CRLF. Found by looking at the bytes
/// there only; whether the cut really falls between two top-level components is checked when
/// the first half has been read up to it.
struct CalendarSplit: Sendable {
  /// Smaller files are read on one thread: a second one would not pay for itself.
  static let minimumSize = 4 << 20

  /// Where the second half starts: the `B` of `BEGIN:VEVENT`.
  let offset: Int
  /// Whether the calendar's header names bdconvert in PRODID (as ``EventCollector`` decides it):
  /// the second half is read assuming so, and the first half's own answer is checked.
  let isOurs: Bool

  private static let marker = Array("\r\nBEGIN:VEVENT\r\n".utf8)
  private static let window = 1 << 16

  /// The cut for `source`, or `nil` when it is smaller than `minimumSize` or has no
  /// `CRLF BEGIN:VEVENT CRLF` in the 1 MiB after `searchStart` (by default its middle).
  /// - Throws: what `source` throws.
  init?(
    of source: any RandomAccessByteSource, minimumSize: Int, searchingFrom searchStart: Int? = nil
  )
    throws
  {
    guard source.size >= max(minimumSize, 2 * Self.marker.count) else { return nil }
    let first = searchStart ?? source.size / 2
    var found: Int?
    var start = first
    while found == nil, start < first + (1 << 20), start < source.size {
      let bytes = try Self.read(source, at: start, count: Self.window + Self.marker.count)
      found = Self.firstIndex(of: Self.marker, in: bytes).map { start + $0 + 2 }
      start += Self.window
    }
    guard let found else { return nil }
    offset = found
    isOurs = Self.namesBDConvert(try Self.read(source, at: 0, count: min(Self.window, found)))
  }

  /// Whether the last `PRODID` line before the first `BEGIN:VEVENT` of `header` has a value
  /// starting with `-//BDCONVERT//` (either case).
  static func namesBDConvert(_ header: [UInt8]) -> Bool {
    var isOurs = false
    var lineStart = 0
    while lineStart < header.count {
      let lineEnd = header[lineStart...].firstIndex(of: 0x0A) ?? header.count
      let line = header[lineStart..<lineEnd]
      if startsWithUppercased(line, "BEGIN:VEVENT") { break }
      if startsWithUppercased(line, "PRODID"), let colon = line.firstIndex(of: 0x3A) {
        isOurs = startsWithUppercased(line[(colon + 1)...], "-//BDCONVERT//")
      }
      lineStart = lineEnd + 1
    }
    return isOurs
  }

  private static func startsWithUppercased(_ bytes: ArraySlice<UInt8>, _ prefix: String) -> Bool {
    bytes.count >= prefix.utf8.count
      && zip(bytes, prefix.utf8).allSatisfy { asciiUppercased($0) == $1 }
  }

  private static func firstIndex(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= marker.count else { return nil }
    var index = 0
    while let found = bytes[index...].firstIndex(of: marker[0]),
      found + marker.count <= bytes.count
    {
      if bytes[found..<(found + marker.count)].elementsEqual(marker) { return found }
      index = found + 1
    }
    return nil
  }

  /// Up to `count` bytes at `offset` (fewer at the end).
  static func read(_ source: any RandomAccessByteSource, at offset: Int, count: Int) throws
    -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: max(0, min(count, source.size - offset)))
    var filled = 0
    var span = bytes.mutableSpan
    while filled < span.count {
      let read = try source.read(at: offset + filled, into: &span, in: filled..<span.count)
      if read == 0 { break }
      filled += read
    }
    bytes.removeLast(bytes.count - filled)
    return bytes
  }
}

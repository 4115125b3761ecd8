/// Splits a ``ByteSource`` into physical lines without decoding them.
///
/// CR, LF and CRLF each end a line (real exports mix them, and some write `\r\r\n`). The line is
/// handed to a closure as bytes that stay valid only during the call, so reading a file costs one
/// chunk buffer, not one `String` per line. A leading UTF-8 byte order mark is removed.
///
/// ```swift
/// var lines = LineReader(MemoryByteSource("BEGIN:VCARD\r\nEND:VCARD\n"))
/// while let text = try lines.nextLine({ String(decoding: $0, as: UTF8.self) }) {
///   print(lines.lineNumber, text)  // 1 BEGIN:VCARD, then 2 END:VCARD
/// }
/// ```
public struct LineReader<Source: ByteSource> {
  private var source: Source
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var reachedEnd = false
  private var atFileStart = true
  private var skipLineFeed = false

  /// The 1-based number of the line last returned by ``nextLine(_:)`` (0 before the first).
  public private(set) var lineNumber = 0
  /// Total bytes consumed so far, for progress reports.
  public private(set) var bytesRead = 0

  /// Creates a reader; `chunkSize` is the size of each read from the source.
  public init(_ source: Source, chunkSize: Int = 1 << 18) {
    self.source = source
    self.buffer = [UInt8](repeating: 0, count: max(chunkSize, 16))
  }

  /// Calls `body` with the next line's bytes (without its line break) and returns its result,
  /// or returns `nil` at the end of the input.
  ///
  /// - Throws: what the source throws, or what `body` throws.
  public mutating func nextLine<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) throws -> Result? {
    var scanFrom = start
    while true {
      if skipLineFeed, start < end {
        skipLineFeed = false
        if buffer[start] == UInt8(ascii: "\n") {
          start += 1
          scanFrom = start
        }
      }
      if let lineEnd = findLineEnd(from: scanFrom) {
        let lineStart = start
        let terminator = buffer[lineEnd]
        start = lineEnd + 1
        if terminator == UInt8(ascii: "\r") {
          if start < end {
            if buffer[start] == UInt8(ascii: "\n") { start += 1 }
          } else {
            skipLineFeed = true
          }
        }
        lineNumber += 1
        atFileStart = false
        return try buffer.withUnsafeBufferPointer { all in
          try body(UnsafeBufferPointer(rebasing: all[lineStart..<lineEnd]))
        }
      }
      scanFrom = end
      if reachedEnd {
        guard start < end else { return nil }
        let lineStart = start
        let lineEnd = end
        start = end
        lineNumber += 1
        return try buffer.withUnsafeBufferPointer { all in
          try body(UnsafeBufferPointer(rebasing: all[lineStart..<lineEnd]))
        }
      }
      let kept = scanFrom - start
      try refill()
      scanFrom = start + kept
    }
  }

  private func findLineEnd(from index: Int) -> Int? {
    buffer.withUnsafeBufferPointer { all in
      ByteScan.firstIndex(of: 0x0A, 0x0D, 0x0D, in: all, from: index, to: end)
    }
  }

  /// Moves the unread tail to the front, grows the buffer if one line fills it, and reads more.
  private mutating func refill() throws {
    if start > 0 {
      let remaining = end - start
      if remaining > 0 {
        buffer.withUnsafeMutableBytes { raw in
          raw.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: remaining)
        }
      }
      start = 0
      end = remaining
    }
    if end == buffer.count {
      buffer.append(contentsOf: repeatElement(0, count: buffer.count))
    }
    let count = try buffer.withUnsafeMutableBytes { raw in
      try source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[end...]))
    }
    if count == 0 {
      reachedEnd = true
      return
    }
    bytesRead += count
    end += count
    if atFileStart, end >= 3 || reachedEnd {
      atFileStart = false
      if end >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
    }
  }
}

/// Cuts a ``ByteSource`` into physical or logical lines without decoding them, as ranges of its
/// read buffer: ``LineCutter``'s lenient lines, read in chunks.
///
/// CR, LF and CRLF each end a line (real exports mix them, and some write `\r\r\n`). Lines are
/// handed to a closure as bytes that stay valid only during the call, so reading a file costs one
/// chunk buffer, not one array per line. Three views of the same lines:
/// - ``nextLine(_:)``: the line without its line break (the vCard reader, UID lists);
/// - ``nextLineWithTerminator(_:)``: the line with its own line break, so that writing the lines
///   back gives the input byte for byte (byte-preserving edits);
/// - ``nextFoldedLine(_:)``: a logical content line, the physical line and the continuation lines
///   folded after it (RFC 5545 §3.1, RFC 6350 §3.2), with their line breaks; ``LineUnfolding``
///   turns them into the unfolded content.
///
/// A leading UTF-8 byte order mark is removed unless `keepingByteOrderMark` is set (an editor
/// writes it back).
///
/// ```swift
/// var lines = LineReader(MemoryByteSource("BEGIN:VCARD\r\nEND:VCARD\n"))
/// while let text = try lines.nextLine({ ByteKernel.string(decoding: $0) }) {
///   print(lines.lineNumber, text)  // 1 BEGIN:VCARD, then 2 END:VCARD
/// }
/// ```
package struct LineReader<Source: ByteSource> {
  private var source: Source
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var reachedEnd = false
  private var atFileStart = true
  private let keepsByteOrderMark: Bool

  /// The 1-based number of the last physical line returned (0 before the first).
  package private(set) var lineNumber = 0
  /// Total bytes consumed from the source so far, for progress reports.
  package private(set) var bytesRead = 0
  /// Where the line last returned starts in the input, in bytes (a removed byte order mark
  /// counts).
  package private(set) var lineOffset = 0
  /// Where the next line starts in the input.
  private var nextOffset = 0

  /// Creates a reader; `chunkSize` is the size of each read from the source.
  package init(_ source: Source, chunkSize: Int = 1 << 18, keepingByteOrderMark: Bool = false) {
    self.source = source
    self.buffer = [UInt8](repeating: 0, count: max(chunkSize, 16))
    self.keepsByteOrderMark = keepingByteOrderMark
  }

  /// Creates a reader of input that continues a file from a line start: `source` begins at
  /// `offset` in the file, after `lineNumber` physical lines, and no byte order mark is looked
  /// for. Its line numbers and offsets are the file's.
  package init(
    _ source: Source, chunkSize: Int, continuingAfterLine lineNumber: Int, atOffset offset: Int
  ) {
    self.init(source, chunkSize: chunkSize, keepingByteOrderMark: true)
    self.lineNumber = lineNumber
    self.lineOffset = offset
    self.nextOffset = offset
    self.atFileStart = false
  }

  /// Calls `body` with the next physical line's bytes without its line break and returns its
  /// result, or returns `nil` at the end of the input.
  ///
  /// - Throws: what the source throws, or what `body` throws.
  @inline(__always)
  package mutating func nextLine<Result>(
    _ body: (Span<UInt8>) throws -> Result
  ) throws -> Result? {
    guard let line = try nextRange(unfolding: false) else { return nil }
    return try body(buffer.span.extracting(line.start..<line.contentEnd))
  }

  /// Calls `body` with the next physical line's bytes including its line break (CRLF, LF, CR,
  /// or none at the end of the input) and the length of its content without the line break.
  package mutating func nextLineWithTerminator<Result>(
    _ body: (_ line: Span<UInt8>, _ contentCount: Int) throws -> Result
  ) throws -> Result? {
    guard let line = try nextRange(unfolding: false) else { return nil }
    return try body(buffer.span.extracting(line.start..<line.end), line.contentEnd - line.start)
  }

  /// Calls `body` with the next logical line: its physical lines with their line breaks, each
  /// after the first starting with a space or a tab, how many there are, the number of the first,
  /// and where it starts in the input (in bytes).
  package mutating func nextFoldedLine<Result>(
    _ body: (
      _ lines: Span<UInt8>, _ physicalLines: Int, _ firstLine: Int, _ offset: Int
    ) throws -> Result
  ) throws -> Result? {
    guard let line = try nextRange(unfolding: true) else { return nil }
    let firstLine = lineNumber - line.physicalLines + 1
    return try body(
      buffer.span.extracting(line.start..<line.end), line.physicalLines, firstLine, lineOffset)
  }

  /// Where the next line starts in the input, in bytes (a removed byte order mark counts).
  package var nextLineOffset: Int { nextOffset }

  /// Calls `body` with the bytes read but not yet returned as lines, and whether the input ends
  /// after them; `body` returns how many of those bytes it took (whole lines only) and how many
  /// physical lines they were, and the reader goes on after them. For a reader of its own that
  /// is faster on one known form of line (``ICalendarScanner``'s common form); ``readMore()``
  /// gets more bytes.
  package mutating func withUnreadBytes<Result>(
    _ body: (_ bytes: Span<UInt8>, _ isEnd: Bool) throws -> (
      taken: Int, lines: Int, result: Result
    )
  ) rethrows -> Result {
    let (taken, lines, result) = try body(buffer.span.extracting(start..<end), reachedEnd)
    self.start += taken
    lineNumber += lines
    nextOffset += taken
    return result
  }

  /// Reads more of the source behind the unread bytes (the buffer grows when they fill it);
  /// `false` when the input had already ended.
  package mutating func readMore() throws -> Bool {
    if reachedEnd { return false }
    _ = try refill()
    return true
  }

  /// Finds the next line in the buffer with ``LineCutter``, reading more as needed. A CR at the
  /// end of the buffer waits for the next byte (an LF after it belongs to the same line break);
  /// when unfolding, so does the end of a line, until the first byte of the next line is known.
  private mutating func nextRange(unfolding: Bool) throws -> (
    start: Int, contentEnd: Int, end: Int, physicalLines: Int
  )? {
    var progress = LineCutter.Progress(lineAt: start)
    while true {
      let (end, isEnd) = (self.end, reachedEnd)
      let cut = LineCutter.cut(
        buffer.span, to: end, isEnd: isEnd, form: .lenient, folding: unfolding, progress: &progress)
      guard case .line(let contentEnd, let lineEnd, let physicalLines) = cut else {
        if reachedEnd { return nil }
        progress.shift(by: try refill())
        continue
      }
      let line = (start, contentEnd, lineEnd, physicalLines)
      start = lineEnd
      lineNumber += physicalLines
      lineOffset = nextOffset
      nextOffset += lineEnd - line.0
      return line
    }
  }

  /// Moves the unread tail to the front, grows the buffer if one line fills it, and reads more;
  /// returns how far the bytes moved.
  private mutating func refill() throws -> Int {
    let oldStart = start
    if start > 0 {
      let remaining = end - start
      ByteRegionAccess.moveToFront(oldStart..<end, of: &buffer)
      start = 0
      end = remaining
    }
    if end == buffer.count {
      buffer.append(contentsOf: repeatElement(0, count: buffer.count))
    }
    let count = try ByteRegionAccess.read(
      from: &source, into: &buffer, region: end..<buffer.count)
    if count == 0 {
      reachedEnd = true
      return oldStart
    }
    bytesRead += count
    end += count
    if atFileStart, end >= 3 {
      atFileStart = false
      if !keepsByteOrderMark, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
        start = 3
        nextOffset = 3
      }
    }
    return oldStart - start
  }
}

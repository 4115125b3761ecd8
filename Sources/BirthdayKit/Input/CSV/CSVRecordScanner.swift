/// Splits CSV bytes into records (RFC 4180): a line break inside a quoted field belongs to the
/// field; CR, LF and CRLF end a record outside quotes.
///
/// It also normalizes the encoding: a UTF-8 byte order mark is dropped, and UTF-16 input (with or
/// without a byte order mark) is transcoded to UTF-8 chunk by chunk (``UTF16TranscodingSource``),
/// so the rest of the reader only sees UTF-8 (or undeclared single-byte text, decoded later).
struct CSVRecordScanner {
  private var source: UTF16TranscodingSource
  private var buffer: [UInt8]
  private var position = 0
  private var end = 0
  private var reachedEnd = false
  private var atStart = true
  /// The 1-based line of the next byte.
  private(set) var lineNumber = 1
  /// Bytes consumed from the source.
  var bytesRead: Int { source.bytesRead }

  init(_ source: any ByteSource, chunkSize: Int = 1 << 18) {
    self.source = UTF16TranscodingSource(source)
    self.buffer = [UInt8](repeating: 0, count: max(chunkSize, 16))
  }

  /// A scanner over the last bytes of an input, already normalized (no byte order mark is looked
  /// for): reads them as the end of the input, numbering lines from `lineNumber`.
  init(remaining bytes: [UInt8], lineNumber: Int) {
    self.source = UTF16TranscodingSource(MemoryByteSource([]))
    self.buffer = bytes
    self.end = bytes.count
    self.atStart = false
    self.lineNumber = lineNumber
  }

  /// A record: its bytes without the line break, where it starts, and whether the input ended
  /// inside a quoted field.
  struct Record {
    var line: Int
    var unterminatedQuote: Bool
  }

  /// Reads the next record into `record` (cleared first); `nil` at the end of the input.
  /// - Parameter delimiter: the field delimiter when known, so that a quote opens a quoted field
  ///   only at the start of a field; `nil` accepts `,` `;` and TAB as field starts.
  mutating func nextRecord(into record: inout [UInt8], delimiter: UInt8?) throws -> Record? {
    record.removeAll(keepingCapacity: true)
    guard try ensureByte() else { return nil }
    let startLine = lineNumber
    var inQuotes = false
    while try ensureByte() {
      // Copy the run up to the next byte that matters (a quote, CR or LF) in one go.
      let stop =
        ByteKernel.firstIndex(
          of: AnyOfBytes(0x22, 0x0D, 0x0A), in: buffer.span, from: position, to: end) ?? end
      if stop > position {
        ByteKernel.append(buffer.span.extracting(position..<stop), to: &record)
        position = stop
        continue
      }
      let byte = buffer[position]
      position += 1
      if inQuotes {
        if byte == 0x22 {
          if try ensureByte(), buffer[position] == 0x22 {
            record.append(byte)
            record.append(byte)
            position += 1
            continue
          }
          inQuotes = false
        } else if byte == 0x0A {
          lineNumber += 1
        } else if byte == 0x0D {
          if try !ensureByte() || buffer[position] != 0x0A { lineNumber += 1 }
        }
        record.append(byte)
        continue
      }
      switch byte {
      case 0x0A:
        lineNumber += 1
        return Record(line: startLine, unterminatedQuote: false)
      case 0x0D:
        lineNumber += 1
        if try ensureByte(), buffer[position] == 0x0A { position += 1 }
        return Record(line: startLine, unterminatedQuote: false)
      default:  // a quote: it opens a quoted field only at the start of a field
        inQuotes = record.last.map { Self.isDelimiter($0, delimiter) } ?? true
        record.append(byte)
      }
    }
    return Record(line: startLine, unterminatedQuote: inQuotes)
  }

  /// Appends the next record's bytes (without its line break) to `bytes`; `nil` at the end of
  /// the input. The same as ``nextRecord(into:delimiter:)`` and an append, but a record that
  /// lies whole in the buffer (nearly all) is found by its quotes and line breaks alone and
  /// copied once.
  mutating func appendRecord(to bytes: inout [UInt8], delimiter: UInt8?) throws -> Record? {
    guard try ensureByte() else { return nil }
    let start = position
    let found = Self.recordInBuffer(buffer.span, from: start, to: end, delimiter: delimiter)
    guard let found else {
      // The record runs past the buffer: byte by byte, refilling as it goes.
      var record: [UInt8] = []
      guard let info = try nextRecord(into: &record, delimiter: delimiter) else { return nil }
      bytes.append(contentsOf: record)
      return info
    }
    ByteKernel.append(buffer.span.extracting(start..<found.end), to: &bytes)
    let line = lineNumber
    position = found.next
    lineNumber += found.lines + 1
    return Record(line: line, unterminatedQuote: false)
  }

  /// Appends to `bytes` up to `count` bytes of the input as the records are read from it (byte
  /// order mark dropped, UTF-16 transcoded); `false` at the end of the input. Lines are no
  /// longer counted from here on: whoever splits these bytes into records numbers them.
  mutating func appendBytes(to bytes: inout [UInt8], count: Int) throws -> Bool {
    guard count > 0 else { return true }
    guard try ensureByte() else { return false }
    let stop = min(end, position + count)
    ByteKernel.append(buffer.span.extracting(position..<stop), to: &bytes)
    position = stop
    return true
  }

  /// The record starting at `start` as ``nextRecord(into:delimiter:)`` reads it: where its
  /// bytes end, where the next record starts, and the line breaks inside its quoted fields;
  /// `nil` when telling needs a byte at or after `end`.
  static func recordInBuffer(
    _ all: Span<UInt8>, from start: Int, to end: Int, delimiter: UInt8?
  ) -> (end: Int, next: Int, lines: Int)? {
    var index = start
    var inQuotes = false
    var lines = 0
    while let stop = ByteKernel.firstIndex(
      of: AnyOfBytes(0x22, 0x0D, 0x0A), in: all, from: index, to: end)
    {
      let byte = all[stop]
      index = stop + 1
      if inQuotes {
        if byte == 0x22 {
          guard index < end else { return nil }
          if all[index] == 0x22 {
            index += 1  // "" stays in quotes
          } else {
            inQuotes = false
          }
        } else if byte == 0x0A {
          lines += 1
        } else {
          guard index < end else { return nil }
          if all[index] != 0x0A { lines += 1 }
        }
        continue
      }
      switch byte {
      case 0x0A:
        return (stop, index, lines)
      case 0x0D:
        guard index < end else { return nil }
        return (stop, all[index] == 0x0A ? index + 1 : index, lines)
      default:  // a quote: it opens a quoted field only at the start of a field
        inQuotes = stop == start || isDelimiter(all[stop - 1], delimiter)
      }
    }
    return nil
  }

  /// Whether `byte` separates fields: `delimiter` when known, else any of `,` `;` TAB.
  @inline(__always)
  private static func isDelimiter(_ byte: UInt8, _ delimiter: UInt8?) -> Bool {
    delimiter.map { byte == $0 }
      ?? (byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == 0x09)
  }

  /// True when a byte is available at `position`, reading more input if needed.
  @inline(__always)
  private mutating func ensureByte() throws -> Bool {
    if position < end { return true }
    return try fill()
  }

  /// Reads from `source` into the start of `buffer`.
  private static func read(_ source: inout UTF16TranscodingSource, into buffer: inout [UInt8])
    throws -> Int
  {
    var span = buffer.mutableSpan
    return try source.read(into: &span)
  }

  private mutating func fill() throws -> Bool {
    position = 0
    end = 0
    while end == 0 {
      if reachedEnd { return false }
      let count = try Self.read(&source, into: &buffer)
      if count == 0 {
        reachedEnd = true
        return false
      }
      end = count
      // The first read holds at least the first four bytes (fewer only in a shorter input).
      if atStart {
        atStart = false
        if buffer[0..<end].starts(with: [0xEF, 0xBB, 0xBF]) {
          if end == 3 { end = 0 } else { position = 3 }
        }
      }
    }
    return true
  }
}

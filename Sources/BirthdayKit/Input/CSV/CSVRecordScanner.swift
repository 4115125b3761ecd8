/// Splits CSV bytes into records (RFC 4180): a line break inside a quoted field belongs to the
/// field; CR, LF and CRLF end a record outside quotes.
///
/// It also normalizes the encoding: a UTF-8 byte order mark is dropped, and UTF-16 input (with a
/// byte order mark) is transcoded to UTF-8 chunk by chunk, so the rest of the reader only sees
/// UTF-8 (or undeclared single-byte text, decoded later).
struct CSVRecordScanner {
  private enum Encoding { case undecided, utf8, utf16LittleEndian, utf16BigEndian }

  private var source: any ByteSource
  private var encoding = Encoding.undecided
  private var buffer: [UInt8]
  private var raw: [UInt8]
  private var carry: [UInt8] = []
  private var position = 0
  private var end = 0
  private var reachedEnd = false
  /// The 1-based line of the next byte.
  private(set) var lineNumber = 1
  /// Bytes consumed from the source.
  private(set) var bytesRead = 0
  /// Whether the input was UTF-16 (transcoded).
  var wasUTF16: Bool { encoding == .utf16LittleEndian || encoding == .utf16BigEndian }

  init(_ source: any ByteSource, chunkSize: Int = 1 << 18) {
    self.source = source
    self.buffer = [UInt8](repeating: 0, count: chunkSize)
    self.raw = [UInt8](repeating: 0, count: chunkSize)
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
        buffer.withUnsafeBufferPointer { all in
          ByteScan.firstIndex(of: 0x22, 0x0D, 0x0A, in: all, from: position, to: end)
        } ?? end
      if stop > position {
        buffer.withUnsafeBufferPointer { all in
          record.append(contentsOf: UnsafeBufferPointer(rebasing: all[position..<stop]))
        }
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
        inQuotes = record.last.map { isDelimiter($0, delimiter) } ?? true
        record.append(byte)
      }
    }
    return Record(line: startLine, unterminatedQuote: inQuotes)
  }

  /// Whether `byte` separates fields: `delimiter` when known, else any of `,` `;` TAB.
  @inline(__always)
  private func isDelimiter(_ byte: UInt8, _ delimiter: UInt8?) -> Bool {
    delimiter.map { byte == $0 }
      ?? (byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == 0x09)
  }

  /// True when a byte is available at `position`, reading more input if needed.
  @inline(__always)
  private mutating func ensureByte() throws -> Bool {
    if position < end { return true }
    return try fill()
  }

  private mutating func fill() throws -> Bool {
    position = 0
    end = 0
    while end == 0 {
      if reachedEnd { return false }
      let count = try raw.withUnsafeMutableBytes { try source.read(into: $0) }
      if count == 0 {
        reachedEnd = true
        if encoding == .undecided {  // input shorter than a byte order mark
          decideEncoding()
          let pending = carry
          carry.removeAll()
          append(pending[...])
        } else if !carry.isEmpty {  // an odd trailing byte of UTF-16
          appendScalar(0xFFFD)
          carry.removeAll()
        }
        return end > 0
      }
      bytesRead += count
      var start = 0
      if encoding == .undecided {
        carry += raw[0..<count]
        if carry.count < 3, count > 0 { continue }
        decideEncoding()
        start = count  // everything read so far is in `carry`
        let pending = carry
        carry.removeAll()
        append(pending[...])
      }
      if start < count { append(raw[start..<count]) }
    }
    return true
  }

  private mutating func decideEncoding() {
    if carry.starts(with: [0xEF, 0xBB, 0xBF]) {
      encoding = .utf8
      carry.removeFirst(3)
    } else if carry.starts(with: [0xFF, 0xFE]) {
      encoding = .utf16LittleEndian
      carry.removeFirst(2)
    } else if carry.starts(with: [0xFE, 0xFF]) {
      encoding = .utf16BigEndian
      carry.removeFirst(2)
    } else {
      encoding = .utf8
    }
  }

  /// Appends input bytes to the buffer, transcoding UTF-16 to UTF-8.
  private mutating func append(_ bytes: ArraySlice<UInt8>) {
    guard wasUTF16 else {
      ensureCapacity(end + bytes.count)
      buffer.withUnsafeMutableBufferPointer { target in
        bytes.withUnsafeBufferPointer { source in
          target.baseAddress!.advanced(by: end).update(
            from: source.baseAddress!, count: source.count)
        }
      }
      end += bytes.count
      return
    }
    var units = carry
    units += bytes
    carry.removeAll()
    var index = 0
    while index + 1 < units.count {
      let unit = unitAt(units, index)
      if (0xD800...0xDBFF).contains(unit) {
        guard index + 3 < units.count else { break }  // wait for the low surrogate
        let low = unitAt(units, index + 2)
        if (0xDC00...0xDFFF).contains(low) {
          appendScalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
          index += 4
        } else {
          appendScalar(0xFFFD)
          index += 2
        }
      } else {
        appendScalar((0xDC00...0xDFFF).contains(unit) ? 0xFFFD : UInt32(unit))
        index += 2
      }
    }
    carry = Array(units[index...])
  }

  private func unitAt(_ units: [UInt8], _ index: Int) -> UInt16 {
    encoding == .utf16LittleEndian
      ? UInt16(units[index]) | UInt16(units[index + 1]) << 8
      : UInt16(units[index]) << 8 | UInt16(units[index + 1])
  }

  private mutating func appendScalar(_ value: UInt32) {
    ensureCapacity(end + 4)
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    for byte in UTF8.encode(scalar)! {
      buffer[end] = byte
      end += 1
    }
  }

  private mutating func ensureCapacity(_ count: Int) {
    if buffer.count < count {
      buffer.append(contentsOf: repeatElement(0, count: count - buffer.count))
    }
  }
}

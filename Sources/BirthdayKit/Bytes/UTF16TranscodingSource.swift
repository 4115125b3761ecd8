/// Hands out UTF-16 input as UTF-8, chunk by chunk, so that readers only ever see 8-bit text;
/// any other input passes through unchanged.
///
/// UTF-16 is recognised by its byte order mark (dropped), or without one by the NUL bytes of
/// ASCII text (``TextDecoding/utf16ByteOrder(ofStart:)``): Windows tools save "Unicode" files
/// either way. An unpaired surrogate or an odd last byte becomes U+FFFD.
struct UTF16TranscodingSource: ByteSource {
  private var base: any ByteSource
  /// `nil` until the first bytes were seen; then the UTF-16 byte order, or `.utf8` for input
  /// that passes through.
  private var encoding: TextDecoding.Charset?
  /// Bytes ready to hand out (UTF-8), from `pendingStart`.
  private var pending: [UInt8] = []
  private var pendingStart = 0
  /// Undecoded UTF-16 bytes: an odd byte, or a high surrogate waiting for its low half.
  private var carry: [UInt8] = []
  private var raw: [UInt8]
  private var reachedEnd = false
  /// Bytes read from the underlying source (before transcoding), for progress.
  private(set) var bytesRead = 0

  init(_ base: any ByteSource, chunkSize: Int = 1 << 16) {
    self.base = base
    self.raw = [UInt8](repeating: 0, count: max(chunkSize, 16))
  }

  /// Whether the input is UTF-16 (known after the first read).
  var isUTF16: Bool { encoding == .utf16LittleEndian || encoding == .utf16BigEndian }

  mutating func read(into span: inout MutableSpan<UInt8>) throws -> Int {
    try span.withUnsafeMutableBytes { buffer in
      if encoding == nil { try decide() }
      while pendingStart == pending.count {
        if encoding == .utf8 {
          let count = try base.read(into: buffer)
          bytesRead += count
          return count
        }
        guard try transcodeNextChunk() else { return 0 }
      }
      let count = min(buffer.count, pending.count - pendingStart)
      pending.withUnsafeBytes { source in
        buffer.copyMemory(
          from: UnsafeRawBufferPointer(rebasing: source[pendingStart..<pendingStart + count]))
      }
      pendingStart += count
      return count
    }
  }

  /// Reads the first four bytes (fewer only at the end) and picks the encoding.
  private mutating func decide() throws {
    var head: [UInt8] = []
    while head.count < 4 {
      let count = try raw.withUnsafeMutableBytes { try base.read(into: $0) }
      if count == 0 {
        reachedEnd = true
        break
      }
      bytesRead += count
      head += raw[0..<count]
    }
    guard let (charset, markLength) = TextDecoding.utf16ByteOrder(ofStart: head) else {
      encoding = .utf8
      pending = head
      return
    }
    encoding = charset
    carry = Array(head.dropFirst(markLength))
    transcodeCarry()
  }

  /// Transcodes the next chunk of input into `pending`; false at the end of the input.
  private mutating func transcodeNextChunk() throws -> Bool {
    pending.removeAll(keepingCapacity: true)
    pendingStart = 0
    if reachedEnd {
      guard !carry.isEmpty else { return false }
      carry.removeAll()
      appendScalar(0xFFFD)
      return true
    }
    let count = try raw.withUnsafeMutableBytes { try base.read(into: $0) }
    if count == 0 {
      reachedEnd = true
      return try transcodeNextChunk()
    }
    bytesRead += count
    carry += raw[0..<count]
    transcodeCarry()
    return true
  }

  /// Moves the whole code units of `carry` to `pending`; a trailing odd byte or lone high
  /// surrogate stays for the next chunk.
  private mutating func transcodeCarry() {
    var index = 0
    while index + 1 < carry.count {
      let unit = unit(at: index)
      if (0xD800...0xDBFF).contains(unit) {
        guard index + 3 < carry.count else { break }  // wait for the low surrogate
        let low = self.unit(at: index + 2)
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
    carry.removeFirst(index)
  }

  private func unit(at index: Int) -> UInt16 {
    encoding == .utf16LittleEndian
      ? UInt16(carry[index]) | UInt16(carry[index + 1]) << 8
      : UInt16(carry[index]) << 8 | UInt16(carry[index + 1])
  }

  private mutating func appendScalar(_ value: UInt32) {
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    if let encoded = UTF8.encode(scalar) { pending.append(contentsOf: encoded) }
  }
}

/// The loops over short byte strings that readers run on every line (property names, keywords,
/// small values), reading raw memory inside a range checked once: the little-endian word of up
/// to eight bytes, an ASCII case-insensitive compare a word at a time, and the copy of a short
/// string's bytes straight into its inline storage.
///
/// Every entry point takes a `Span` and checks its offsets against it, so a wrong index traps
/// instead of reading past the bytes.
package enum ShortBytesKernel {
  /// `word` with the ASCII capitals of each of its eight bytes lower-cased at once: a byte below
  /// 0x80 from `A` to `Z` gets 0x20 added.
  @inline(__always)
  package static func lowercasedASCII(word: UInt64) -> UInt64 {
    let highs: UInt64 = 0x8080_8080_8080_8080
    let low = word & ~highs
    let fromA = low &+ 0x3F3F_3F3F_3F3F_3F3F  // high bit set from 0x41 on
    let pastZ = low &+ 0x2525_2525_2525_2525  // high bit set from 0x5B on
    let capitals = fromA & ~pastZ & ~word & highs
    return word | capitals >> 2
  }

  /// The `count` bytes (at most eight) of `bytes` from `offset` as a little-endian word (first
  /// byte lowest), zero above them: one unaligned load when eight bytes are there.
  @inline(__always)
  package static func word(in bytes: Span<UInt8>, at offset: Int, count: Int) -> UInt64 {
    precondition(
      offset >= 0 && count >= 0 && count <= 8 && count <= bytes.count &- offset,
      "word outside the bytes")
    return bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return 0 }
      if offset &+ 8 <= raw.count {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        // `>>` of 64 bits or more gives 0: the bytes after the `count` are cut off.
        return word & UInt64.max >> UInt64((8 &- count) &* 8)
      }
      var word: UInt64 = 0
      var index = 0
      while index < count {
        word |= UInt64(raw[offset &+ index]) << UInt64(index &* 8)
        index &+= 1
      }
      return word
    }
  }

  /// True when `bytes` equal `lowercase` ignoring ASCII case; `lowercase` must be lower case.
  /// Eight bytes a step, lower-cased at once (``lowercasedASCII(word:)``), then byte by byte.
  package static func equalsIgnoringASCIICase(_ bytes: Span<UInt8>, _ lowercase: Span<UInt8>)
    -> Bool
  {
    let count = bytes.count
    guard count == lowercase.count else { return false }
    return bytes.withUnsafeBytes { raw in
      lowercase.withUnsafeBytes { keyword in
        guard let base = raw.baseAddress, let keywordBase = keyword.baseAddress else {
          return true
        }
        var index = 0
        while index &+ 8 <= count {
          let word = UInt64(
            littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          let expected = UInt64(
            littleEndian: keywordBase.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          if lowercasedASCII(word: word) != expected { return false }
          index &+= 8
        }
        while index < count {
          let byte = raw[index]
          if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != keyword[index] { return false }
          index &+= 1
        }
        return true
      }
    }
  }

  /// True when `bytes` equal the ASCII `lowercase` ignoring case; `lowercase` must be lower case.
  /// The form for fixed keywords tested on many lines (parameter names and values): length
  /// first, then byte by byte, with no array to load.
  @inline(__always)
  package static func equalsIgnoringASCIICase(_ bytes: Span<UInt8>, _ lowercase: StaticString)
    -> Bool
  {
    let count = lowercase.utf8CodeUnitCount
    guard bytes.count == count else { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      let keyword = lowercase.utf8Start
      var index = 0
      while index < count {
        let byte = buffer[index]
        if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != keyword[index] { return false }
        index &+= 1
      }
      return true
    }
  }

  /// The index of the first byte of `bytes[start..<end]` not above `limit`, or `nil`: the scan of
  /// a property name for the punctuation that ends it (letters sort above it).
  @inline(__always)
  package static func firstIndex(
    notAbove limit: UInt8, in bytes: Span<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    guard start < end else { return nil }
    precondition(start >= 0 && end <= bytes.count, "range outside the bytes")
    return bytes.withUnsafeBufferPointer { buffer in
      var index = start
      while index < end {
        if buffer[index] <= limit { return index }
        index &+= 1
      }
      return nil
    }
  }

  /// The index of the first byte of `bytes[start..<end]` equal to `first`, `second` or
  /// `third`, or `nil`: the scan of a short section (a property's parameters) for its few
  /// separators, too short for the SIMD kernel to pay.
  @inline(__always)
  package static func firstIndex(
    of first: UInt8, _ second: UInt8, _ third: UInt8, in bytes: Span<UInt8>, from start: Int,
    to end: Int
  ) -> Int? {
    guard start < end else { return nil }
    precondition(start >= 0 && end <= bytes.count, "range outside the bytes")
    return bytes.withUnsafeBufferPointer { buffer in
      var index = start
      while index < end {
        let byte = buffer[index]
        if byte == first || byte == second || byte == third { return index }
        index &+= 1
      }
      return nil
    }
  }

  /// True when `bytes[range]`, 8 to 16 bytes, equal ignoring ASCII case a lower-case keyword as
  /// long given as the little-endian words of its first and of its last eight bytes: two
  /// overlapping loads and compares.
  @inline(__always)
  package static func equalsIgnoringASCIICase(
    _ bytes: Span<UInt8>, _ range: Range<Int>, first: UInt64, last: UInt64
  ) -> Bool {
    precondition(
      range.lowerBound >= 0 && range.upperBound <= bytes.count && range.count >= 8,
      "keyword outside the bytes")
    return bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return false }
      let head = UInt64(
        littleEndian: base.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self))
      let tail = UInt64(
        littleEndian: base.loadUnaligned(fromByteOffset: range.upperBound &- 8, as: UInt64.self))
      return lowercasedASCII(word: head) == first && lowercasedASCII(word: tail) == last
    }
  }

  /// `bytes` as a string, ill-formed UTF-8 repaired as `String(decoding:as:)` does. Up to 15
  /// bytes (which the string keeps inline) are copied straight into its storage, whose own check
  /// of ASCII is a test of two words, rather than decoded: for names, mostly short and ASCII.
  @inline(__always)
  package static func string(_ bytes: Span<UInt8>) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      guard buffer.count <= 15 else { return String(decoding: buffer, as: UTF8.self) }
      return String(unsafeUninitializedCapacity: buffer.count) {
        $0.initialize(fromContentsOf: buffer)
      }
    }
  }
}

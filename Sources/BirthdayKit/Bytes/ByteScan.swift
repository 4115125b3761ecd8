/// Finds bytes eight at a time (SWAR): the scanners' inner loop for line breaks and quotes.
///
/// A byte equal to the target becomes zero after an XOR with the target repeated, and the classic
/// "has a zero byte" test flags it; on little endian the lowest flag is exact.
enum ByteScan {
  /// The index of the first byte in `bytes[from..<to]` equal to `first`, `second` or `third`.
  @inline(__always)
  static func firstIndex(
    of first: UInt8, _ second: UInt8, _ third: UInt8, in bytes: UnsafeBufferPointer<UInt8>,
    from start: Int, to end: Int
  ) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let (a, b, c) = (ones &* UInt64(first), ones &* UInt64(second), ones &* UInt64(third))
    var index = start
    while index + 8 <= end {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let x = word ^ a
      let y = word ^ b
      let z = word ^ c
      let found = ((x &- ones) & ~x | (y &- ones) & ~y | (z &- ones) & ~z) & highs
      if found != 0 { return index + found.trailingZeroBitCount >> 3 }
      index += 8
    }
    while index < end {
      let byte = base[index]
      if byte == first || byte == second || byte == third { return index }
      index += 1
    }
    return nil
  }

  /// The index of the first LF or CR in `bytes[from..<to]`: ``firstIndex(of:_:_:in:from:to:)``
  /// for line breaks, with one test a word instead of three (bytes below 0x0E are flagged, and
  /// the lowest flag, which is exact, is checked; a tab or other control byte moves on past it).
  @inline(__always)
  static func firstLineBreak(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let highs: UInt64 = 0x8080_8080_8080_8080
    let below: UInt64 = 0x0E0E_0E0E_0E0E_0E0E
    var index = start
    while index + 8 <= end {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let found = (word &- below) & ~word & highs
      if found == 0 {
        index += 8
        continue
      }
      let at = index + found.trailingZeroBitCount >> 3
      if base[at] == 0x0A || base[at] == 0x0D { return at }
      index = at + 1
    }
    while index < end {
      let byte = base[index]
      if byte == 0x0A || byte == 0x0D { return index }
      index += 1
    }
    return nil
  }

  /// Whether every byte of `bytes` is below 0x80, eight bytes a step.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var bits: UInt64 = 0
    var index = 0
    while index + 8 <= bytes.count {
      bits |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < bytes.count {
      bits |= UInt64(base[index])
      index += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  /// How many bytes of `bytes[from..<to]` equal `target`: sixteen bytes a step (a compare and
  /// an AND on SSE2, counted lane by lane), then eight (SWAR), then one.
  static func count(
    of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var total = 0
    var index = start
    let pattern16 = SIMD16<UInt8>(repeating: target)
    let ones16 = SIMD16<UInt8>(repeating: 1)
    while index &+ 16 <= end {
      // Per lane: the matches in it, up to 255 blocks.
      var lanes = SIMD16<UInt8>()
      let stop = min(end &- 16, index &+ 254 &* 16)
      while index <= stop {
        let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
        lanes &+= ones16.replacing(with: 0, where: block .!= pattern16)
        index &+= 16
      }
      total += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
    }
    if index &+ 8 <= end {
      let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let x = word ^ (0x0101_0101_0101_0101 &* UInt64(target))
      // Exact zero-byte flags (no borrow between bytes, unlike the test in firstIndex).
      let zeros = ~(((x & lows) &+ lows) | x | lows)
      total += laneSum(zeros >> 7)
      index &+= 8
    }
    while index < end {
      if base[index] == target { total += 1 }
      index += 1
    }
    return total
  }

  /// Whether `bytes[from..<to]` holds an odd number of bytes equal to `target`: sixteen bytes a
  /// step (one compare, one AND and one XOR on SSE2), the parity folded lane by lane. A count
  /// would cost several times as much and is not needed where only parity decides.
  static func hasOddCount(
    of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let pattern = SIMD16<UInt8>(repeating: target)
    let ones = SIMD16<UInt8>(repeating: 1)
    var parities = SIMD16<UInt8>()
    var index = start
    while index &+ 16 <= end {
      let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      parities ^= ones.replacing(with: 0, where: block .!= pattern)
      index &+= 16
    }
    var odd = parities.wrappedSum() & 1 != 0
    while index < end {
      if base[index] == target { odd.toggle() }
      index += 1
    }
    return odd
  }

  /// Calls `body` with the index of each byte of `bytes[from..<to]` equal to `target`, in order,
  /// until `body` returns `false`; returns the index after the last byte looked at.
  @inline(__always)
  static func forEachIndex(
    of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    _ body: (Int) -> Bool
  ) {
    guard let base = bytes.baseAddress else { return }
    let raw = UnsafeRawPointer(base)
    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let pattern = 0x0101_0101_0101_0101 &* UInt64(target)
    var index = start
    while index + 8 <= end {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let x = word ^ pattern
      var zeros = ~(((x & lows) &+ lows) | x | lows)  // exact: 0x80 in each matching byte
      while zeros != 0 {
        guard body(index + zeros.trailingZeroBitCount >> 3) else { return }
        zeros &= zeros &- 1
      }
      index += 8
    }
    while index < end {
      if base[index] == target, !body(index) { return }
      index += 1
    }
  }

  /// The sum of the eight byte lanes of `counts`. Counting flags this way instead of with
  /// `nonzeroBitCount` matters: the x86-64 baseline has no POPCNT instruction, and the portable
  /// population count it gets instead would make `countLineBreaks` several times slower.
  @inline(__always)
  private static func laneSum(_ counts: UInt64) -> Int {
    let pairs = (counts & 0x00FF_00FF_00FF_00FF) &+ ((counts >> 8) & 0x00FF_00FF_00FF_00FF)
    return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
  }

  /// Line breaks in `bytes`, counted as ``LineReader`` counts them: CRLF, CR and LF are one each.
  static func countLineBreaks(in bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { data in
      guard let base = data.baseAddress else { return 0 }
      let raw = UnsafeRawPointer(base)
      let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
      let ones: UInt64 = 0x0101_0101_0101_0101
      var total = 0
      var counts: UInt64 = 0  // per byte lane: the line breaks in it, up to 255 words
      var words = 0
      var previousWasCR = false
      var index = 0
      while index + 8 <= data.count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let lf = word ^ (ones &* 0x0A)
        let cr = word ^ (ones &* 0x0D)
        let lfBits = ~(((lf & lows) &+ lows) | lf | lows)  // exact: 0x80 in each LF byte
        let crBits = ~(((cr & lows) &+ lows) | cr | lows)
        // An LF right after a CR (in this word, or the last byte of the previous one) is part
        // of a CRLF already counted.
        let pairs = (crBits << 8 | (previousWasCR ? 0x80 : 0)) & lfBits
        // One flag per line break (a byte is at most one of them), summed lane by lane.
        counts &+= ((lfBits & ~pairs) | crBits) >> 7
        words += 1
        if words == 255 {
          total += laneSum(counts)
          counts = 0
          words = 0
        }
        previousWasCR = crBits >> 63 != 0
        index += 8
      }
      total += laneSum(counts)
      while index < data.count {
        let byte = data[index]
        if byte == 0x0D || (byte == 0x0A && !previousWasCR) { total += 1 }
        previousWasCR = byte == 0x0D
        index += 1
      }
      return total
    }
  }
}

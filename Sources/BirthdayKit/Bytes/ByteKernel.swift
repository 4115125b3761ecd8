/// The one byte-scanning kernel: finds, counts and visits the bytes of a ``ByteClass`` in a
/// range of bytes, sixteen at a time, for every reader and writer of the package (line breaks,
/// quotes, delimiters, bytes that need escaping, non-ASCII text).
///
/// Whole blocks of sixteen bytes are tested with one or a few vector compares (`pcmpeqb`,
/// `pcmpgtb`, `pmovmskb` on SSE2, the x86-64 baseline); the last bytes of a range of at least
/// sixteen as one block that overlaps bytes already looked at, a range of eight to fifteen as
/// two overlapping halves of one block, and only a range of fewer than eight bytes byte by
/// byte. The mask lanes are exact, so no byte is checked twice.
///
/// This is one of the few places that read memory through raw pointers: every load is of
/// whole blocks inside `bytes[from..<to]`, which debug builds check.
package enum ByteKernel {
  /// The index of the first byte of `bytes[from..<to]` in `byteClass`, or `nil` (also when
  /// `from` is past `to`: the CSV field splitter searches from one past a closing quote that may
  /// end the record).
  @inline(__always)
  static func firstIndex<Class: ByteClass>(
    of byteClass: Class, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    guard start < end, let base = bytes.baseAddress else { return nil }
    assert(start >= 0 && end <= bytes.count, "range outside the bytes")
    let raw = UnsafeRawPointer(base)
    if end &- start >= 16 {
      var index = start
      while index &+ 16 <= end {
        let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
        if let lane = firstLane(byteClass.matches(block)) { return index &+ lane }
        index &+= 16
      }
      guard index < end else { return nil }
      // None of the bytes before `index` matched: the first match in the last sixteen is new.
      let last = raw.loadUnaligned(fromByteOffset: end &- 16, as: SIMD16<UInt8>.self)
      return firstLane(byteClass.matches(last)).map { end &- 16 &+ $0 }
    }
    if end &- start >= 8 {
      let block = SIMD16(
        lowHalf: raw.loadUnaligned(fromByteOffset: start, as: SIMD8<UInt8>.self),
        highHalf: raw.loadUnaligned(fromByteOffset: end &- 8, as: SIMD8<UInt8>.self))
      guard let lane = firstLane(byteClass.matches(block)) else { return nil }
      return lane < 8 ? start &+ lane : end &- 16 &+ lane
    }
    var index = start
    while index < end {
      if byteClass.matches(base[index]) { return index }
      index &+= 1
    }
    return nil
  }

  /// Whether any byte of `bytes` is in `byteClass`.
  @inline(__always)
  static func contains<Class: ByteClass>(
    _ byteClass: Class, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    firstIndex(of: byteClass, in: bytes, from: 0, to: bytes.count) != nil
  }

  /// ``contains(_:in:)`` on raw bytes.
  @inline(__always)
  static func contains<Class: ByteClass>(
    _ byteClass: Class, in bytes: UnsafeRawBufferPointer
  ) -> Bool {
    firstIndex(
      of: byteClass, in: bytes.assumingMemoryBound(to: UInt8.self), from: 0, to: bytes.count)
      != nil
  }

  /// The index of the first byte of `bytes[from..<to]` equal to `target`, or `nil`.
  @inline(__always)
  static func firstIndex(
    of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    firstIndex(of: OneByte(target), in: bytes, from: start, to: end)
  }

  /// The index of the first LF or CR in `bytes[from..<to]`, or `nil`.
  @inline(__always)
  static func firstLineBreak(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    firstIndex(of: LineBreakBytes(), in: bytes, from: start, to: end)
  }

  /// Whether every byte of `bytes` is below 0x80.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    !contains(NonASCIIBytes(), in: bytes)
  }

  /// ``isASCII(_:)-(UnsafeBufferPointer<UInt8>)`` on raw bytes.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    !contains(NonASCIIBytes(), in: bytes)
  }

  /// How many bytes of `bytes[from..<to]` equal `target`: per lane of sixteen, up to 255 blocks
  /// at a time, then summed.
  static func count(
    of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    var total = 0
    forEachBlock(in: bytes, from: start, to: end) { raw, index, valid in
      // Per lane: the matches in it, up to 255 blocks.
      var lanes = SIMD16<UInt8>()
      var index = index
      let stop = min(valid.wholeEnd &- 16, index &+ 254 &* 16)
      while index <= stop {
        let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
        lanes &+= ones.replacing(with: 0, where: block .!= SIMD16(repeating: target))
        index &+= 16
      }
      total &+= laneSum(lanes)
      return index
    } tail: { block, lanes in
      let (low, high) = halves((block .== SIMD16(repeating: target)) .& lanes)
      total &+= low.nonzeroBitCount &+ high.nonzeroBitCount
    } byte: { byte in
      if byte == target { total &+= 1 }
    }
    return total
  }

  /// Whether `bytes[from..<to]` holds an odd number of bytes equal to `target`: one compare, one
  /// AND and one XOR a block, the parity folded lane by lane (cheaper than a count where only
  /// parity decides).
  static func hasOddCount(
    of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Bool {
    var parities = SIMD16<UInt8>()
    var odd = false
    forEachBlock(in: bytes, from: start, to: end) { raw, index, valid in
      var index = index
      while index &+ 16 <= valid.wholeEnd {
        let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
        parities ^= ones.replacing(with: 0, where: block .!= SIMD16(repeating: target))
        index &+= 16
      }
      return index
    } tail: { block, lanes in
      let found = (block .== SIMD16(repeating: target)) .& lanes
      parities ^= ones.replacing(with: 0, where: .!found)
    } byte: { byte in
      if byte == target { odd.toggle() }
    }
    return odd != (laneSum(parities) & 1 != 0)
  }

  /// Calls `body` with the index of each byte of `bytes[from..<to]` equal to `target`, in order,
  /// until `body` returns `false`.
  @inline(__always)
  static func forEachIndex(
    of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    _ body: (Int) -> Bool
  ) {
    guard start < end, let base = bytes.baseAddress else { return }
    assert(start >= 0 && end <= bytes.count, "range outside the bytes")
    let raw = UnsafeRawPointer(base)
    let pattern = SIMD16<UInt8>(repeating: target)
    var index = start
    while index &+ 16 <= end {
      let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      var (low, high) = halves(block .== pattern)
      if low | high != 0 {
        while low != 0 {
          guard body(index &+ low.trailingZeroBitCount &>> 3) else { return }
          low &= low &- 1
        }
        while high != 0 {
          guard body(index &+ 8 &+ high.trailingZeroBitCount &>> 3) else { return }
          high &= high &- 1
        }
      }
      index &+= 16
    }
    while index < end {
      if base[index] == target, !body(index) { return }
      index &+= 1
    }
  }

  /// ``firstIndex(of:in:from:to:)-(Class,UnsafeBufferPointer<UInt8>,_,_)`` on a span: the
  /// range is checked against the span (`from` past `to` still gives `nil`).
  @inline(__always)
  static func firstIndex<Class: ByteClass>(
    of byteClass: Class, in bytes: Span<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    guard start < end else { return nil }
    precondition(start >= 0 && end <= bytes.count, "range outside the bytes")
    return bytes.withUnsafeBufferPointer { firstIndex(of: byteClass, in: $0, from: start, to: end) }
  }

  /// The index of the first byte of `bytes[from..<to]` equal to `target`, or `nil`.
  @inline(__always)
  static func firstIndex(of target: UInt8, in bytes: Span<UInt8>, from start: Int, to end: Int)
    -> Int?
  {
    firstIndex(of: OneByte(target), in: bytes, from: start, to: end)
  }

  /// The index of the first LF or CR in `bytes[from..<to]`, or `nil`.
  @inline(__always)
  static func firstLineBreak(in bytes: Span<UInt8>, from start: Int, to end: Int) -> Int? {
    firstIndex(of: LineBreakBytes(), in: bytes, from: start, to: end)
  }

  /// Whether any byte of `bytes` is in `byteClass`.
  @inline(__always)
  static func contains<Class: ByteClass>(_ byteClass: Class, in bytes: Span<UInt8>) -> Bool {
    firstIndex(of: byteClass, in: bytes, from: 0, to: bytes.count) != nil
  }

  /// Whether every byte of `bytes` is below 0x80.
  @inline(__always)
  static func isASCII(_ bytes: Span<UInt8>) -> Bool {
    !contains(NonASCIIBytes(), in: bytes)
  }

  /// How many bytes of `bytes[from..<to]` equal `target`.
  static func count(of target: UInt8, in bytes: Span<UInt8>, from start: Int, to end: Int) -> Int {
    guard start < end else { return 0 }
    precondition(start >= 0 && end <= bytes.count, "range outside the bytes")
    return bytes.withUnsafeBufferPointer { count(of: target, in: $0, from: start, to: end) }
  }

  /// Whether `bytes[from..<to]` holds an odd number of bytes equal to `target`.
  static func hasOddCount(
    of target: UInt8, in bytes: Span<UInt8>, from start: Int, to end: Int
  ) -> Bool {
    guard start < end else { return false }
    precondition(start >= 0 && end <= bytes.count, "range outside the bytes")
    return bytes.withUnsafeBufferPointer { hasOddCount(of: target, in: $0, from: start, to: end) }
  }

  /// Calls `body` with the index of each byte of `bytes[from..<to]` equal to `target`, in order,
  /// until `body` returns `false`.
  @inline(__always)
  static func forEachIndex(
    of target: UInt8, in bytes: Span<UInt8>, from start: Int, to end: Int,
    _ body: (Int) -> Bool
  ) {
    guard start < end else { return }
    precondition(start >= 0 && end <= bytes.count, "range outside the bytes")
    bytes.withUnsafeBufferPointer { forEachIndex(of: target, in: $0, from: start, to: end, body) }
  }

  /// Copies `source` into `target` from `offset` on, in one `memmove`.
  @inline(__always)
  static func copy(_ source: Span<UInt8>, into target: inout MutableSpan<UInt8>, at offset: Int) {
    precondition(offset >= 0 && source.count <= target.count - offset, "copy outside the target")
    source.withUnsafeBytes { from in
      target.withUnsafeMutableBytes { to in
        guard let start = from.baseAddress, let destination = to.baseAddress else { return }
        (destination + offset).copyMemory(from: start, byteCount: from.count)
      }
    }
  }

  /// Appends the bytes of `span` to `array` in one copy.
  @inline(__always)
  static func append(_ span: Span<UInt8>, to array: inout [UInt8]) {
    span.withUnsafeBufferPointer { array.append(contentsOf: $0) }
  }

  /// The UTF-8 text of `bytes`, ill-formed sequences replaced by U+FFFD (as
  /// `String(decoding:as:)`): for bytes known to be ASCII or valid, decoded without a separate
  /// validation pass.
  static func string(decoding bytes: Span<UInt8>) -> String {
    bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether `first` and `second` hold the same bytes, compared eight at a time.
  static func equal(_ first: Span<UInt8>, _ second: Span<UInt8>) -> Bool {
    guard first.count == second.count else { return false }
    return first.withUnsafeBytes { first in
      second.withUnsafeBytes { second in
        guard let a = first.baseAddress, let b = second.baseAddress else { return true }
        var index = 0
        while index + 8 <= first.count {
          guard
            a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
              == b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          else { return false }
          index += 8
        }
        while index < first.count {
          guard first[index] == second[index] else { return false }
          index += 1
        }
        return true
      }
    }
  }

  /// The first lane `mask` sets, or `nil`. A set lane is all ones, so the lowest set byte of
  /// each half is the first.
  @inline(__always)
  private static func firstLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Int? {
    let (low, high) = halves(mask)
    if low != 0 { return low.trailingZeroBitCount &>> 3 }
    if high != 0 { return 8 &+ high.trailingZeroBitCount &>> 3 }
    return nil
  }

  /// The two halves of `mask`, one bit a lane (``laneFlags``). Tested as integers: `any(_:)`
  /// is a reduction the compiler leaves as a call, per block.
  @inline(__always)
  private static func halves(_ mask: SIMDMask<SIMD16<Int8>>) -> (low: UInt64, high: UInt64) {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return (UInt64(littleEndian: words[0]) & laneFlags, UInt64(littleEndian: words[1]) & laneFlags)
  }

  /// The sum of the sixteen lanes of `lanes` in a few integer operations (`wrappedSum()` is a
  /// reduction the compiler leaves as a call): pairs of lanes summed into 16-bit lanes, then
  /// those by one multiply.
  @inline(__always)
  private static func laneSum(_ lanes: SIMD16<UInt8>) -> Int {
    let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
    let pairs: UInt64 = 0x00FF_00FF_00FF_00FF
    // Four 16-bit lanes, each at most 4 x 255.
    let sums =
      (words[0] & pairs) &+ (words[0] &>> 8 & pairs) &+ (words[1] & pairs)
      &+ (words[1] &>> 8 & pairs)
    return Int(truncatingIfNeeded: (sums &* 0x0001_0001_0001_0001) &>> 48)
  }

  /// Where the whole blocks of a range end.
  private struct BlockRange {
    var wholeEnd: Int
  }

  /// The block loop of the counting scans: `blocks` runs over the whole blocks from an index
  /// (returning where it stopped, a multiple of sixteen after it); `tail` gets the last sixteen
  /// bytes with the lanes not yet looked at (a range of at least sixteen); `byte` gets each
  /// byte of a shorter range.
  @inline(__always)
  private static func forEachBlock(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    blocks: (UnsafeRawPointer, Int, BlockRange) -> Int,
    tail: (SIMD16<UInt8>, SIMDMask<SIMD16<Int8>>) -> Void, byte: (UInt8) -> Void
  ) {
    guard start < end, let base = bytes.baseAddress else { return }
    assert(start >= 0 && end <= bytes.count, "range outside the bytes")
    let raw = UnsafeRawPointer(base)
    guard end &- start >= 16 else {
      for index in start..<end { byte(base[index]) }
      return
    }
    var index = start
    while index &+ 16 <= end {
      index = blocks(raw, index, BlockRange(wholeEnd: end))
    }
    guard index < end else { return }
    let seen = UInt8(truncatingIfNeeded: 16 &- (end &- index))  // lanes already looked at
    let last = raw.loadUnaligned(fromByteOffset: end &- 16, as: SIMD16<UInt8>.self)
    tail(last, laneNumbers .>= SIMD16(repeating: seen))
  }

  // Constants as computed properties, not stored ones: they fold into the loops instead of
  // being loaded through a lazily initialized global.
  @inline(__always) private static var ones: SIMD16<UInt8> { SIMD16(repeating: 1) }
  @inline(__always) private static var laneNumbers: SIMD16<UInt8> {
    SIMD16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
  }
  /// One bit a lane of a half of a mask, so that clearing the lowest bit steps one lane on.
  @inline(__always) private static var laneFlags: UInt64 { 0x8080_8080_8080_8080 }
}

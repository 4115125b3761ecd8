/// Finds bytes sixteen at a time: the line loop of ``LineReader`` and of the vCard segment reader,
/// and the vCard reader's search for the colon after a skipped property's parameters.
///
/// One or two byte compares and one mask test per block (`pcmpeqb`, `por`, `pmovmskb` on SSE2),
/// about half the work of ``ByteScan``'s eight-byte SWAR, which handles the last bytes of
/// the range. The mask lanes are exact, so no byte is checked twice.
enum SIMDByteScan {
  /// The index of the first LF or CR in `bytes[from..<to]`, or `nil`.
  @inline(__always)
  static func firstLineBreak(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    let lineFeeds = SIMD16<UInt8>(repeating: 0x0A)
    let returns = SIMD16<UInt8>(repeating: 0x0D)
    return firstMatch(in: bytes, from: start, to: end) {
      ($0 .== lineFeeds) .| ($0 .== returns)
    } remainder: {
      ByteScan.firstLineBreak(in: bytes, from: $0, to: end)
    }
  }

  /// The index of the first byte of `bytes[from..<to]` equal to `target`, or `nil` (also when
  /// `from` is past `to`, as with ``ByteScan``: the CSV field splitter searches from one past a
  /// closing quote that may end the record).
  @inline(__always)
  static func firstIndex(
    of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    let pattern = SIMD16<UInt8>(repeating: target)
    return firstMatch(in: bytes, from: start, to: end) {
      $0 .== pattern
    } remainder: { index in
      // Fewer than sixteen bytes, usually a few: a plain loop beats setting up the SWAR words.
      var index = index
      while index < end {
        if bytes[index] == target { return index }
        index &+= 1
      }
      return nil
    }
  }

  /// The block loop: the first lane `matches` sets in a whole block, else `remainder(index)` for
  /// the bytes after the last whole block.
  @inline(__always)
  private static func firstMatch(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    matches: (SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>, remainder: (Int) -> Int?
  ) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    var index = start
    while index &+ 16 <= end {
      let found = matches(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
      if any(found) {
        // A true lane is all ones: the lowest set byte of each half is the first match.
        let halves = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: halves[0])
        if low != 0 { return index &+ low.trailingZeroBitCount &>> 3 }
        return index &+ 8 &+ UInt64(littleEndian: halves[1]).trailingZeroBitCount &>> 3
      }
      index &+= 16
    }
    return remainder(index)
  }
}

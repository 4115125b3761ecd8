/// Finds one byte value sixteen bytes a step (SSE2 compare and mask): the vCard reader's search
/// for the colon after a skipped property's parameters.
enum VCardByteScan {
  /// The index of the first byte of `bytes[from..<to]` equal to `target`, or `nil`.
  @inline(__always)
  static func firstIndex(
    of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let pattern = SIMD16<UInt8>(repeating: target)
    var index = start
    while index &+ 16 <= end {
      let found = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== pattern
      if any(found) {
        // A true lane is all ones: the lowest set byte of each half is the first match.
        let halves = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: halves[0])
        if low != 0 { return index &+ low.trailingZeroBitCount &>> 3 }
        return index &+ 8 &+ UInt64(littleEndian: halves[1]).trailingZeroBitCount &>> 3
      }
      index &+= 16
    }
    while index < end {
      if base[index] == target { return index }
      index &+= 1
    }
    return nil
  }
}

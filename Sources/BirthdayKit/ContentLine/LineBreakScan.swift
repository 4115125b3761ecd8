/// Finds the next line break sixteen bytes a step: the line loop of ``LineReader`` and of the
/// vCard segment reader.
///
/// Two byte compares, an OR and one mask test per block (`pcmpeqb`, `por`, `pmovmskb` on SSE2),
/// about half the instructions of ``ByteScan/firstLineBreak(in:from:to:)``'s eight-byte SWAR,
/// which handles the last bytes of the range. The mask lanes are exact, so no byte is checked
/// twice.
enum LineBreakScan {
  /// The index of the first LF or CR in `bytes[from..<to]`, or `nil`.
  @inline(__always)
  static func firstLineBreak(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let lineFeeds = SIMD16<UInt8>(repeating: 0x0A)
    let returns = SIMD16<UInt8>(repeating: 0x0D)
    var index = start
    while index &+ 16 <= end {
      let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      let found = (block .== lineFeeds) .| (block .== returns)
      if any(found) {
        // A true lane is all ones: the lowest set byte of each half is the first match.
        let halves = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: halves[0])
        if low != 0 { return index &+ low.trailingZeroBitCount &>> 3 }
        return index &+ 8 &+ UInt64(littleEndian: halves[1]).trailingZeroBitCount &>> 3
      }
      index &+= 16
    }
    return ByteScan.firstLineBreak(in: bytes, from: index, to: end)
  }
}

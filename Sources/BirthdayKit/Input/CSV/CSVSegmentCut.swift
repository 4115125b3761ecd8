/// Where the calling thread cuts CSV bytes into segments: after a line break that is most likely
/// outside quotes, found without reading the records.
///
/// An even number of quotes before a line break means it is outside quotes in any file whose
/// quotes all open or close quoted fields (a doubled quote counts two). A quote inside an
/// unquoted field (`5'10"`) can make that wrong; the worker that reads the segment checks that
/// its last record ends exactly at the cut, and a segment that does not is read in sequence.
enum CSVSegmentCut {
  /// The cut at or before `limit` (`0 < limit < bytes.count`): the index after a line break (LF,
  /// or a CR that no LF follows) with an even number of quotes before it, the latest one; else
  /// the latest line break; `nil` when there is none. `bytes[cut]` always exists, so whoever
  /// reads the records can tell a CR from a CRLF without reading past the segment.
  static func cut(in bytes: Span<UInt8>, limit: Int) -> Int? {
    // Whether the quotes in bytes[..<index + 1] are odd.
    var oddQuotes = ByteKernel.hasOddCount(of: 0x22, in: bytes, from: 0, to: limit)
    var fallback: Int?
    var index = limit - 1
    while index >= 0 {
      let byte = bytes[index]
      if byte == 0x0A || (byte == 0x0D && bytes[index + 1] != 0x0A) {
        if !oddQuotes { return index + 1 }
        if fallback == nil { fallback = index + 1 }
      } else if byte == 0x22 {
        oddQuotes.toggle()
      }
      index -= 1
    }
    return fallback
  }
}

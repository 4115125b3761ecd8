/// Cuts a vCard file into segments that start on a card boundary, so that each segment can be
/// parsed on its own thread and give exactly what a sequential read gives.
///
/// A boundary is a `BEGIN:VCARD` line whose previous non-blank line is `END:VCARD`: never inside a
/// card, a folded value or a quoted-printable continuation (those lines never read `END:VCARD`).
/// The `BEGIN:VCARD` line must end inside the bytes looked at: at the very end of a buffer it may
/// go on (`BEGIN:VCARDON:2.1` is text between cards, which the reader skips, not a card).
struct VCardSegmenter {
  let input: any RandomAccessByteSource
  let segmentSize: Int
  private(set) var offset = 0

  init(input: any RandomAccessByteSource, segmentSize: Int) {
    self.input = input
    self.segmentSize = max(segmentSize, 64)
  }

  /// The next segment's bytes, or `nil` at the end, or when the next card is so large that
  /// holding it whole would cost more memory than reading the rest of the file sequentially
  /// (then ``offset`` is where sequential reading must resume).
  mutating func next() throws -> [UInt8]? {
    guard offset < input.size else { return nil }
    var length = min(segmentSize, input.size - offset)
    while true {
      if length > 4 * segmentSize { return nil }
      var bytes = try input.bytes(at: offset, count: length)
      let filled = bytes.count
      let atEnd = offset + filled >= input.size || filled < length
      if atEnd {
        offset += filled
        return bytes
      }
      if let cut = Self.lastBoundary(in: bytes), cut > 0 {
        bytes.removeSubrange(cut...)
        offset += cut
        return bytes
      }
      length = min(length * 2, input.size - offset)  // one card larger than the segment
    }
  }

  /// The start of the last `BEGIN:VCARD` line that follows an `END:VCARD` line, if any.
  static func lastBoundary(in bytes: [UInt8]) -> Int? {
    let data = bytes.span
    var index = data.count - 12
    while index > 0 {
      defer { index -= 1 }
      let before = data[index - 1]
      guard before == 0x0A || before == 0x0D, matches(data, at: index, beginVCard),
        index + 11 < data.count, data[index + 11] == 0x0D || data[index + 11] == 0x0A
      else { continue }
      // The previous non-blank line must be END:VCARD.
      var end = index
      while end > 0, data[end - 1] == 0x0A || data[end - 1] == 0x0D || data[end - 1] == 0x20 {
        end -= 1
      }
      guard end >= 9, matches(data, at: end - 9, endVCard),
        end == 9 || data[end - 10] == 0x0A || data[end - 10] == 0x0D
      else { continue }
      return index
    }
    return nil
  }

  private static let beginVCard = Array("BEGIN:VCARD".utf8)
  private static let endVCard = Array("END:VCARD".utf8)

  /// Whether `data[index...]` starts with `pattern` (upper case), ignoring ASCII case.
  private static func matches(_ data: Span<UInt8>, at index: Int, _ pattern: [UInt8]) -> Bool {
    guard index >= 0, index + pattern.count <= data.count else { return false }
    for offset in 0..<pattern.count {
      var byte = data[index + offset]
      if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
      if byte != pattern[offset] { return false }
    }
    return true
  }
}

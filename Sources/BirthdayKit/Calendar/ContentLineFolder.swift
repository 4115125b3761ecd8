/// Writes RFC 5545 content lines: folded at 75 octets, never inside a UTF-8 sequence, CRLF-ended.
///
/// RFC 5545 §3.1: lines SHOULD NOT be longer than 75 octets excluding the line break; a long line
/// is split by inserting CRLF followed by one space, and the space counts towards the next line's
/// 75 octets. Splitting inside a multi-octet UTF-8 character is what breaks real clients, so a fold
/// always moves back to the start of the character.
enum ContentLineFolder {
  /// The most octets on one physical line, excluding CRLF.
  static let maximumLineLength = 75

  /// Appends `line` (one unfolded content line, no line break) to `output`, folded and CRLF-ended.
  static func appendFolded(_ line: Span<UInt8>, to output: OutputBuffer) {
    var start = 0
    var limit = maximumLineLength
    while line.count - start > limit {
      var cut = start + limit
      // Back off from a UTF-8 continuation byte (10xxxxxx) to the start of its character.
      while cut > start + 1, line[cut] & 0xC0 == 0x80 { cut -= 1 }
      output.append(line.extracting(start..<cut))
      output.append("\r\n ")
      start = cut
      limit = maximumLineLength - 1
    }
    output.append(line.extracting(start...))
    output.appendLineBreak()
  }

  /// Ends the content line that starts at `start` in `output` (written there unfolded): appends
  /// CRLF, folding the line first in the rare case that it is longer than 75 octets.
  @inline(__always)
  static func endLine(startingAt start: Int, in output: OutputBuffer) {
    if output.count - start <= maximumLineLength {
      output.appendLineBreak()
    } else {
      // Only the line is copied: `output.bytes` would copy the whole buffer first.
      let line = output.bytes(from: start)
      output.truncate(to: start)
      appendFolded(line.span, to: output)
    }
  }

  /// Appends `line` folded; convenience for arrays.
  static func appendFolded(_ line: [UInt8], to output: inout [UInt8]) {
    let folded = OutputBuffer(capacity: line.count + line.count / 24 + 8)
    appendFolded(line.span, to: folded)
    output.append(contentsOf: folded.bytes)
  }
}

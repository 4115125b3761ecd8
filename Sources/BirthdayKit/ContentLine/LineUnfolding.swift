/// The one unfold of content lines (RFC 5545 §3.1, RFC 6350 §3.2): a line break followed by one
/// space or tab is removed, together with that space or tab.
///
/// ``LineReader/nextFoldedLine(_:)`` gathers a logical line's physical lines; this turns them into
/// its content. The vCard reader, whose unfolding depends on the card's version, removes the
/// folding character through ``appendContinuation(_:to:)`` as well.
package enum LineUnfolding {
  /// True when `line` continues the previous line: it starts with a space or a tab.
  @inline(__always)
  package static func isContinuation<Line: Collection<UInt8>>(_ line: Line) -> Bool {
    guard let first = line.first else { return false }
    return first == 0x20 || first == 0x09
  }

  /// Appends a continuation line without its folding character (its first byte).
  @inline(__always)
  package static func appendContinuation<Line: Collection<UInt8>>(
    _ line: Line, to content: inout [UInt8]
  ) {
    content.append(contentsOf: line.dropFirst())
  }

  /// The content of a logical line: `lines` without line breaks and folding characters.
  /// One physical line needs no copy: `body` then gets its bytes in place.
  package static func withUnfoldedContent<Result>(
    of lines: Span<UInt8>, physicalLines: Int, scratch: inout [UInt8],
    _ body: (Span<UInt8>) throws -> Result
  ) rethrows -> Result {
    if physicalLines == 1 {
      var contentEnd = lines.count
      while contentEnd > 0, lines[contentEnd - 1] == 0x0A || lines[contentEnd - 1] == 0x0D {
        contentEnd -= 1
      }
      return try body(lines.extracting(..<contentEnd))
    }
    scratch.removeAll(keepingCapacity: true)
    var isFirst = true
    LineCutter.forEachPhysicalLine(in: lines) { content, _ in
      if isFirst {
        ByteKernel.append(content, to: &scratch)
        isFirst = false
      } else if !content.isEmpty {
        ByteKernel.append(content.extracting(1...), to: &scratch)  // without the folding character
      }
    }
    return try body(scratch.span)
  }

  /// The unfolded lines of a whole text in memory (checks and tests).
  package static func unfoldedLines(of bytes: [UInt8]) -> [[UInt8]] {
    var reader = LineReader(MemoryByteSource(bytes), keepingByteOrderMark: true)
    var scratch: [UInt8] = []
    var result: [[UInt8]] = []
    while let line = try? reader.nextFoldedLine({ lines, count, _, _ in
      withUnfoldedContent(of: lines, physicalLines: count, scratch: &scratch) { Array(copying: $0) }
    }) {
      result.append(line)
    }
    return result
  }
}

/// The safe entry points the event renderer, the templates and the line folder need besides
/// appending a span and ``OutputBuffer/withSpan(_:)``: a line repeated
/// from the buffer and a line copied out. The raw memory stays
/// in ``OutputBuffer``.
extension OutputBuffer {
  /// Appends a copy of the content's bytes in `range` (a line written once and repeated).
  func appendCopy(of range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count)
    reserve(range.count)  // so that the bytes copied stay where they are
    withUnsafeBytes { append(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// The content from `start` on, copied.
  func bytes(from start: Int) -> [UInt8] {
    precondition(start >= 0 && start <= count)
    return withUnsafeBytes { Array($0[start...]) }
  }
}

/// The safe entry points through which the event renderer, the templates and the line folder
/// write: spans in, spans lent out for a read, and the few fixed-width stores the renderer makes.
/// The raw memory stays in ``OutputBuffer``.
extension OutputBuffer {
  /// Appends `bytes`.
  @inline(__always)
  func append(_ bytes: Span<UInt8>) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Calls `body` with the content, for reading only.
  @inline(__always)
  func withBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
    withUnsafeBytes { body(Span(_unsafeElements: $0)) }
  }

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

  /// Appends the `count` lowest bytes of `word`, the lowest first: up to eight ASCII bytes
  /// composed in a register and stored in one go.
  @inline(__always)
  func append(lowBytesOf word: UInt64, count: Int) {
    precondition(count >= 0 && count <= 8)
    Swift.withUnsafeBytes(of: word.littleEndian) {
      append(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<count]))
    }
  }
}

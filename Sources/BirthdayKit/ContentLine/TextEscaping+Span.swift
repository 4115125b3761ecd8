/// TEXT escaping of spans, for the event renderer and the line folder.
extension TextEscaping {
  /// Appends the escaped form of UTF-8 `bytes` to `output` (the writer's path).
  static func appendEscaped(_ bytes: Span<UInt8>, to output: OutputBuffer) {
    bytes.withUnsafeBufferPointer { appendEscaped($0, to: output) }
  }

  /// The position of the first byte of `bytes` that escaping may change, or `nil`.
  static func firstIndexNeedingEscape(in bytes: Span<UInt8>) -> Int? {
    bytes.withUnsafeBufferPointer { firstIndexNeedingEscape(in: $0) }
  }
}

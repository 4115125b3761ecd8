extension [UInt8] {
  /// Appends `bytes` in one copy: `append(contentsOf:)` of an `UnsafeRawBufferPointer` takes the
  /// generic sequence path, byte by byte.
  @inline(__always)
  mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
    append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
  }

  /// Appends the bytes of `value` in native byte order.
  @inline(__always)
  mutating func appendBytes<Value>(of value: Value) {
    Swift.withUnsafeBytes(of: value) { appendBytes($0) }
  }
}

/// Raw access to regions of byte arrays, for the readers above the fence that keep their bytes in
/// an array and a `Range<Int>`: reading a source into a region, moving a region to the front,
/// hashing a region in one call, and loading or storing a fixed-width integer at any byte offset
/// of a record.
///
/// Every entry point checks its region against the array or span it is given, so a wrong index
/// traps instead of touching memory outside the bytes.
package enum ByteRegionAccess {
  /// Reads from `source` into `buffer[region]`; returns how many bytes, 0 at the end of the input.
  @inline(__always)
  package static func read<Source: ByteSource>(
    from source: inout Source, into buffer: inout [UInt8], region: Range<Int>
  ) throws -> Int {
    precondition(
      region.lowerBound >= 0 && region.upperBound <= buffer.count, "region outside the buffer")
    return try buffer.withUnsafeMutableBufferPointer { all in
      var span = UnsafeMutableBufferPointer(rebasing: all[region]).mutableSpan
      return try source.read(into: &span)
    }
  }

  /// Reads `file` from `offset` into `buffer[region]`; returns how many bytes, 0 at its end.
  @inline(__always)
  package static func read(
    _ file: TemporaryFile, at offset: Int, into buffer: inout [UInt8], region: Range<Int>
  ) throws -> Int {
    precondition(
      region.lowerBound >= 0 && region.upperBound <= buffer.count, "region outside the buffer")
    return try buffer.withUnsafeMutableBytes { all in
      try file.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: all[region]))
    }
  }

  /// Moves `buffer[region]` to the start of `buffer`, in one `memmove` (the two may overlap).
  @inline(__always)
  package static func moveToFront(_ region: Range<Int>, of buffer: inout [UInt8]) {
    precondition(
      region.lowerBound >= 0 && region.upperBound <= buffer.count, "region outside the buffer")
    guard !region.isEmpty else { return }
    buffer.withUnsafeMutableBytes { raw in
      guard let base = raw.baseAddress else { return }
      base.copyMemory(from: base + region.lowerBound, byteCount: region.count)
    }
  }

  /// Feeds the bytes of `bytes` to `hasher` in one call (hashing an array element by element
  /// costs a call a byte).
  @inline(__always)
  package static func combine(_ bytes: Span<UInt8>, into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }

  /// Appends `bytes` to the end of `file`.
  @inline(__always)
  package static func append(_ bytes: Span<UInt8>, to file: TemporaryFile) throws {
    try bytes.withUnsafeBytes { try file.append($0) }
  }

  /// The `Value` stored little-endian at `offset` in `bytes`, at any alignment.
  @inline(__always)
  package static func load<Value: FixedWidthInteger>(
    _: Value.Type, from bytes: Span<UInt8>, at offset: Int
  ) -> Value {
    precondition(
      offset >= 0 && offset <= bytes.count - MemoryLayout<Value>.size, "load outside the bytes")
    return bytes.withUnsafeBytes {
      Value(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Value.self))
    }
  }

  /// Stores `value` little-endian at `offset` in `bytes`, at any alignment.
  @inline(__always)
  package static func store<Value: FixedWidthInteger>(
    _ value: Value, into bytes: inout [UInt8], at offset: Int
  ) {
    precondition(
      offset >= 0 && offset <= bytes.count - MemoryLayout<Value>.size, "store outside the bytes")
    bytes.withUnsafeMutableBytes {
      $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: Value.self)
    }
  }
}

/// Raw access to regions of byte arrays, for the code above the fence that keeps its bytes in an
/// array and a `Range<Int>`: reading a source or a file into a region, moving a region to the
/// front, writing a span or a spool of plain values to a file and filling an array back from it,
/// hashing a region in one call, and loading or storing a fixed-width integer at any byte offset
/// of a record. The pointer-taking reads and writes (``ByteSource``,
/// ``RandomAccessByteSource``, ``TemporaryFile``) are called from here, so that callers hold
/// arrays, ranges and spans, never the raw memory those calls fill.
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

  /// Reads up to `region.count` bytes of `source` from `offset` into `buffer[region]`; returns
  /// how many, 0 at the end of the input.
  @inline(__always)
  package static func read(
    _ source: some RandomAccessByteSource, at offset: Int, into buffer: inout [UInt8],
    region: Range<Int>
  ) throws -> Int {
    precondition(
      region.lowerBound >= 0 && region.upperBound <= buffer.count, "region outside the buffer")
    return try buffer.withUnsafeMutableBytes { all in
      try source.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: all[region]))
    }
  }

  /// Appends the bytes of `span` to `array` in one copy (for the modules that do not see
  /// ``ByteKernel``).
  package static func append(_ span: Span<UInt8>, to array: inout [UInt8]) {
    ByteKernel.append(span, to: &array)
  }

  /// Appends the in-memory bytes of `elements` to the end of `file`: a spool of plain values
  /// (no references), read back with ``fill(_:from:at:count:)`` on the same machine.
  /// - Throws: ``TemporaryFileError`` (a full disk, for example).
  package static func append<Element: BitwiseCopyable>(
    _ elements: [Element], to file: TemporaryFile
  ) throws {
    try elements.withUnsafeBytes { try file.append($0) }
  }

  /// Reads `count` elements written by `append(_:to:)` from byte `offset` of
  /// `file` into the start of `elements`, again after short reads. Returns the bytes read: fewer
  /// than `count` elements' only at the end of the file.
  /// - Throws: ``TemporaryFileError`` when a read fails.
  package static func fill<Element: BitwiseCopyable>(
    _ elements: inout [Element], from file: TemporaryFile, at offset: Int, count: Int
  ) throws -> Int {
    precondition(count >= 0 && count <= elements.count, "more elements than the array holds")
    let wanted = count * MemoryLayout<Element>.stride
    return try elements.withUnsafeMutableBytes { raw in
      var filled = 0
      while filled < wanted {
        let read = try file.read(
          at: offset + filled, into: UnsafeMutableRawBufferPointer(rebasing: raw[filled..<wanted]))
        if read == 0 { break }
        filled += read
      }
      return filled
    }
  }

  /// Appends `count` bytes to `array`, zeros that `body` fills in first: a record put together
  /// on the stack and appended in one copy (each small append to an array checks its uniqueness
  /// and capacity).
  @inline(__always)
  package static func append(
    count: Int, to array: inout [UInt8], filledBy body: (inout MutableSpan<UInt8>) -> Void
  ) {
    precondition(count >= 0, "a negative count")
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
      buffer.initialize(repeating: 0)
      var span = buffer.mutableSpan
      body(&span)
      array.append(contentsOf: buffer)
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
  /// - Throws: ``TemporaryFileError`` (a full disk, for example).
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

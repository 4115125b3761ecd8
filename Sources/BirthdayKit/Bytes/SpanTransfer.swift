/// Moves bytes between spans or ranges of arrays and the package's pointer-taking reads and
/// writes (``TemporaryFile``, ``RandomAccessByteSource``), so that callers outside `Bytes/` hold
/// arrays and ranges, never the raw memory those calls fill.
///
/// Each entry point checks its range against the array, so a wrong index traps instead of
/// reading or writing past the bytes.
package enum SpanTransfer {
  /// Appends all of `bytes` to the end of `file`.
  /// - Throws: ``TemporaryFileError`` (a full disk, for example).
  package static func append(_ bytes: Span<UInt8>, to file: TemporaryFile) throws {
    try bytes.withUnsafeBytes { try file.append($0) }
  }

  /// Appends the bytes of `span` to `array` in one copy.
  package static func append(_ span: Span<UInt8>, to array: inout [UInt8]) {
    span.withUnsafeBufferPointer { array.append(contentsOf: $0) }
  }

  /// Reads up to `range.count` bytes of `file` from `offset` into `bytes[range]`; returns how
  /// many, 0 at the end of the file.
  /// - Throws: ``TemporaryFileError`` when the read fails.
  package static func read(
    _ file: TemporaryFile, at offset: Int, into bytes: inout [UInt8], in range: Range<Int>
  ) throws -> Int {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside array")
    return try bytes.withUnsafeMutableBytes { raw in
      try file.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: raw[range]))
    }
  }

  /// Reads up to `range.count` bytes of `source` from `offset` into `bytes[range]`; returns how
  /// many, 0 at the end of the input.
  package static func read(
    _ source: some RandomAccessByteSource, at offset: Int, into bytes: inout [UInt8],
    in range: Range<Int>
  ) throws -> Int {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside array")
    return try bytes.withUnsafeMutableBytes { raw in
      try source.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: raw[range]))
    }
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
}

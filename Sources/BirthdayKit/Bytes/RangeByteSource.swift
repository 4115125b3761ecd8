/// A byte range of a ``RandomAccessByteSource`` read in order, optionally between two pieces
/// of bytes of its own.
struct RangeByteSource: ByteSource {
  private let source: any RandomAccessByteSource
  private var position: Int
  private let end: Int
  private var prefix: ArraySlice<UInt8>
  private var suffix: ArraySlice<UInt8>

  init(
    _ source: any RandomAccessByteSource, range: Range<Int>, prefix: [UInt8] = [],
    suffix: [UInt8] = []
  ) {
    self.source = source
    self.position = range.lowerBound
    self.end = range.upperBound
    self.prefix = prefix[...]
    self.suffix = suffix[...]
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard buffer.count > 0 else { return 0 }
    if !prefix.isEmpty { return Self.take(&prefix, into: buffer) }
    if position < end {
      let count = try source.read(
        at: position,
        into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, end - position)]))
      if count > 0 {
        position += count
        return count
      }
      position = end  // shorter than expected: what there is
    }
    return Self.take(&suffix, into: buffer)
  }

  private static func take(
    _ bytes: inout ArraySlice<UInt8>, into buffer: UnsafeMutableRawBufferPointer
  )
    -> Int
  {
    let count = min(bytes.count, buffer.count)
    bytes.prefix(count).withUnsafeBytes { buffer.copyMemory(from: $0) }
    bytes = bytes.dropFirst(count)
    return count
  }
}

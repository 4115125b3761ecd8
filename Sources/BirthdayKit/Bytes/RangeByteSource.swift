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

  mutating func read(into span: inout MutableSpan<UInt8>) throws -> Int {
    guard span.count > 0 else { return 0 }
    if !prefix.isEmpty { return Self.take(&prefix, into: &span) }
    if position < end {
      let count = try source.read(
        at: position, into: &span, in: 0..<min(span.count, end - position))
      if count > 0 {
        position += count
        return count
      }
      position = end  // shorter than expected: what there is
    }
    return Self.take(&suffix, into: &span)
  }

  private static func take(_ bytes: inout ArraySlice<UInt8>, into span: inout MutableSpan<UInt8>)
    -> Int
  {
    let count = min(bytes.count, span.count)
    ByteKernel.copy(bytes.span.extracting(..<count), into: &span, at: 0)
    bytes = bytes.dropFirst(count)
    return count
  }
}

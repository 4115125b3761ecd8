/// Any ``ByteSource`` behind one concrete type: the one type-erased source.
///
/// Readers are generic over their source, and generic code called from another module runs
/// unspecialized: every line would then pay for generic metadata look-ups in the line reader.
/// Boxing the source makes the line reader and everything after it concrete, compiled and
/// optimized inside this module; the one dynamic call left happens once per chunk, not once per
/// line. It also lets a caller pick a source at run time (a file, a pipe, bytes in memory).
package struct AnyByteSource: ByteSource {
  private var base: any ByteSource

  /// Wraps `base`.
  package init(_ base: any ByteSource) {
    self.base = base
  }

  package mutating func read(into span: inout MutableSpan<UInt8>) throws -> Int {
    try base.read(into: &span)
  }
}

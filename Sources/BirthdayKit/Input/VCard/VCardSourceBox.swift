/// Hides the reader's generic ``ByteSource`` behind one concrete type.
///
/// ``VCardReader`` is generic over its source, and generic code called from another module runs
/// unspecialized: every line then pays for generic metadata look-ups in ``LineReader``. Boxing the
/// source makes the line reader and everything after it concrete, compiled and optimized inside
/// this module; the one dynamic call left happens once per chunk, not once per line.
///
/// UTF-16 input is transcoded to UTF-8 here, so the reader sees only 8-bit text.
struct VCardSourceBox: ByteSource {
  private var base: UTF16TranscodingSource

  init(_ base: any ByteSource) {
    self.base = UTF16TranscodingSource(base)
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    try base.read(into: buffer)
  }
}

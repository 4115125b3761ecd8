/// Hides the reader's generic ``ByteSource`` behind one concrete type.
///
/// ``VCardReader`` is generic over its source, and generic code called from another module runs
/// unspecialized: every line then pays for generic metadata look-ups in ``LineReader``. Boxing the
/// source makes the line reader and everything after it concrete, compiled and optimized inside
/// this module; the one dynamic call left happens once per chunk, not once per line.
struct VCardSourceBox: ByteSource {
  private var base: any ByteSource

  init(_ base: any ByteSource) {
    self.base = base
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    try base.read(into: buffer)
  }
}

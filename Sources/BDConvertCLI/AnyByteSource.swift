import BirthdayKit

/// Lets the generic readers take an existential source.
struct AnyByteSource: ByteSource {
  var base: any ByteSource

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    try base.read(into: buffer)
  }
}

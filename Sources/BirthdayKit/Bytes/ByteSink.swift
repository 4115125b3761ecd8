/// Where a writer's bytes go: a file descriptor (through the CLI's output target) or memory.
public protocol ByteSink {
  /// Writes all of `span`.
  /// - Throws: an error describing the failed write.
  mutating func write(_ span: Span<UInt8>) throws
}

extension ByteSink {
  /// Writes all of `bytes`: the path of the package's writers, whose output buffers are raw
  /// memory.
  @inline(__always)
  package mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    try write(bytes.assumingMemoryBound(to: UInt8.self).span)
  }

  /// Writes all of `bytes`.
  package mutating func write(_ bytes: [UInt8]) throws {
    try write(bytes.span)
  }
}

/// Collects written bytes in memory; used by tests and by callers that want the calendar as data.
public struct MemoryByteSink: ByteSink {
  /// Everything written so far.
  public private(set) var bytes: [UInt8] = []

  /// Creates an empty sink.
  public init() {}

  public mutating func write(_ span: Span<UInt8>) throws {
    span.withUnsafeBytes { bytes in
      self.bytes.append(contentsOf: bytes)
    }
  }

  /// The bytes as UTF-8 text.
  package var text: String { String(decoding: bytes, as: UTF8.self) }
}

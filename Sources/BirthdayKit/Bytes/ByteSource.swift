#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a reader's bytes come from: a file descriptor, or bytes already in memory.
///
/// Readers pull chunks from a source, so a conversion holds one chunk and one record at a time,
/// never the whole file.
public protocol ByteSource {
  /// Reads up to `span.count` bytes into the start of `span`; returns how many, 0 at the end of
  /// the input.
  /// - Throws: an error describing the failed read.
  mutating func read(into span: inout MutableSpan<UInt8>) throws -> Int
}

extension ByteSource {
  /// ``read(into:)`` into raw memory that holds bytes: the path of the package's readers, whose
  /// chunk buffers are raw memory.
  @inline(__always)
  package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    var span = buffer.assumingMemoryBound(to: UInt8.self).mutableSpan
    return try read(into: &span)
  }
}

/// A read failure.
package struct ByteSourceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `errno` of the failed call.
  package var code: Int32
  /// What was being read.
  package var name: String

  /// Creates an error.
  package init(code: Int32, name: String) {
    self.code = code
    self.name = name
  }

  package var description: String {
    "\(name): read error: \(String(cString: strerror(code)))"
  }
}

/// Bytes in memory, handed out in order. Used by tests and by library callers that already hold
/// the data.
public struct MemoryByteSource: ByteSource {
  private let bytes: [UInt8]
  private var offset = 0

  /// Creates a source over `bytes`.
  public init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    self.bytes = Array(bytes)
  }

  /// Creates a source over the UTF-8 bytes of `text`.
  public init(_ text: String) {
    self.bytes = Array(text.utf8)
  }

  public mutating func read(into span: inout MutableSpan<UInt8>) throws -> Int {
    span.withUnsafeMutableBytes { buffer in
      let count = min(buffer.count, bytes.count - offset)
      guard count > 0 else { return 0 }
      bytes.withUnsafeBytes { source in
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
      }
      offset += count
      return count
    }
  }
}

/// An open file descriptor (a file, a pipe, standard input). The caller keeps ownership of the
/// descriptor and closes it.
package struct FileDescriptorByteSource: ByteSource {
  /// The descriptor read from.
  package let descriptor: Int32
  /// The name used in error messages.
  package let name: String

  /// Creates a source reading `descriptor`.
  package init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  package mutating func read(into span: inout MutableSpan<UInt8>) throws -> Int {
    try span.withUnsafeMutableBytes { buffer in
      while true {
        #if canImport(Glibc)
          let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        #else
          let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
        #endif
        if count >= 0 { return count }
        if errno == EINTR { continue }
        throw ByteSourceError(code: errno, name: name)
      }
    }
  }
}

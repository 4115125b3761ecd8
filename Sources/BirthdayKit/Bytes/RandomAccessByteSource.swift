#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Input that can be read at any offset, so that several threads can convert parts of it at once.
package protocol RandomAccessByteSource: Sendable {
  /// The total size in bytes.
  var size: Int { get }
  /// Reads up to `buffer.count` bytes starting at `offset`; returns 0 at the end.
  func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

extension RandomAccessByteSource {
  /// ``read(at:into:)`` into the start of `span`.
  @inline(__always)
  func read(at offset: Int, into span: inout MutableSpan<UInt8>) throws -> Int {
    try span.withUnsafeMutableBytes { try read(at: offset, into: $0) }
  }

  /// Up to `count` bytes from `offset` on, in a new array (fewer at the end of the input). Not
  /// zeroed first: the reads fill it, and a segment of a large file is read once, not written
  /// twice.
  func bytes(at offset: Int, count: Int) throws -> [UInt8] {
    var filled = 0
    return try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      defer { initialized = filled }
      while filled < count {
        let read = try self.read(
          at: offset + filled,
          into: UnsafeMutableRawBufferPointer(
            UnsafeMutableBufferPointer(rebasing: buffer[filled...])))
        if read == 0 { break }
        filled += read
      }
    }
  }

  /// ``read(at:into:)`` into `span[range]`.
  func read(at offset: Int, into span: inout MutableSpan<UInt8>, in range: Range<Int>) throws
    -> Int
  {
    precondition(range.lowerBound >= 0 && range.upperBound <= span.count, "range outside the span")
    return try span.withUnsafeMutableBytes { buffer in
      try read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[range]))
    }
  }
}

/// A regular file read with `pread`; the caller keeps the descriptor open.
package struct FileRandomAccessSource: RandomAccessByteSource {
  /// The open descriptor of a regular file.
  package let descriptor: Int32
  /// The file's size when opened.
  package let size: Int
  /// The name used in error messages.
  package let name: String

  /// Creates a source; `nil` unless `descriptor` is a regular file.
  package init?(descriptor: Int32, name: String) {
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    self.descriptor = descriptor
    self.size = Int(info.st_size)
    self.name = name
  }

  package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw ByteSourceError(code: errno, name: name)
    }
  }
}

/// Bytes in memory, read at any offset (tests, and callers that hold the data).
package struct MemoryRandomAccessSource: RandomAccessByteSource {
  private let bytes: [UInt8]

  /// Creates a source over `bytes`.
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  package var size: Int { bytes.count }

  package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = max(0, min(buffer.count, bytes.count - offset))
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
    }
    return count
  }
}

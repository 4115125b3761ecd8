import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A scratch file with no name: created with `mkstemp` and unlinked at once, so it disappears when
/// it is closed, and also when the process is killed or crashes.
///
/// Used to keep data out of memory: the sorted runs of `list` and a copy of standard input that
/// `delete` must read twice. Appends go to the end; reads take an offset, so any number of readers
/// can share the file.
///
/// ```swift
/// let file = try TemporaryFile()
/// try file.append(Array("sorted run".utf8))
/// var bytes = [UInt8](repeating: 0, count: 6)
/// _ = try bytes.withUnsafeMutableBytes { try file.read(at: 0, into: $0) }  // "sorted"
/// ```
package final class TemporaryFile: Sendable {
  /// The open descriptor, read and write; closed when the file is released.
  package let descriptor: Int32
  /// The folder the file was created in (for error messages).
  package let directory: String
  /// Bytes appended so far: the file's length.
  package var size: Int { length.load(ordering: .acquiring) }
  /// The length, changed by the one writer (appends go one after the other: the spill thread
  /// writes a run while the sorter collects the next, and waits for it before the next spill).
  private let length = Atomic<Int>(0)

  /// `$TMPDIR` when set and not empty, otherwise `/tmp`.
  package static var defaultDirectory: String {
    if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
    return "/tmp"
  }

  /// Creates an empty file in `directory` (default: ``defaultDirectory``) and removes its name.
  /// - Throws: ``TemporaryFileError`` when the file cannot be created.
  package init(directory: String? = nil) throws {
    let directory = directory ?? Self.defaultDirectory
    var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString)
    template.removeLast()  // the terminating NUL, put back after the pattern
    template += Array("birthdaykit-spill.XXXXXX".utf8CString)
    let created = template.withUnsafeMutableBufferPointer { $0.baseAddress.map(mkstemp) ?? -1 }
    guard created >= 0 else {
      throw TemporaryFileError(operation: "create", directory: directory, code: errno)
    }
    // No name, nothing to clean up: from here on the file exists only through the descriptor.
    template.withUnsafeBufferPointer { _ = $0.baseAddress.map(unlink) }
    _ = fcntl(created, F_SETFD, FD_CLOEXEC)
    self.descriptor = created
    self.directory = directory
  }

  deinit { _ = close(descriptor) }

  /// Writes all of `bytes` at the end of the file.
  /// - Throws: ``TemporaryFileError`` (a full disk, for example).
  package func append(_ bytes: UnsafeRawBufferPointer) throws {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = pwrite(descriptor, base + offset, bytes.count - offset, off_t(size + offset))
      if written < 0 {
        if errno == EINTR { continue }
        throw TemporaryFileError(operation: "write", directory: directory, code: errno)
      }
      offset += written
    }
    length.add(bytes.count, ordering: .releasing)
  }

  /// Writes all of `bytes` at the end of the file.
  /// - Throws: ``TemporaryFileError`` (a full disk, for example).
  package func append(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try append($0) }
  }

  /// A source that reads the file from its start, for readers that take a ``ByteSource``.
  ///
  /// Each call gives a new source; the file stays open as long as one of them exists.
  package func byteSource() -> some ByteSource {
    TemporaryFileByteSource(file: self)
  }

  /// Reads up to `buffer.count` bytes starting at `offset`; returns 0 at the end of the file.
  /// - Throws: ``TemporaryFileError`` when the read fails.
  package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw TemporaryFileError(operation: "read", directory: directory, code: errno)
    }
  }
}

/// Reads a ``TemporaryFile`` from its start; read failures become ``ByteSourceError``.
private struct TemporaryFileByteSource: ByteSource {
  let file: TemporaryFile
  var offset = 0

  mutating func read(into span: inout MutableSpan<UInt8>) throws -> Int {
    try span.withUnsafeMutableBytes { buffer in
      do {
        let count = try file.read(at: offset, into: buffer)
        offset += count
        return count
      } catch let error as TemporaryFileError {
        throw ByteSourceError(code: error.code, name: "temporary file in '\(error.directory)'")
      }
    }
  }
}

/// A temporary file could not be created, written or read.
package struct TemporaryFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `create`, `write` or `read`.
  package var operation: String
  /// The folder of the temporary file.
  package var directory: String
  /// `errno` of the failed call.
  package var code: Int32

  /// Creates an error.
  package init(operation: String, directory: String, code: Int32) {
    self.operation = operation
    self.directory = directory
    self.code = code
  }

  package var description: String {
    "cannot \(operation) a temporary file in '\(directory)': \(String(cString: strerror(code)))"
  }
}

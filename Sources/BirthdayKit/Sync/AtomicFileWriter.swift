#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that readers see the old or the new content, never a mix: a
/// ``ReplacementFile`` beside it, flushed to disk with `fsync`, then renamed over the final
/// name. ``discard()`` (or an error) removes the temporary file.
package final class AtomicFileWriter: ByteSink {
  /// The final path.
  package let path: String
  private let file: ReplacementFile
  private let syncsFolder: Bool
  private var buffer: [UInt8] = []

  /// Creates the temporary file for `path`; ``commit()`` gives it `path`'s owner, group and
  /// permissions when it exists (else 0666 minus the umask).
  /// - Parameter syncingFolder: `false` when the caller flushes the folder once for many files
  ///   (``ReplacementFile/syncFolder(_:)``).
  /// - Throws: ``SyncTargetError`` (`cannotWrite`, or `writeFailed` when the disk is full).
  package init(path: String, hooks: TemporaryPathHooks = .none, syncingFolder: Bool = true) throws {
    self.path = path
    self.syncsFolder = syncingFolder
    file = try ReplacementFile(replacing: path, hooks: hooks)
    buffer.reserveCapacity(1 << 16)
  }

  deinit { discard() }

  package func write(_ bytes: UnsafeRawBufferPointer) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { try flush() }
  }

  package func write(_ span: Span<UInt8>) throws {
    try span.withUnsafeBytes { try write($0) }
  }

  /// Writes all of `bytes`.
  package func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  private func flush() throws {
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { bytes -> Int in
        guard let base = bytes.baseAddress else { return 0 }
        #if canImport(Glibc)
          return Glibc.write(file.descriptor, base + offset, bytes.count - offset)
        #else
          return Darwin.write(file.descriptor, base + offset, bytes.count - offset)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        let code = errno
        discard()
        throw SyncTargetError(
          .writeFailed, "cannot write '\(path)': \(String(cString: strerror(code)))")
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, syncs and renames the temporary file over ``path``.
  /// - Throws: ``SyncTargetError`` (`writeFailed`); the old file is then untouched.
  package func commit() throws {
    do {
      try flush()
      try file.commit(syncingFolder: syncsFolder)
    } catch {
      discard()
      throw error
    }
  }

  /// Removes the temporary file; the old file stays as it was.
  package func discard() {
    file.discard()
  }
}

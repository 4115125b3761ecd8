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

  package func write(_ span: Span<UInt8>) throws {
    ByteKernel.append(span, to: &buffer)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Writes all of `bytes`.
  package func write(_ bytes: [UInt8]) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { try flush() }
  }

  private func flush() throws {
    do {
      try SystemCallBuffers.writeAll(buffer.span, to: file.descriptor)
    } catch {
      discard()
      throw SyncTargetError(.writeFailed, "cannot write '\(path)': \(error.reason)")
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

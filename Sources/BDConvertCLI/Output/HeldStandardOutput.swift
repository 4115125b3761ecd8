import BirthdayKit

/// Standard output held back until a command has succeeded, so that a run that fails on a
/// malformed line prints nothing: in memory up to ``memoryLimit``, beyond that in an unnamed
/// ``TemporaryFile`` in `$TMPDIR`, so that memory stays bounded whatever the size of the output.
///
/// `delete` writes here instead of reading its calendar twice (once to check it, once to edit it).
final class HeldStandardOutput: ByteSink {
  /// The most held in memory (8 MiB); a larger output goes to a temporary file.
  static let memoryLimit = 8 << 20

  private var bytes: [UInt8] = []
  private var spill: TemporaryFile?

  func write(_ span: Span<UInt8>) throws {
    if let spill {
      try ByteRegionAccess.append(span, to: spill)
      return
    }
    ByteRegionAccess.append(span, to: &bytes)
    if bytes.count > Self.memoryLimit {
      let created = try TemporaryFile()
      try created.append(bytes)
      bytes = []
      spill = created
    }
  }

  /// Writes everything held to standard output.
  /// - Throws: ``CommandError`` 74 when reading the temporary file or writing fails.
  func release() throws(CommandError) {
    if let spill {
      try OutputTarget.copy(spill, toDescriptor: 1, name: "<stdout>")
      return
    }
    var sink = FileDescriptorSink(descriptor: 1, name: "<stdout>")
    do {
      try sink.write(bytes)
    } catch {
      throw Frontend.commandError(error)
    }
  }
}

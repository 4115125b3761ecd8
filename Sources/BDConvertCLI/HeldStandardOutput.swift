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

  func write(_ chunk: UnsafeRawBufferPointer) throws {
    if let spill {
      try spill.append(chunk)
      return
    }
    bytes.append(contentsOf: chunk)
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
    var sink = FileDescriptorSink(descriptor: 1, name: "<stdout>")
    do {
      guard let spill else {
        try sink.write(bytes)
        return
      }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      var offset = 0
      while true {
        let count = try chunk.withUnsafeMutableBytes { try spill.read(at: offset, into: $0) }
        if count == 0 { return }
        try chunk.withUnsafeBytes { try sink.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        offset += count
      }
    } catch {
      throw CalendarInput.commandError(error)
    }
  }
}

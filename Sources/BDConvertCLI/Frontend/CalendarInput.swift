import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An .ics input read once, or twice when it must be validated before an output that cannot take
/// back bytes (a FIFO or device) is written.
///
/// A seekable file is rewound between the passes. A pipe read twice is copied aside once: up to
/// ``spoolMemoryLimit`` in memory, and beyond that into an unnamed ``TemporaryFile`` in `$TMPDIR`,
/// so that memory stays bounded whatever the size of the input.
struct CalendarInput {
  let file: InputFile
  private let buffered: [UInt8]?
  private let spool: TemporaryFile?

  /// The largest pipe input held in memory (8 MiB); a larger one goes to a temporary file.
  static let spoolMemoryLimit = 8 << 20

  /// Prepares the opened `file` to be read once, or twice when `rereadable`; the caller closes
  /// `file`.
  /// - Throws: ``CommandError`` 74 when reading a pipe or writing its temporary copy fails.
  static func prepare(_ file: InputFile, rereadable: Bool) throws(CommandError) -> CalendarInput {
    if !rereadable || lseek(file.descriptor, 0, SEEK_CUR) >= 0 {
      return CalendarInput(file: file, buffered: nil, spool: nil)
    }
    var bytes: [UInt8] = []
    var spool: TemporaryFile?
    var source = file.byteSource
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    do {
      while true {
        var span = chunk.mutableSpan
        let count = try source.read(into: &span)
        if count == 0 { break }
        if let spool {
          try spool.append(count == chunk.count ? chunk : Array(chunk[..<count]))
        } else {
          if bytes.isEmpty { bytes.reserveCapacity(spoolMemoryLimit + chunk.count) }
          bytes += chunk[..<count]
          if bytes.count > spoolMemoryLimit {
            let created = try TemporaryFile()
            try created.append(bytes)
            bytes = []
            spool = created
          }
        }
      }
    } catch {
      throw Frontend.commandError(error)
    }
    return CalendarInput(file: file, buffered: spool == nil ? bytes : nil, spool: spool)
  }

  /// The size of the input in bytes, when known (a regular file, or a pipe read aside).
  var size: Int? {
    if let spool { return spool.size }
    if let buffered { return buffered.count }
    return ProgressReporter.totalSize(of: [file.descriptor])
  }

  /// Calls `body` with a source positioned at the start of the input (a pipe read once: where
  /// it is).
  func withSource<Result>(_ body: (any ByteSource) throws -> Result) throws -> Result {
    if let spool { return try body(spool.byteSource()) }
    if let buffered { return try body(MemoryByteSource(buffered)) }
    guard lseek(file.descriptor, 0, SEEK_SET) >= 0 || errno == ESPIPE else {
      throw CommandError.cannot("rewind", "'\(file.displayName)'", status: .ioError)
    }
    return try body(file.byteSource)
  }
}

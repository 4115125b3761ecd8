import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An .ics input that can be read twice: once to validate, once to edit.
///
/// A seekable file is rewound between the passes; a pipe is read into memory once, because
/// standard output cannot take back bytes written before a malformed line is found.
struct CalendarInput {
  let file: InputFile
  private let buffered: [UInt8]?

  /// Opens `path` (`-` for standard input).
  /// - Throws: ``CommandError`` 66 when it cannot be opened, 74 when reading a pipe fails.
  static func open(_ path: String) throws(CommandError) -> CalendarInput {
    let file = try InputFile.open(path)
    if lseek(file.descriptor, 0, SEEK_CUR) >= 0 {
      return CalendarInput(file: file, buffered: nil)
    }
    var bytes: [UInt8] = []
    var source = file.byteSource
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    do {
      while true {
        let count = try chunk.withUnsafeMutableBytes { try source.read(into: $0) }
        if count == 0 { break }
        bytes += chunk[..<count]
      }
    } catch {
      file.close()
      throw CommandError(status: .ioError, message: "\(error)")
    }
    return CalendarInput(file: file, buffered: bytes)
  }

  /// Calls `body` with a source positioned at the start of the input.
  func withSource<Result>(_ body: (any ByteSource) throws -> Result) throws -> Result {
    if let buffered { return try body(MemoryByteSource(buffered)) }
    guard lseek(file.descriptor, 0, SEEK_SET) >= 0 else {
      throw CommandError(
        status: .ioError, message: "cannot rewind '\(file.displayName)': \(systemErrorText(errno))")
    }
    return try body(file.byteSource)
  }

  /// Maps reader errors to command errors: malformed input 65, read errors 74.
  static func commandError(_ error: any Error) -> CommandError {
    switch error {
    case let error as CommandError: return error
    case let error as InputFormatError:
      return CommandError(status: .dataError, message: error.message, location: error.location)
    case let error as ByteSourceError:
      return CommandError(status: .ioError, message: error.description)
    case let error as TemporaryFileError:
      return CommandError(status: .ioError, message: error.description)
    default:
      return CommandError(status: .ioError, message: "\(error)")
    }
  }
}

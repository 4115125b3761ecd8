import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension InputFile {
  /// How many bytes are looked at to tell vCard from CSV.
  static let sniffLength = 4096

  /// Tells vCard from CSV by the content (`convert`): a first non-blank line `BEGIN:VCARD` is
  /// vCard, anything else CSV. A regular file is read without moving its offset; from a pipe the
  /// bytes read are kept in ``prefix`` and served again by ``byteSource``.
  /// - Throws: ``CommandError`` 65 for an iCalendar file, 74 when reading fails.
  mutating func detectFormat() throws(CommandError) -> InputFormat {
    var bytes = [UInt8](repeating: 0, count: Self.sniffLength)
    let offset = lseek(descriptor, 0, SEEK_CUR)
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        if offset >= 0 {
          return pread(descriptor, base + count, raw.count - count, off_t(offset) + off_t(count))
        }
        #if canImport(Glibc)
          return Glibc.read(descriptor, base + count, raw.count - count)
        #else
          return Darwin.read(descriptor, base + count, raw.count - count)
        #endif
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw CommandError(
          status: .ioError, message: "cannot read '\(displayName)': \(systemErrorText(errno))")
      }
      if got == 0 { break }
      count += got
    }
    bytes.removeSubrange(count...)
    if offset < 0 { prefix = bytes }
    switch Self.format(ofStart: bytes) {
    case .some(let format):
      return format
    case .none:
      throw CommandError(
        status: .dataError,
        message:
          "'\(displayName)' is an iCalendar file, not an address book (see 'bdconvert list' "
          + "and 'bdconvert merge')")
    }
  }

  /// vCard when the first non-blank line starts with `BEGIN:VCARD`, `nil` for `BEGIN:VCALENDAR`,
  /// else CSV. A UTF-8 or UTF-16 byte order mark is skipped.
  static func format(ofStart start: [UInt8]) -> InputFormat? {
    var bytes = start[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      bytes = bytes.dropFirst(3)
    } else if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      bytes = ArraySlice(bytes.dropFirst(2).filter { $0 != 0 })
    }
    let text = bytes.drop { [0x20, 0x09, 0x0D, 0x0A].contains($0) }.prefix(16).map { byte in
      byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }
    if text.starts(with: Array("BEGIN:VCALENDAR".utf8)) { return nil }
    if text.starts(with: Array("BEGIN:VCARD".utf8)) { return .vCard }
    return .csv
  }
}

/// An input's bytes: what format detection already read from a pipe, then the rest.
struct InputFileByteSource: ByteSource {
  var prefix: [UInt8]
  var base: FileDescriptorByteSource
  private var served = 0

  init(prefix: [UInt8], base: FileDescriptorByteSource) {
    self.prefix = prefix
    self.base = base
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard served < prefix.count else { return try base.read(into: buffer) }
    let count = min(buffer.count, prefix.count - served)
    prefix.withUnsafeBytes { source in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[served..<served + count]))
    }
    served += count
    return count
  }
}

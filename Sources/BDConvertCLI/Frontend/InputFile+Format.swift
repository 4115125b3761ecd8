import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension InputFile {
  /// How many bytes are looked at to tell vCard from CSV.
  static let sniffLength = 4096

  /// What an input's first bytes look like.
  enum ContentKind: Equatable {
    /// A line `BEGIN:VCARD` (the first non-blank line, or a later one in the first bytes).
    case vCard
    /// The first non-blank line is `BEGIN:VCALENDAR`.
    case iCalendar
    /// The first non-blank line is text with a `,` `;` or TAB: a header row.
    case csv
    /// None of these (empty, one word, an HTML page): the reader decides.
    case unknown
  }

  /// Tells vCard from CSV by the content (`convert`): vCard when ``kind(ofStart:)`` finds a
  /// `BEGIN:VCARD` line, else CSV.
  /// - Throws: ``CommandError`` 65 for an iCalendar file, 74 when reading fails.
  mutating func detectFormat() throws(CommandError) -> InputFormat {
    let kind = try sniffContent()
    switch kind {
    case .vCard: return .vCard
    case .csv, .unknown: return .csv
    case .iCalendar: throw notAnAddressBook()
    }
  }

  /// Checks that the input can be `format` (`vcf-to-ics`, `csv-to-ics`): a vCard file given to
  /// `csv-to-ics`, a CSV file given to `vcf-to-ics` and a calendar given to either stop before
  /// anything is read, instead of giving a warning per line.
  /// - Throws: ``CommandError`` 65 naming the right command, 74 when reading fails.
  mutating func checkFormat(_ format: InputFormat) throws(CommandError) {
    switch (try sniffContent(), format) {
    case (.iCalendar, _):
      throw notAnAddressBook()
    case (.vCard, .csv):
      throw CommandError(
        status: .dataError,
        message:
          "'\(displayName)' is a vCard file: use vcf-to-ics (or convert, which tells the formats "
          + "apart)")
    case (.csv, .vCard):
      throw CommandError(
        status: .dataError,
        message:
          "'\(displayName)' is a CSV file: use csv-to-ics (or convert, which tells the formats "
          + "apart)")
    default:
      return
    }
  }

  private func notAnAddressBook() -> CommandError {
    CommandError(
      status: .dataError,
      message:
        "'\(displayName)' is an iCalendar file, not an address book (see 'bdconvert list' "
        + "and 'bdconvert merge')")
  }

  /// Reads the first ``sniffLength`` bytes and classifies them. A regular file is read without
  /// moving its offset; from a pipe the bytes read are kept in ``prefix`` and served again by
  /// ``byteSource``.
  mutating func sniffContent() throws(CommandError) -> ContentKind {
    var bytes = [UInt8](repeating: 0, count: Self.sniffLength)
    let offset = lseek(descriptor, 0, SEEK_CUR)
    var count = 0
    while count < bytes.count {
      let got: Int
      do {
        got = try SystemCallBuffers.read(
          descriptor, at: offset >= 0 ? Int(offset) + count : nil, into: &bytes,
          in: count..<bytes.count)
      } catch {
        throw .cannot("read", "'\(displayName)'", status: .ioError)
      }
      if got == 0 {
        prefixReachedEnd = offset < 0
        break
      }
      count += got
    }
    bytes.removeSubrange(count...)
    if offset < 0 { prefix = bytes }
    return Self.kind(ofStart: bytes)
  }

  /// `convert`'s choice for an input starting with `start`: vCard, `nil` for an iCalendar file,
  /// else CSV.
  static func format(ofStart start: [UInt8]) -> InputFormat? {
    switch kind(ofStart: start) {
    case .vCard: return .vCard
    case .iCalendar: return nil
    case .csv, .unknown: return .csv
    }
  }

  /// Classifies the first bytes of an input. A UTF-8 byte order mark is skipped, UTF-16 (with or
  /// without a byte order mark) is read by its ASCII bytes;
  /// names are matched without regard to case, after leading blanks.
  static func kind(ofStart start: [UInt8]) -> ContentKind {
    var bytes = start[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      bytes = bytes.dropFirst(3)
    } else if let utf16 = TextDecoding.utf16ByteOrder(ofStart: bytes) {
      // With or without a byte order mark: ASCII is enough to recognise the format.
      bytes = ArraySlice(bytes.dropFirst(utf16.byteOrderMarkLength).filter { $0 != 0 })
    }
    let lines = bytes.split(omittingEmptySubsequences: true) { $0 == 0x0A || $0 == 0x0D }
      .map { $0.drop { $0 == 0x20 || $0 == 0x09 } }
      .filter { !$0.isEmpty }
    guard let first = lines.first else { return .unknown }
    if startsWithName(first, "BEGIN:VCALENDAR") { return .iCalendar }
    // Exporters may put a line before the first card ("Exported by ...", ENCODING:UTF-8).
    if lines.contains(where: { startsWithName($0, "BEGIN:VCARD") }) { return .vCard }
    // A header row is text: binary data may hold a comma too, but also control bytes.
    let isText = !first.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    if isText, first.contains(where: { [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09].contains($0) })
    {
      return .csv
    }
    return .unknown
  }

  private static func startsWithName(_ line: ArraySlice<UInt8>, _ name: String) -> Bool {
    line.count >= name.utf8.count
      && zip(line, name.utf8).allSatisfy { byte, letter in
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte) == letter
      }
  }
}

/// An input's bytes: what format detection already read from a pipe, then the rest.
struct InputFileByteSource: ByteSource {
  var prefix: [UInt8]
  /// The prefix is all there is: the end was already read (a terminal says it only once).
  var reachedEnd: Bool
  var base: FileDescriptorByteSource
  private var served = 0

  init(prefix: [UInt8], reachedEnd: Bool = false, base: FileDescriptorByteSource) {
    self.prefix = prefix
    self.reachedEnd = reachedEnd
    self.base = base
  }

  mutating func read(into span: inout MutableSpan<UInt8>) throws -> Int {
    guard served < prefix.count else { return reachedEnd ? 0 : try base.read(into: &span) }
    // The prefix is at most a sniff's length and served once: a plain loop.
    let count = min(span.count, prefix.count - served)
    for index in 0..<count { span[index] = prefix[served + index] }
    served += count
    return count
  }
}

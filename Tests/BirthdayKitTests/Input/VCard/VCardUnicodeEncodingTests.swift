import Testing

@testable import BirthdayKit

/// `text` in UTF-16, with a byte order mark or without one.
func utf16Bytes(_ text: String, littleEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
  var bytes: [UInt8] = byteOrderMark ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
  for unit in text.utf16 {
    let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    bytes += littleEndian ? pair : pair.reversed()
  }
  return bytes
}

/// Hands out its bytes a few at a time, so that code units and surrogate pairs are split
/// across reads.
struct TrickleByteSource: ByteSource {
  var bytes: [UInt8]
  var step: Int
  private var offset = 0

  init(_ bytes: [UInt8], step: Int) {
    self.bytes = bytes
    self.step = step
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = min(step, buffer.count, bytes.count - offset)
    for index in 0..<count { buffer[index] = bytes[offset + index] }
    offset += count
    return count
  }
}

/// UTF-16 vCards (issue 12, item 6): Windows' "Unicode" exports, with and without a byte order
/// mark, read like UTF-8.
@Suite struct VCardUnicodeEncodingTests {
  /// Shaped like a Windows Contacts / Outlook "Unicode" export: vCard 2.1, CRLF, accents and a
  /// character outside the BMP (a surrogate pair).
  static let export =
    "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Müller;Jürgen\r\nFN:Jürgen Müller 𝔐\r\nBDAY:19700315\r\nEND:VCARD\r\n"
    + "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Ωmega;Zoë\r\nBDAY:--0229\r\nEND:VCARD\r\n"

  @Test(arguments: [
    (true, true), (false, true), (true, false), (false, false),
  ])
  func utf16IsReadLikeUTF8(littleEndian: Bool, byteOrderMark: Bool) throws {
    let bytes = utf16Bytes(Self.export, littleEndian: littleEndian, byteOrderMark: byteOrderMark)
    for step in [1, 3, 1 << 16] {
      var contacts: [String] = []
      var diagnostics: [Diagnostic] = []
      var reader = VCardReader(
        source: TrickleByteSource(bytes, step: step), fileName: "u.vcf",
        diagnostics: { diagnostics.append($0) })
      try reader.forEachContact {
        contacts.append("\($0.name?.formatted ?? "-")|\($0.birthday?.description ?? "-")")
      }
      #expect(contacts == ["Jürgen Müller 𝔐|1970-03-15", "Zoë Ωmega|--02-29"], "step \(step)")
      #expect(diagnostics.isEmpty)
    }
  }

  @Test func oddTrailingByteIsAReplacementCharacter() throws {
    let bytes = utf16Bytes(Self.export, littleEndian: true, byteOrderMark: true) + [0x41]
    let result = try readVCard(bytes)
    #expect(result.contacts.count == 2)
  }

  @Test func parallelConversionReadsUTF16AsOneStream() throws {
    let book = ParallelConversionTests.addressBook(lineEnding: "\r\n")
    let utf8 = try ParallelConversionTests.convert(book, threads: nil, segmentSize: 0)
    let text = String(decoding: book, as: UTF8.self)
    let utf16 = utf16Bytes(text, littleEndian: true, byteOrderMark: true)
    let parallel = try ParallelConversionTests.convert(utf16, threads: 2, segmentSize: 700)
    #expect(parallel.output == utf8.output)
    #expect(parallel.diagnostics == utf8.diagnostics)
  }

  @Test(
    arguments: [
      ([0xFF, 0xFE], TextDecoding.Charset.utf16LittleEndian, 2),
      ([0xFE, 0xFF, 0x00], .utf16BigEndian, 2),
      ([0x42, 0x00, 0x45, 0x00], .utf16LittleEndian, 0),
      ([0x00, 0x42, 0x00, 0x45], .utf16BigEndian, 0),
    ] as [([UInt8], TextDecoding.Charset, Int)])
  func utf16IsRecognised(start: [UInt8], charset: TextDecoding.Charset, markLength: Int) {
    let found = TextDecoding.utf16ByteOrder(ofStart: start)
    #expect(found?.charset == charset)
    #expect(found?.byteOrderMarkLength == markLength)
  }

  @Test(arguments: [
    Array("BEGIN:VCARD".utf8), [0xEF, 0xBB, 0xBF, 0x42], [0x42, 0x00, 0x45],
    [0x00, 0x00, 0x00, 0x00],
  ])
  func eightBitTextIsNotUTF16(start: [UInt8]) {
    #expect(TextDecoding.utf16ByteOrder(ofStart: start) == nil)
  }
}

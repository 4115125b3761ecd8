import Testing

@testable import BirthdayKit

/// A segment read where it lies in memory gives what ``VCardReader`` gives for the same bytes:
/// the same contacts, the same diagnostics on the same lines, and the line breaks the calling
/// thread used to count.
@Suite struct VCardSegmentReaderTests {
  static let pieces = [
    "BEGIN:VCARD", "END:VCARD", "VERSION:3.0", "VERSION:2.1", "FN:A", "N:B;C", " d", "\t",
    "BDAY:1990-02-30", "BDAY:1985-04-12", "UID:x", "AGENT:", "stray", "", "\u{FEFF}FN:E",
    "NOTE;ENCODING=QUOTED-PRINTABLE:a=", "FN;CHARSET=ISO-8859-1:\u{E9}",
  ]
  static let breaks = ["\n", "\r\n", "\r", "\r\r\n", "\n\r", ""]

  static func viaReader(_ bytes: [UInt8], linesBefore: Int) -> [String] {
    var events: [String] = []
    var reader = VCardReader(
      source: MemoryByteSource(bytes), fileName: "f.vcf", linesBefore: linesBefore,
      diagnostics: { events.append("\($0)") })
    do {
      try reader.forEachContact { events.append("\($0)") }
    } catch {
      events.append("\(error)")
    }
    return events
  }

  static func viaSegmentReader(_ bytes: [UInt8], linesBefore: Int) -> ([String], Int?) {
    var events: [String] = []
    var outcome: VCardSegmentReader.Outcome?
    do {
      outcome = try VCardSegmentReader.read(
        bytes.span, linesBefore: linesBefore, fileName: "f.vcf",
        report: { events.append("\($0)") }, body: { events.append("\($0)") })
    } catch {
      events.append("\(error)")
    }
    return (events, outcome?.lineBreaks)
  }

  @Test func randomSegmentsReadAsTheReaderReadsThem() {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<2000 {
      var text = round % 3 == 0 ? "\u{FEFF}" : ""
      for _ in 0..<Int.random(in: 0...14, using: &generator) {
        text += Self.pieces.randomElement(using: &generator)!
        text += Self.breaks.randomElement(using: &generator)!
      }
      let bytes = Array(text.utf8)
      let linesBefore = round % 2 == 0 ? 0 : 41
      let (events, lineBreaks) = Self.viaSegmentReader(bytes, linesBefore: linesBefore)
      #expect(events == Self.viaReader(bytes, linesBefore: linesBefore), "\(text.debugDescription)")
      if let lineBreaks {
        #expect(
          lineBreaks == LineCutterTests.referenceLineBreaks(bytes), "\(text.debugDescription)")
      }
    }
  }
}

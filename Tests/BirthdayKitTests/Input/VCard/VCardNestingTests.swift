import Foundation
import Testing

@testable import BirthdayKit

/// vCard 2.1 cards nested without `AGENT:` (issue 12, item 9), as Android's vCard tests write
/// them (`v21_nest.vcf`): the outer card's properties after the nested card are kept.
@Suite struct VCardNestingTests {
  static let nested =
    "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Parent;Paula\r\n"
    + "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Child;Chris\r\nBDAY:2001-01-01\r\nEND:VCARD\r\n"
    + "TEL;HOME:1234\r\nBDAY:1990-05-05\r\nEND:VCARD\r\n"

  func summary(_ result: VCardReadResult) -> [String] {
    result.contacts.map {
      "\($0.name?.formatted ?? "-")|\($0.birthday?.description ?? "-")@\($0.location.line)"
    }
  }

  @Test func outerPropertiesAfterANestedCardAreKept() throws {
    let result = try readVCard(Self.nested)
    #expect(summary(result) == ["Paula Parent|1990-05-05@1", "Chris Child|2001-01-01@4"])
    #expect(result.rendered.isEmpty)
  }

  @Test func threeLevels() throws {
    let text =
      "BEGIN:VCARD\r\nVERSION:2.1\r\nN:One;A\r\n"
      + "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Two;B\r\n"
      + "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Three;C\r\nBDAY:2003-03-03\r\nEND:VCARD\r\n"
      + "BDAY:2002-02-02\r\nEND:VCARD\r\n"
      + "BDAY:2001-01-01\r\nEND:VCARD\r\n" + Self.nested
    let result = try readVCard(text)
    #expect(
      summary(result) == [
        "A One|2001-01-01@1", "B Two|2002-02-02@4", "C Three|2003-03-03@7",
        "Paula Parent|1990-05-05@16", "Chris Child|2001-01-01@19",
      ])
    #expect(result.rendered.isEmpty)
  }

  @Test func aMissingEndIsStillOneLineAndTheRestStreams() throws {
    // The first card lacks END:VCARD; many complete cards follow.
    var text = "BEGIN:VCARD\nVERSION:3.0\nFN:First\nBDAY:1985-04-12\n"
    for index in 0..<50 {
      text += card(version: "3.0", "BDAY:19900101").replacingOccurrences(
        of: "FN:Test", with: "FN:P\(index)")
    }
    let result = try readVCard(text)
    #expect(result.contacts.count == 51)
    #expect(result.contacts.first?.name?.formatted == "First")
    #expect(result.contacts.first?.birthday?.description == "1985-04-12")
    #expect(
      result.rendered == [
        "test.vcf:5: warning: missing END:VCARD for the card that begins on line 1; a new card begins here"
      ])
  }

  @Test func parallelConversionAgrees() throws {
    let book = Array(
      String(repeating: Self.nested + card(version: "2.1", "BDAY:19800101"), count: 40).utf8)
    let sequential = try ParallelConversionTests.convert(book, threads: nil, segmentSize: 0)
    for size in [64, 300, 1000] {
      let parallel = try ParallelConversionTests.convert(book, threads: 2, segmentSize: size)
      #expect(parallel.output == sequential.output, "segments of \(size)")
      #expect(parallel.diagnostics == sequential.diagnostics)
    }
  }

  @Test func fuzzFoundNestedCardsAgreeInParallel() throws {
    // Found by CI's vCard fuzzing: nested BEGIN:VCARD lines cut by a segment boundary.
    let book = try #require(
      Data(
        base64Encoded:
          "QkVHPUlOOlZDQVJEDQpWRVJTSU87DQpCNkFZO1gtQQpFTkQ6VkNBUkQNQkVHSU46VkNBUkQNQkVHSU46VkNBUkQNClZFUlNJT046Mi4xDQpOO0NIQVJTRVQ9VVRGLTg7RU5DPUVBMT1FSUdSQk46SjpEb2XJSmFuZTs7Ow0KQjZB"
      ))
    func run(_ threads: Int?, _ size: Int) -> String {
      do {
        let result = try ParallelConversionTests.convert(
          [UInt8](book), threads: threads, segmentSize: size)
        return String(decoding: result.output, as: UTF8.self)
          + result.diagnostics.joined(separator: "\n")
      } catch { return "error: \(error)" }
    }
    let sequential = run(nil, 0)
    for size in [64, 100, 300] {
      #expect(run(2, size) == sequential, "segments of \(size)")
    }
  }

  @Test func deepNestingStaysBounded() throws {
    let text = String(repeating: "BEGIN:VCARD\r\n", count: 2000) + Self.nested
    let result = try readVCard(text)
    #expect(
      summary(result).suffix(2) == ["Paula Parent|1990-05-05@2001", "Chris Child|2001-01-01@2004"])
    #expect(result.contacts.count == 2002)  // every BEGIN:VCARD is a card of its own
  }
}

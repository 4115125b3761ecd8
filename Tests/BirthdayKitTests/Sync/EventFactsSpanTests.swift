import Testing

@testable import BirthdayKit

/// The span readers of sync against the definitions they replace: a UID's key taken from its
/// escaped value in place, and `SEQUENCE` read as `Int(_:)` reads text.
@Suite struct EventFactsSpanTests {
  @Test(arguments: [
    "0f8fad5b-d9cb-469f-a165-70867728950e", "0F8FAD5B-D9CB-469F-A165-70867728950E",
    "0f8fad5b-d9cb-469f-a165-70867728950", "0f8fad5b-d9cb-469f-a165-70867728950e0",
    "0f8fad5b\\,d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-7086772895\\n",
    "a\\;b\\\\c\\nd", "", "x", "0f8fad5bXd9cb-469f-a165-70867728950e",
  ])
  func escapedUIDGivesTheKeyOfTheUnescapedUID(_ escaped: String) {
    let bytes = Array(escaped.utf8)
    #expect(
      SyncEventKey(escapedUID: bytes.span)
        == SyncEventKey(uid: TextEscaping.unescaped(bytes: bytes)))
  }

  @Test(arguments: [
    "0", "1", "42", "+7", "-3", "007", "", "+", "-", " 1", "1 ", "1a", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "99999999999999999999",
  ])
  func sequenceIsReadAsIntReadsText(_ value: String) {
    var facts = EventFacts()
    let content = Array("SEQUENCE:\(value)".utf8)
    facts.take(kind: .property, depth: 2, content: content.span, nameEnd: 8, valueStart: 9)
    #expect(facts.sequence == (Int(value) ?? 0))
  }
}

import Testing

@testable import BirthdayKit

/// RFC 5545 §3.3.11 TEXT escaping.
@Suite struct TextEscapingTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("Doe, Jane", "Doe\\, Jane"),  // comma
    ("a;b", "a\\;b"),  // semicolon
    ("back\\slash", "back\\\\slash"),  // backslash first, so it is not doubled twice
    ("line\nbreak", "line\\nbreak"),  // LF
    ("line\r\nbreak", "line\\nbreak"),  // CRLF is one break
    ("line\rbreak", "line\\nbreak"),  // lone CR
    ("http://x", "http://x"),  // colon is not escaped
    ("tab\there", "tab\there"),  // TAB is allowed in TEXT
    ("bell\u{07}nul\u{00}del\u{7F}", "bellnuldel"),  // other controls dropped
    ("Zoë 🎂", "Zoë 🎂"),
  ])
  func escapes(raw: String, escaped: String) {
    #expect(TextEscaping.escaped(raw) == escaped)
  }

  @Test(arguments: ["Doe, Jane; Jr.", "a\\b\\n", "multi\nline", "ünïcödé, ok"])
  func roundTrips(text: String) {
    #expect(TextEscaping.unescaped(TextEscaping.escaped(text)) == text)
  }
}

/// One event of a calendar as a listing shows it: a master VEVENT with its next occurrence.
public struct CalendarEvent: Hashable, Sendable {
  /// The unescaped `UID`.
  public var uid: String
  /// The unescaped `SUMMARY` (empty when absent).
  public var summary: String
  /// The date written in `DTSTART`; the year is `nil` when it is known to be a placeholder.
  public var date: CivilDate?
  /// The `RRULE` value as written, unfolded.
  package var rrule: String?
  /// The first occurrence on or after the listing's `today`, or `nil`.
  public var next: CivilDate?
  /// The line of `BEGIN:VEVENT`; when several calendars are listed as one, counted as if they
  /// were one file after the other.
  package var lineNumber: Int
  /// Whether it is an anniversary: `CATEGORIES` has `ANNIVERSARY` (as bdconvert writes it).
  package var isAnniversary = false
  /// Whether it says it is a birthday or an anniversary (see ``PendingEvent/take(_:)``), or
  /// comes from a calendar bdconvert wrote: what `upcoming` shows of a calendar by default.
  package var isCelebration = false
  /// The date in another calendar that the event celebrates, from bdconvert's
  /// `X-BDCONVERT-CALENDAR-DATE` (``CalendarOccurrence/propertyName``).
  package var calendarDate: CalendarDate?

  /// Creates an event.
  package init(
    uid: String, summary: String, date: CivilDate?, rrule: String?, next: CivilDate?,
    lineNumber: Int
  ) {
    self.uid = uid
    self.summary = summary
    self.date = date
    self.rrule = rrule
    self.next = next
    self.lineNumber = lineNumber
  }
}

/// `text` with every control character (C0 and DEL) replaced by a space.
///
/// Works on the UTF-8 bytes: control characters are single bytes, and the bytes of a multi-byte
/// scalar are all 0x80 or more, so no scalar is ever split.
package func oneLine(_ text: String) -> String {
  var text = text
  // On the contiguous bytes: iterating `utf8` went through the String's index for each byte.
  guard text.withUTF8({ $0.contains(where: isControl) }) else { return text }
  return String(decoding: text.utf8.map { isControl($0) ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
}

/// Appends `utf8` (valid UTF-8) to `buffer`, every control character replaced by a space (see
/// ``oneLine(_:)``): copied whole, then the few control characters, if any, replaced.
package func appendOneLine(utf8: Span<UInt8>, to buffer: OutputBuffer) {
  let start = buffer.count
  buffer.append(utf8)
  guard ByteKernel.contains(ControlBytes().or(OneByte(0x7F)), in: utf8) else { return }
  buffer.withMutableSpan(from: start) { written in
    for index in 0..<written.count where isControl(written[index]) {
      written[index] = UInt8(ascii: " ")
    }
  }
}

private func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

/// `text` as a JSON string literal: `"`, `\`, `\n`, `\r`, `\t` and `\u00XX` for the other
/// control characters (C0 and DEL); everything else as it is (JSON text is UTF-8).
package func jsonString(_ text: String) -> String {
  let buffer = OutputBuffer(capacity: text.utf8.count + 2)
  appendJSONString(utf8: text.utf8.span, to: buffer)
  return buffer.utf8String
}

/// Appends the JSON string literal of `utf8` (valid UTF-8) to `buffer`: see ``jsonString(_:)``.
/// Runs that need no escape (every byte but `"`, `\`, C0 controls and DEL) are found by
/// ``ByteKernel`` and copied whole.
package func appendJSONString(utf8: Span<UInt8>, to buffer: OutputBuffer) {
  buffer.append(UInt8(ascii: "\""))
  let needsEscape = ControlBytes().or(AnyOfBytes(0x22, 0x5C, 0x7F))
  var runStart = 0
  while let index = ByteKernel.firstIndex(of: needsEscape, in: utf8, from: runStart, to: utf8.count)
  {
    buffer.append(utf8.extracting(runStart..<index))
    runStart = index + 1
    let byte = utf8[index]
    switch byte {  // everything escaped is ASCII, so bytes suffice (see oneLine)
    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
      buffer.append(UInt8(ascii: "\\"))
      buffer.append(byte)
    case UInt8(ascii: "\n"): buffer.append("\\n")
    case UInt8(ascii: "\r"): buffer.append("\\r")
    case UInt8(ascii: "\t"): buffer.append("\\t")
    default:
      func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }
      buffer.append("\\u00")
      buffer.append(hexDigit(byte >> 4))
      buffer.append(hexDigit(byte & 0x0F))
    }
  }
  buffer.append(utf8.extracting(runStart..<utf8.count))
  buffer.append(UInt8(ascii: "\""))
}

/// Calls `body` with `bytes` as valid UTF-8: `bytes` themselves when they are, else as
/// `String(decoding:as:)` repairs them (each invalid sequence becomes U+FFFD).
package func withValidUTF8<Result>(
  _ bytes: Span<UInt8>, _ body: (Span<UInt8>) throws -> Result
) rethrows -> Result {
  if isValidUTF8(bytes) { return try body(bytes) }
  let text = ByteKernel.string(decoding: bytes)
  return try body(text.utf8.span)
}

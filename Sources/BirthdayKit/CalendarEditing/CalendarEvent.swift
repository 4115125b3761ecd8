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

/// Appends the UTF-8 of ``oneLine(_:)`` of `text` to `bytes`.
package func appendOneLine(_ text: String, to bytes: inout [UInt8]) {
  var text = text
  text.withUTF8 { appendOneLine(utf8: UnsafeRawBufferPointer($0), to: &bytes) }
}

/// Appends `utf8` (valid UTF-8) to `bytes`, every control character replaced by a space.
package func appendOneLine(utf8: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
  // Copied whole, then the few control characters replaced: appending byte by byte checked
  // the array's uniqueness and capacity for every byte.
  let start = bytes.count
  ByteKernel.append(utf8.assumingMemoryBound(to: UInt8.self).span, to: &bytes)
  bytes.withUnsafeMutableBufferPointer { buffer in
    for index in start..<buffer.count where isControl(buffer[index]) {
      buffer[index] = UInt8(ascii: " ")
    }
  }
}

private func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

/// A JSON string literal: quotes, backslashes and control characters escaped, the rest UTF-8.
package func jsonString(_ text: String) -> String {
  var result: [UInt8] = []
  result.reserveCapacity(text.utf8.count + 2)
  var text = text
  text.withUTF8 { appendJSONString(utf8: UnsafeRawBufferPointer($0), to: &result) }
  return String(decoding: result, as: UTF8.self)
}

/// Appends the JSON string literal of `utf8` (valid UTF-8) to `bytes`: see ``jsonString(_:)``.
package func appendJSONString(utf8: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: jsonStringMaximum(utf8.count)) {
    buffer in
    guard let start = buffer.baseAddress else { return }
    let count = writeJSONString(utf8: utf8, to: start)
    bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
  }
}

/// The most bytes ``writeJSONString(utf8:to:)`` writes for `count` bytes (each at most
/// `\u00XX`, and the quotes).
package func jsonStringMaximum(_ count: Int) -> Int { 6 * count + 2 }

/// Writes the JSON string literal of `utf8` (valid UTF-8) at `target`, which has room for
/// ``jsonStringMaximum(_:)`` bytes; returns the bytes written. Runs that need no escape (every
/// byte but `"`, `\`, C0 controls and DEL) are found by ``ByteKernel`` and copied whole.
package func writeJSONString(
  utf8: UnsafeRawBufferPointer, to target: UnsafeMutablePointer<UInt8>
) -> Int {
  var out = target
  out.pointee = UInt8(ascii: "\"")
  out += 1
  guard let base = utf8.baseAddress else {
    out.pointee = UInt8(ascii: "\"")
    return 2
  }
  let source = base.assumingMemoryBound(to: UInt8.self)
  let bytes = UnsafeBufferPointer(start: source, count: utf8.count)
  let count = utf8.count
  let needsEscape = ControlBytes().or(AnyOfBytes(0x22, 0x5C, 0x7F))
  var runStart = 0
  while let index = ByteKernel.firstIndex(of: needsEscape, in: bytes, from: runStart, to: count) {
    let byte = source[index]
    out.update(from: source + runStart, count: index - runStart)
    out += index - runStart
    runStart = index + 1
    out.pointee = UInt8(ascii: "\\")
    switch byte {  // everything escaped is ASCII, so bytes suffice (see oneLine)
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = byte
    case UInt8(ascii: "\n"): out[1] = UInt8(ascii: "n")
    case UInt8(ascii: "\r"): out[1] = UInt8(ascii: "r")
    case UInt8(ascii: "\t"): out[1] = UInt8(ascii: "t")
    default:
      let hex: StaticString = "0123456789abcdef"
      out[1] = UInt8(ascii: "u")
      out[2] = UInt8(ascii: "0")
      out[3] = UInt8(ascii: "0")
      out[4] = hex.utf8Start[Int(byte >> 4)]
      out[5] = hex.utf8Start[Int(byte & 0x0F)]
      out += 4
    }
    out += 2
  }
  out.update(from: source + runStart, count: count - runStart)
  out += count - runStart
  out.pointee = UInt8(ascii: "\"")
  return out + 1 - target
}

/// Calls `body` with `bytes` as valid UTF-8: `bytes` themselves when they are, else as
/// `String(decoding:as:)` repairs them (each invalid sequence becomes U+FFFD).
package func withValidUTF8<Result>(
  _ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Result
) rethrows -> Result {
  if isValidUTF8(bytes) { return try body(bytes) }
  var text = String(decoding: bytes, as: UTF8.self)
  return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
}

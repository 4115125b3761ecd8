/// One event of a calendar as a listing shows it: a master VEVENT with its next occurrence.
public struct CalendarEvent: Hashable, Sendable {
  /// The unescaped `UID`.
  public var uid: String
  /// The unescaped `SUMMARY` (empty when absent).
  public var summary: String
  /// The date written in `DTSTART`; the year is `nil` when it is known to be a placeholder.
  public var date: CivilDate?
  /// The `RRULE` value as written, unfolded.
  public var rrule: String?
  /// The first occurrence on or after the listing's `today`, or `nil`.
  public var next: CivilDate?
  /// The line of `BEGIN:VEVENT`; when several calendars are listed as one, counted as if they
  /// were one file after the other.
  public var lineNumber: Int
  /// Whether it is an anniversary: `CATEGORIES` has `ANNIVERSARY` (as bdconvert writes it).
  public var isAnniversary = false

  /// Creates an event.
  public init(
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
  bytes.appendBytes(utf8)
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
  func escaped(_ letter: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    bytes.append(letter)
  }
  bytes.append(UInt8(ascii: "\""))
  // Runs of bytes that need no escape are copied whole.
  var runStart = 0
  for index in 0..<utf8.count {
    let byte = utf8[index]
    guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || isControl(byte) else {
      continue
    }
    bytes.appendBytes(UnsafeRawBufferPointer(rebasing: utf8[runStart..<index]))
    runStart = index + 1
    switch byte {  // everything escaped is ASCII, so bytes suffice (see oneLine)
    case UInt8(ascii: "\""): escaped(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): escaped(UInt8(ascii: "\\"))
    case UInt8(ascii: "\n"): escaped(UInt8(ascii: "n"))
    case UInt8(ascii: "\r"): escaped(UInt8(ascii: "r"))
    case UInt8(ascii: "\t"): escaped(UInt8(ascii: "t"))
    default:
      let hex: StaticString = "0123456789abcdef"
      escaped(UInt8(ascii: "u"))
      bytes.append(UInt8(ascii: "0"))
      bytes.append(UInt8(ascii: "0"))
      bytes.append(hex.utf8Start[Int(byte >> 4)])
      bytes.append(hex.utf8Start[Int(byte & 0x0F)])
    }
  }
  bytes.appendBytes(UnsafeRawBufferPointer(rebasing: utf8[runStart...]))
  bytes.append(UInt8(ascii: "\""))
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

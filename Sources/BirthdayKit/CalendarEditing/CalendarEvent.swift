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
  text.withUTF8 { utf8 in
    for byte in utf8 { bytes.append(isControl(byte) ? UInt8(ascii: " ") : byte) }
  }
}

private func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

/// A JSON string literal: quotes, backslashes and control characters escaped, the rest UTF-8.
package func jsonString(_ text: String) -> String {
  var result: [UInt8] = [UInt8(ascii: "\"")]
  result.reserveCapacity(text.utf8.count + 2)
  func escaped(_ letter: Character) {
    result.append(UInt8(ascii: "\\"))
    result.append(letter.asciiValue ?? UInt8(ascii: "?"))  // only ASCII letters are escaped
  }
  for byte in text.utf8 {  // everything escaped is ASCII, so bytes suffice (see oneLine)
    switch byte {
    case UInt8(ascii: "\""): escaped("\"")
    case UInt8(ascii: "\\"): escaped("\\")
    case UInt8(ascii: "\n"): escaped("n")
    case UInt8(ascii: "\r"): escaped("r")
    case UInt8(ascii: "\t"): escaped("t")
    case let control where isControl(control):
      let hex = "0123456789abcdef".utf8
      escaped("u")
      result += [UInt8(ascii: "0"), UInt8(ascii: "0")]
      result.append(hex[hex.index(hex.startIndex, offsetBy: Int(control >> 4))])
      result.append(hex[hex.index(hex.startIndex, offsetBy: Int(control & 0x0F))])
    default:
      result.append(byte)
    }
  }
  result.append(UInt8(ascii: "\""))
  return String(decoding: result, as: UTF8.self)
}

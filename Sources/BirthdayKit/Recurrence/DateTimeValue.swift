/// An iCalendar DATE or DATE-TIME value as written (`20270601`, `20270601T090000`,
/// `20270601T070000Z`), before any zone is applied.
package struct DateTimeValue: Hashable, Sendable {
  /// The date and time as written (midnight for a DATE).
  package var local: LocalDateTime
  /// True for a DATE (no time part).
  package var isDate: Bool
  /// True for a UTC DATE-TIME (trailing `Z`).
  package var isUTC: Bool

  /// A value from its parts.
  package init(local: LocalDateTime, isDate: Bool = false, isUTC: Bool = false) {
    self.local = local
    self.isDate = isDate
    self.isUTC = isUTC
  }

  /// Parses `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`; `nil` for anything else.
  /// A PERIOD (`start/end` or `start/duration`) gives its start. Second 60 (a leap second) is
  /// read as second 59.
  package init?<Bytes: Collection<UInt8>>(bytes: Bytes) {
    // Digits go into `date` (first 8) and `time` (next 6), without allocating.
    var date = 0
    var time = 0
    var digits = 0
    var isUTC = false
    var sawT = false
    for byte in bytes {
      if byte >= 0x30, byte <= 0x39 {
        guard !isUTC, digits < 14 else { return nil }
        if digits < 8 {
          date = date * 10 + Int(byte - 0x30)
        } else {
          guard sawT else { return nil }
          time = time * 10 + Int(byte - 0x30)
        }
        digits += 1
      } else if byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t"), digits == 8, !sawT {
        sawT = true
      } else if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z"), digits == 14, !isUTC {
        isUTC = true
      } else if byte == UInt8(ascii: "/"), digits == 8 || digits == 14 {
        break
      } else {
        return nil
      }
    }
    let (year, month, day) = (date / 10_000, date / 100 % 100, date % 100)
    if digits == 8, !sawT {
      guard let local = LocalDateTime(year: year, month: month, day: day) else { return nil }
      self.init(local: local, isDate: true)
    } else if digits == 14 {
      guard
        let local = LocalDateTime(
          year: year, month: month, day: day, hour: time / 10_000, minute: time / 100 % 100,
          second: Swift.min(59, time % 100))
      else { return nil }
      self.init(local: local, isUTC: isUTC)
    } else {
      return nil
    }
  }
}

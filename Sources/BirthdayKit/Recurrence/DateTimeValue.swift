/// An iCalendar DATE or DATE-TIME value as written (`20270601`, `20270601T090000`,
/// `20270601T070000Z`), before any zone is applied.
public struct DateTimeValue: Hashable, Sendable {
  /// The date and time as written (midnight for a DATE).
  public var local: LocalDateTime
  /// True for a DATE (no time part).
  public var isDate: Bool
  /// True for a UTC DATE-TIME (trailing `Z`).
  public var isUTC: Bool

  /// A value from its parts.
  public init(local: LocalDateTime, isDate: Bool = false, isUTC: Bool = false) {
    self.local = local
    self.isDate = isDate
    self.isUTC = isUTC
  }

  /// Parses `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`; `nil` for anything else.
  /// A PERIOD (`start/end` or `start/duration`) gives its start. Second 60 (a leap second) is
  /// read as second 59.
  public init?<Bytes: Collection<UInt8>>(bytes: Bytes) {
    var digits: [Int] = []
    digits.reserveCapacity(14)
    var isUTC = false
    var sawT = false
    for byte in bytes {
      if byte >= 0x30, byte <= 0x39 {
        guard !isUTC else { return nil }
        digits.append(Int(byte - 0x30))
        guard digits.count <= 14 else { return nil }
      } else if byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t"), digits.count == 8,
        !sawT
      {
        sawT = true
      } else if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z"), digits.count == 14,
        !isUTC
      {
        isUTC = true
      } else if byte == UInt8(ascii: "/"), digits.count == 8 || digits.count == 14 {
        break
      } else {
        return nil
      }
    }
    func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
    if digits.count == 8, !sawT {
      guard
        let local = LocalDateTime(year: number(0..<4), month: number(4..<6), day: number(6..<8))
      else { return nil }
      self.init(local: local, isDate: true)
    } else if digits.count == 14, sawT {
      guard
        let local = LocalDateTime(
          year: number(0..<4), month: number(4..<6), day: number(6..<8),
          hour: number(8..<10), minute: number(10..<12), second: min(59, number(12..<14)))
      else { return nil }
      self.init(local: local, isUTC: isUTC)
    } else {
      return nil
    }
  }
}

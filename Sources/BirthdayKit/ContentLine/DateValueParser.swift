/// The one ISO 8601 date reader: the date forms address books use, from bytes, without `DateFormatter`.
///
/// Accepted (after trimming spaces and tabs):
/// - `YYYYMMDD`, `YYYY-MM-DD` (complete dates, basic and extended);
/// - `--MMDD`, `--MM-DD` (no year: vCard 4.0, Google, Android);
/// - any of those followed by a time, `T…` (the written civil date is taken, no zone conversion).
///
/// Reduced forms without a day (`1985-04`, `1985`, `---12`) and anything else give `nil`.
/// The result is range-checked: `19850230` gives `nil`.
///
/// ```swift
/// DateValueParser.parse(Array("--0412".utf8))     // --04-12
/// DateValueParser.parse(Array("1985-04-12T08:30:00Z".utf8))  // 1985-04-12
/// ```
package enum DateValueParser {
  /// Parses `bytes`; `nil` when they are not one of the accepted forms or not a real date.
  package static func parse<Bytes: Collection>(_ bytes: Bytes) -> CivilDate?
  where Bytes.Element == UInt8 {
    if let date = bytes.withContiguousStorageIfAvailable({ parse($0.span) }) { return date }
    let array = Array(bytes)
    return parse(array.span)
  }

  /// Parses the UTF-8 of `text`.
  package static func parse(_ text: String) -> CivilDate? {
    var text = text
    return text.withUTF8 { parse($0.span) }
  }

  /// Parses exactly `YYYY-MM-DD` (no blanks, no time, no other form): dates given on a command
  /// line or in a configuration.
  package static func parseExtendedDate(_ text: String) -> CivilDate? {
    var text = text
    return text.withUTF8 { bytes in
      guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[0] != UInt8(ascii: "-")
      else { return nil }
      return parse(bytes.span)
    }
  }

  /// Parses `bytes` in place: no copy, no allocation.
  package static func parse(_ bytes: Span<UInt8>) -> CivilDate? {
    guard let fields = fields(bytes) else { return nil }
    return CivilDate(year: fields.year, month: fields.month, day: fields.day)
  }

  /// The date of `bytes` when they are exactly `YYYY-MM-DD`, `YYYYMMDD` or `--MMDD` (no blanks,
  /// no time) and a real date; `nil` for anything else, which ``parse(_:)`` then reads. The
  /// forms nearly every address book writes, read straight from the bytes: whenever this gives
  /// a date, ``parse(_:)`` gives the same one.
  @inline(__always)
  package static func parseCommonForm(_ bytes: Span<UInt8>) -> CivilDate? {
    @inline(__always) func digit(_ index: Int) -> Int {
      // Not a digit: 10 or more (a byte below `0` wraps round).
      Int(bytes[index] &- 0x30)
    }
    let dash: UInt8 = 0x2D
    var year: Int?
    let month: Int
    let day: Int
    let digits: (Int, Int, Int, Int)
    switch bytes.count {
    case 10 where bytes[4] == dash && bytes[7] == dash:
      let (y0, y1, y2, y3) = (digit(0), digit(1), digit(2), digit(3))
      digits = (digit(5), digit(6), digit(8), digit(9))
      guard y0 < 10, y1 < 10, y2 < 10, y3 < 10 else { return nil }
      year = ((y0 &* 10 &+ y1) &* 10 &+ y2) &* 10 &+ y3
    case 8 where bytes[0] != dash:
      let (y0, y1, y2, y3) = (digit(0), digit(1), digit(2), digit(3))
      digits = (digit(4), digit(5), digit(6), digit(7))
      guard y0 < 10, y1 < 10, y2 < 10, y3 < 10 else { return nil }
      year = ((y0 &* 10 &+ y1) &* 10 &+ y2) &* 10 &+ y3
    case 6 where bytes[0] == dash && bytes[1] == dash:
      digits = (digit(2), digit(3), digit(4), digit(5))
    default:
      return nil
    }
    guard digits.0 < 10, digits.1 < 10, digits.2 < 10, digits.3 < 10 else { return nil }
    month = digits.0 &* 10 &+ digits.1
    day = digits.2 &* 10 &+ digits.3
    return CivilDate(year: year, month: month, day: day)
  }

  /// The year, month and day of one of the accepted forms, not range-checked (`19850230` gives
  /// 1985, 2, 30): to say why a value that has the form is not a date.
  static func fields(_ bytes: Span<UInt8>) -> (year: Int?, month: Int, day: Int)? {
    var start = 0
    var end = bytes.count
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    if let time = (start..<end).first(where: { bytes[$0] == UInt8(ascii: "T") })
      ?? (start..<end).first(where: { bytes[$0] == UInt8(ascii: "t") })
    {
      end = time
    }
    let value = bytes.extracting(start..<end)
    let dash = UInt8(ascii: "-")
    switch value.count {
    case 8 where value[0] != dash:  // YYYYMMDD
      guard let year = digits(value, 0, 4), let month = digits(value, 4, 2),
        let day = digits(value, 6, 2)
      else { return nil }
      return (year, month, day)
    case 10 where value[4] == dash && value[7] == dash:  // YYYY-MM-DD
      guard let year = digits(value, 0, 4), let month = digits(value, 5, 2),
        let day = digits(value, 8, 2)
      else { return nil }
      return (year, month, day)
    case 6 where value[0] == dash && value[1] == dash:  // --MMDD
      guard let month = digits(value, 2, 2), let day = digits(value, 4, 2) else { return nil }
      return (nil, month, day)
    case 7 where value[0] == dash && value[1] == dash && value[4] == dash:  // --MM-DD
      guard let month = digits(value, 2, 2), let day = digits(value, 5, 2) else { return nil }
      return (nil, month, day)
    default:
      return nil
    }
  }

  private static func digits(_ value: Span<UInt8>, _ offset: Int, _ count: Int)
    -> Int?
  {
    var result = 0
    for index in offset..<offset + count {
      let digit = Int(value[index]) &- 48
      guard digit >= 0 && digit <= 9 else { return nil }
      result = result * 10 + digit
    }
    return result
  }
}

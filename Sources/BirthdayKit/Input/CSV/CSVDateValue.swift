/// A date cell of a CSV file, as far as it can be read without knowing the file's date order.
enum CSVDateValue: Equatable {
  /// Empty, or Outlook's `0/0/00`: no date, and not an error.
  case none
  /// A complete date (ISO forms, or a numeric date whose order does not matter).
  case date(CivilDate)
  /// A numeric date `a/b/yyyy` whose meaning depends on the order: both a and b are 12 or less.
  /// The year is `nil` when it was written with two digits.
  case ambiguous(first: Int, second: Int, year: Int?)
  /// A numeric date that proves the order: the other order would be impossible.
  case proves(DateOrder, CivilDate)
  /// Not a date.
  case invalid

  /// Whether `text` is a numeric date with a two-digit year (`5/10/71`), whose year is dropped.
  static func hasTwoDigitYear(_ text: String) -> Bool {
    // Four digits first (`1993-08-08`, the usual export): the first part is too long for any
    // two-digit-year form, and cleaning the text cannot shorten it.
    let startsWithYear = text.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.count >= 4 && bytes[0] &- 0x30 < 10 && bytes[1] &- 0x30 < 10 && bytes[2] &- 0x30 < 10
        && bytes[3] &- 0x30 < 10
    }
    if startsWithYear == true { return false }
    var line = TextSanitizer.singleLine(text)
    // ASCII (every date that parsed): each byte is a character, so count bytes.
    let ascii = line.withUTF8 { bytes -> Bool? in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      var parts = 0
      var first = 0
      var last = 0
      var length = 0
      for byte in bytes {
        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") {
          if length > 0 {
            parts += 1
            if parts == 1 { first = length }
            last = length
          }
          length = 0
        } else {
          length += 1
        }
      }
      if length > 0 {
        parts += 1
        if parts == 1 { first = length }
        last = length
      }
      return parts == 3 && first <= 2 && last == 2
    }
    if let ascii { return ascii }
    let parts = line.split(whereSeparator: { "/.-".contains($0) })
    return parts.count == 3 && parts[0].count <= 2 && parts[2].count == 2
  }

  /// Reads `text` (already trimmed of quotes); `order` is the known order, if any.
  static func parse(_ text: String, order: DateOrder?) -> CSVDateValue {
    // `YYYY-MM-DD` (the usual export), `YYYYMMDD`, `--MMDD`, read in place: such a cell is on
    // one line as it is, and ``DateValueParser/parse(_:)-(String)`` gives the same date.
    let common = text.utf8.withContiguousStorageIfAvailable {
      DateValueParser.parseCommonForm($0.span)
    }
    if let date = common ?? nil { return .date(date) }
    return parseInGeneral(text, order: order)
  }

  /// ``parse(_:order:)`` without the fast path for the common forms.
  static func parseInGeneral(_ text: String, order: DateOrder?) -> CSVDateValue {
    let value = TextSanitizer.singleLine(text)
    if value.isEmpty { return .none }
    if let date = DateValueParser.parse(value) { return .date(date) }
    let bytes = Array(value.utf8)
    // MM-DD without a year.
    if bytes.count == 5, bytes[2] == UInt8(ascii: "-"), let month = Int(value.prefix(2)),
      let day = Int(value.suffix(2))
    {
      return CivilDate(month: month, day: day).map(CSVDateValue.date) ?? .invalid
    }
    let separators: Set<Character> = ["/", ".", "-"]
    let parts = value.split(whereSeparator: { separators.contains($0) }).map(String.init)
    guard parts.count == 3,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let a = Int(parts[0]), let b = Int(parts[1]), let c = Int(parts[2])
    else { return .invalid }
    if parts[0].count == 4 {  // 1971/05/10: year first (0000-00-00 is not a date)
      return CivilDate(year: a, month: b, day: c).map(CSVDateValue.date) ?? .invalid
    }
    guard parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4 || parts[2].count == 2
    else { return .invalid }
    if a == 0 && b == 0 { return .none }  // Outlook's empty date, 0/0/00
    // A two-digit year is never given a century: the day and month are kept, the year is not.
    let year: Int? = parts[2].count == 4 ? c : nil
    switch order {
    case .mdy?: return CivilDate(year: year, month: a, day: b).map(CSVDateValue.date) ?? .invalid
    case .dmy?: return CivilDate(year: year, month: b, day: a).map(CSVDateValue.date) ?? .invalid
    case .ymd?: return .invalid
    case nil:
      let monthFirst = CivilDate(year: year, month: a, day: b)
      let dayFirst = CivilDate(year: year, month: b, day: a)
      switch (monthFirst, dayFirst) {
      case (nil, nil): return .invalid
      case (let date?, nil): return .proves(.mdy, date)
      case (nil, let date?): return .proves(.dmy, date)
      case (let date?, _?):
        return a == b ? .date(date) : .ambiguous(first: a, second: b, year: year)
      }
    }
  }
}

/// Days of the Umm al-Qura calendar from its published month lengths (``UmmAlQuraTable``);
/// `nil` outside the years the table covers, where ICU's calendar is used.
enum UmmAlQuraArithmetic {
  /// Days in `month` of `year`, or `nil` outside the table.
  static func monthLength(year: Int, month: Int) -> Int? {
    guard UmmAlQuraTable.years.contains(year), (1...12).contains(month) else { return nil }
    return UmmAlQuraTable.length(year: year, month: month)
  }

  /// Days from 1970-01-01 to the day (`nil` outside the table or when the month lacks it).
  static func dayNumber(year: Int, month: Int, day: Int) -> Int? {
    guard let length = monthLength(year: year, month: month), (1...length).contains(day) else {
      return nil
    }
    var number = UmmAlQuraTable.firstDay
    for earlier in UmmAlQuraTable.years.lowerBound..<year {
      number += yearLength(earlier)
    }
    for earlier in 1..<month { number += monthLength(year: year, month: earlier) ?? 0 }
    return number + day - 1
  }

  /// The day `number` days from 1970-01-01, or `nil` outside the table.
  static func date(dayNumber number: Int) -> (year: Int, month: Int, day: Int)? {
    var rest = number - UmmAlQuraTable.firstDay
    guard rest >= 0 else { return nil }
    var year = UmmAlQuraTable.years.lowerBound
    while year <= UmmAlQuraTable.years.upperBound, rest >= yearLength(year) {
      rest -= yearLength(year)
      year += 1
    }
    guard year <= UmmAlQuraTable.years.upperBound else { return nil }
    var month = 1
    while let length = monthLength(year: year, month: month), rest >= length {
      rest -= length
      month += 1
    }
    return (year, month, rest + 1)
  }

  private static func yearLength(_ year: Int) -> Int {
    (1...12).reduce(0) { $0 + UmmAlQuraTable.length(year: year, month: $1) }
  }
}

import BirthdayKit

extension ConvertOptions {
  /// The last year whose events carry the age (`--age-years` years from this one), or `nil`
  /// when no title or reminder has `{age}` or `{ordinal}`. After it the titles go on without
  /// the age, and nothing says so: the summaries name the year.
  func lastYearWithAges(timestamp: UTCTimestamp) -> Int? {
    let calendar = calendarOptions(timestamp: timestamp)
    guard calendar.writesAges else { return nil }
    return calendar.currentYear + calendar.ageYears - 1
  }
}

/// Why a value in one of the ISO forms ``DateValueParser`` reads is not a date: so that a
/// warning says what is wrong with `1985-02-30` ("February 1985 has 28 days") instead of
/// blaming its form.
enum DateProblem {
  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// The reason `bytes` is not a date, or `nil` when they do not have a date's form at all (then
  /// the expected forms are the useful message).
  static func reason<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
    let array = Array(bytes)
    guard let fields = DateValueParser.fields(array.span) else { return nil }
    guard (1...12).contains(fields.month) else { return "there is no month \(fields.month)" }
    if let year = fields.year, year < 1 { return "there is no year 0" }
    let month = monthNames[fields.month - 1]
    let days = CivilDate.daysInMonth(fields.month, year: fields.year)
    guard fields.day < 1 || fields.day > days else { return nil }
    if fields.day < 1 { return "there is no day 0" }
    guard let year = fields.year else {
      return fields.month == 2 ? "February has at most 29 days" : "\(month) has \(days) days"
    }
    return "\(month) \(year) has \(days) days"
  }
}

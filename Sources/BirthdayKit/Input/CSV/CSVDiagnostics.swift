/// What the CSV reader reports, one factory per kind of problem. Messages name columns and
/// values, never command-line options: a tool adds its own hint by kind.
extension Diagnostic.Kind {
  /// A date cell (or year/month/day columns) that is not a date.
  package static let csvInvalidDate = Self(rawValue: "csv.invalid-date")
  /// A two-digit year: the day and month are kept without a year.
  package static let csvTwoDigitYear = Self(rawValue: "csv.two-digit-year")
  /// The file ends inside a quoted field.
  package static let csvUnterminatedQuote = Self(rawValue: "csv.unterminated-quote")
  /// A row with more or fewer fields than the header.
  package static let csvFieldCount = Self(rawValue: "csv.field-count")
  /// A cell longer than is kept.
  package static let csvFieldTooLong = Self(rawValue: "csv.field-too-long")
  /// The file is read as Windows-1252 (given once per file).
  package static let csvNotUTF8 = Self(rawValue: "csv.not-utf8")
  /// No header row (an ``InputFormatError``).
  package static let csvNoHeader = Self(rawValue: "csv.no-header")
  /// A header row without a birthday column (an ``InputFormatError``).
  package static let csvNoBirthdayColumn = Self(rawValue: "csv.no-birthday-column")
  /// A column the caller named is not in the header row (an ``InputFormatError``).
  package static let csvNoSuchColumn = Self(rawValue: "csv.no-such-column")
  /// Numeric dates whose order nothing in the file decides (an ``InputFormatError``).
  package static let csvAmbiguousDateOrder = Self(rawValue: "csv.ambiguous-date-order")
  /// Rows that prove different date orders (an ``InputFormatError``).
  package static let csvMixedDateOrders = Self(rawValue: "csv.mixed-date-orders")
}

extension Diagnostic.Message {
  /// - Parameter reason: what is wrong with the value, when it is known (a day that does not
  ///   exist); else the message lists the forms expected.
  static func csvInvalidDate(column: String, value: String, reason: String? = nil) -> Self {
    Self(
      .csvInvalidDate,
      "column '\(column)': invalid date '\(value)'"
        + (reason.map { ": " + $0 }
          ?? " (expected YYYY-MM-DD, --MM-DD, or a numeric date in the date order)"))
  }

  static func csvInvalidDate(columns: String, year: String, month: String, day: String) -> Self {
    Self(.csvInvalidDate, "columns \(columns): invalid date '\(year)-\(month)-\(day)'")
  }

  static func csvTwoDigitYear(column: String, value: String) -> Self {
    Self(
      .csvTwoDigitYear,
      "column '\(column)': two-digit year in '\(value)': day and month kept, year unknown (write the year with four digits to keep it)"
    )
  }

  static func csvTwoDigitYear(columns: String, year: String) -> Self {
    Self(
      .csvTwoDigitYear,
      "columns \(columns): two-digit year '\(year)': day and month kept, year unknown (write the year with four digits to keep it)"
    )
  }

  static let csvUnterminatedQuote = Self(
    .csvUnterminatedQuote,
    "unterminated quoted field: the file ends inside quotes opened on this row")

  static func csvFieldCount(_ count: Int, header: Int) -> Self {
    Self(
      .csvFieldCount, "row has \(count) field\(count == 1 ? "" : "s"), the header has \(header)",
      isConversionFailure: false)
  }

  static let csvFieldTooLong = Self(
    .csvFieldTooLong, "a field longer than 16 KiB was cut to its first 16 KiB",
    isConversionFailure: false)

  static let csvNotUTF8 = Self(
    .csvNotUTF8, "the file is not valid UTF-8; reading it as Windows-1252",
    isConversionFailure: false)

  /// - Parameters:
  ///   - shown: the first cells of the first row, quoted and shortened.
  ///   - columns: how many cells the first row has.
  static func csvNoHeader(shown: [String], columns: Int) -> Self {
    Self(
      .csvNoHeader,
      "no header row found: no column is named like a name or a birthday; the first row has "
        + shown.joined(separator: ", ")
        + (columns > shown.count ? ", … (\(columns) columns)" : ""))
  }

  static func csvNoBirthdayColumn(headers: [String]) -> Self {
    Self(
      .csvNoBirthdayColumn,
      "no birthday column: the header row has "
        + headers.map { "'\(TextSanitizer.singleLine($0))'" }.joined(separator: ", "))
  }

  static func csvNoSuchColumn(field: CSVField, header: String, headers: [String]) -> Self {
    let seen = headers.map { "'\(TextSanitizer.singleLine($0))'" }.joined(separator: ", ")
    return Self(
      .csvNoSuchColumn,
      "no column '\(header)' for the \(field.rawValue); the header row has \(seen)")
  }

  static func csvAmbiguousDateOrder(value: String, column: String) -> Self {
    Self(
      .csvAmbiguousDateOrder,
      "numeric dates such as '\(value)' in column '\(column)' can be month/day or day/month, and no date in the file decides"
    )
  }

  static func csvMixedDateOrders(
    proofLine: Int, proofValue: String, order: DateOrder, value: String, proven: DateOrder
  ) -> Self {
    Self(
      .csvMixedDateOrders,
      "the file mixes date orders: line \(proofLine) has '\(proofValue)' (\(order == .dmy ? "day" : "month") first) and this row has '\(value)' (\(proven == .dmy ? "day" : "month") first)"
    )
  }
}

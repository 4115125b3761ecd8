extension CSVRowState {
  /// The date of another calendar in `value` (``CalendarDate/parse(_:in:)``), `nil` for an
  /// empty cell, and a diagnostic for one that names no day of the calendar.
  static func calendarDate(
    _ value: String?, header: String, system: CalendarSystem, at location: SourceLocation,
    report: DiagnosticHandler
  ) -> CalendarDate? {
    let text = TextSanitizer.singleLine(value ?? "")
    guard !text.isEmpty else { return nil }
    if let date = CalendarDate.parse(text, in: system) { return date }
    report(
      Diagnostic(
        .csvInvalidDate(
          column: header, value: text,
          reason:
            "not a day of the \(system.rawValue) calendar (expected YYYY-MM-DD, --MM-DD or a leap month YYYY-L08-15)"
        ), at: location))
    return nil
  }
}

extension CSVColumnMap {
  /// Headers of lunar-birthday columns, by calendar: Chinese address books' 农历生日 (阴历生日,
  /// 農曆生日, 陰曆生日) beside 阳历生日, Korean ones' 음력 생일, and the English "Lunar
  /// Birthday" of Apple-contact exporters (Chinese).
  static let lunarBirthdayHeaders: [(String, CalendarSystem)] = [
    ("lunar birthday", .chinese), ("农历生日", .chinese), ("阴历生日", .chinese),
    ("農曆生日", .chinese), ("陰曆生日", .chinese), ("음력 생일", .korean), ("음력생일", .korean),
  ]

  /// The first lunar-birthday column among `keys` (normalized headers).
  static func lunarBirthdayColumn(_ keys: [String]) -> (index: Int, system: CalendarSystem)? {
    for (header, system) in lunarBirthdayHeaders {
      if let index = keys.firstIndex(of: header) { return (index, system) }
    }
    return nil
  }
}

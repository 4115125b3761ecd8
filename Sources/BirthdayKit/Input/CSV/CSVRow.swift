/// One data row, read but not yet turned into a ``Contact``: its dates may wait for the file's
/// date order.
struct CSVRow {
  var location: SourceLocation
  var uid: String?
  var name: PersonName?
  var birthday: CSVCell?
  var yearMonthDay: (year: String, month: String, day: String)?
  var anniversaries: [CSVCell] = []

  init(location: SourceLocation) {
    self.location = location
  }

  /// Calls `body` with each date cell: the birthday, then the anniversaries.
  func forEachCell(_ body: (CSVCell) throws -> Void) rethrows {
    if let birthday { try body(birthday) }
    for cell in anniversaries { try body(cell) }
  }

  var isAmbiguous: Bool { firstAmbiguous != nil }

  /// Whether a date needs the file's date order or could decide it.
  var needsDateOrder: Bool {
    var needs = false
    forEachCell { cell in
      switch cell.parsed {
      case .ambiguous, .proves: needs = true
      default: break
      }
    }
    return needs
  }

  /// The first date that needs the date order, as (value, column header).
  var firstAmbiguous: (value: String, header: String)? {
    if let birthday, case .ambiguous = birthday.parsed { return (birthday.value, birthday.header) }
    for cell in anniversaries {
      if case .ambiguous = cell.parsed { return (cell.value, cell.header) }
    }
    return nil
  }

  /// The contact, with dates resolved in `order`; invalid dates are reported and dropped.
  func contact(order: DateOrder?, report: DiagnosticHandler) -> Contact {
    var birthday = self.birthday.flatMap { resolve($0, order: order, report: report) }
    if let (year, month, day) = yearMonthDay {
      birthday = resolveParts(year: year, month: month, day: day, report: report)
    }
    return Contact(
      sourceIdentifier: uid.flatMap(TextSanitizer.nonEmptySingleLine), name: name,
      birthday: birthday,
      anniversaries: anniversaries.compactMap { resolve($0, order: order, report: report) },
      location: location)
  }

  private func resolve(_ cell: CSVCell, order: DateOrder?, report: DiagnosticHandler) -> CivilDate?
  {
    switch cell.parsed {
    case .none: return nil
    case .date(let date), .proves(_, let date): return date
    case .ambiguous(let first, let second, let year):
      switch order {
      case .mdy?: return CivilDate(year: year, month: first, day: second)
      case .dmy?: return CivilDate(year: year, month: second, day: first)
      case .ymd?, nil: break
      }
    case .invalid: break
    }
    report(
      Diagnostic(
        "column '\(cell.header)': invalid date '\(TextSanitizer.singleLine(cell.value))' (expected YYYY-MM-DD, --MM-DD, or a numeric date in the --date-order)",
        at: location))
    return nil
  }

  /// The Facebook-extractor layout: year (or `null`), month and day columns.
  private func resolveParts(year: String, month: String, day: String, report: DiagnosticHandler)
    -> CivilDate?
  {
    let year = TextSanitizer.singleLine(year)
    if month.isEmpty && day.isEmpty { return nil }
    let knownYear = ["", "null", "none", "0"].contains(year.lowercased()) ? nil : Int(year)
    if let date = Int(TextSanitizer.singleLine(month)).flatMap({ month in
      Int(TextSanitizer.singleLine(day)).flatMap {
        CivilDate(year: knownYear, month: month, day: $0)
      }
    }) {
      return date
    }
    report(
      Diagnostic(
        "columns 'Year', 'Month', 'Day': invalid date '\(year)-\(month)-\(day)'", at: location))
    return nil
  }
}

/// A date cell: its text, its column's header, and what could be read from it.
struct CSVCell {
  var value: String
  var header: String
  var parsed: CSVDateValue
}

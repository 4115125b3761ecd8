/// One data row, read but not yet turned into a ``Contact``: its dates may wait for the file's
/// date order.
struct CSVRow {
  var location: SourceLocation
  var uid: String?
  var identityKey: ContactIdentityKey?
  var name: PersonName?
  var birthday: CSVCell?
  /// The birthday in another calendar (`--date-calendar`, a lunar-birthday column).
  var calendarBirthday: CalendarDate?
  /// Separate year, month and day cells, and their headers quoted for messages.
  var yearMonthDay: (year: String, month: String, day: String, headers: String)?
  var anniversaries: [CSVCell] = []
  /// The groups named in the group columns.
  var groups: [String] = []
  /// Google's `Event N` dates with a label other than `Anniversary`; they do not decide the date
  /// order, and an invalid one is dropped silently (they are read only for `--other-dates`).
  var otherDates: [(label: String, cell: CSVCell)] = []

  init(location: SourceLocation) {
    self.location = location
  }

  /// The group names in a group cell: Google's `* myContacts ::: Family ::: Friends` (the `*`
  /// marks a system group), Outlook's `Family;Friends`.
  static func groupNames(in cell: String) -> [String] {
    var cell = cell
    if let names = cell.withUTF8({ asciiGroupNames($0.span) }) { return names }
    let parts = cell.replacingOccurrences(of: ":::", with: ";").split(separator: ";")
    return parts.compactMap { part in
      var name = TextSanitizer.singleLine(String(part))
      if name.hasPrefix("* ") { name.removeFirst(2) }
      return name.isEmpty ? nil : name
    }
  }

  /// ``groupNames(in:)`` of an ASCII cell on its bytes (each byte a character, so splitting
  /// bytes splits characters), without Foundation; `nil` for any other cell. Every row of a
  /// Google export has one (`* myContacts`).
  private static func asciiGroupNames(_ bytes: Span<UInt8>) -> [String]? {
    guard ByteKernel.isASCII(bytes) else { return nil }
    var names: [String] = []
    var start = 0
    var index = 0
    func take(_ end: Int) {
      if end > start {
        let piece = bytes.extracting(start..<end)
        if isCleanASCII(piece) {
          // Already on one line: no String to sanitize, and `* ` dropped before the String is
          // made (removing it from the String cost more than the rest of the cell).
          let skip = piece.count > 2 && piece[0] == UInt8(ascii: "*") && piece[1] == 0x20 ? 2 : 0
          names.append(ByteKernel.string(decoding: piece.extracting(skip...)))
          return
        }
        var name = TextSanitizer.singleLine(ByteKernel.string(decoding: piece))
        if name.hasPrefix("* ") { name.removeFirst(2) }
        if !name.isEmpty { names.append(name) }
      }
    }
    let colon = UInt8(ascii: ":")
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: ";") {
        take(index)
        index += 1
        start = index
      } else if bytes[index] == colon, index + 2 < bytes.count, bytes[index + 1] == colon,
        bytes[index + 2] == colon
      {
        take(index)
        index += 3
        start = index
      } else {
        index += 1
      }
    }
    take(bytes.count)
    return names
  }

  /// Whether ASCII `bytes` are what ``TextSanitizer/singleLine(_:)`` leaves unchanged:
  /// printable, not empty, no space at either end, no two spaces in a row.
  private static func isCleanASCII(_ bytes: Span<UInt8>) -> Bool {
    guard !bytes.isEmpty, bytes[0] != 0x20, bytes[bytes.count - 1] != 0x20 else { return false }
    var previous: UInt8 = 0
    for index in bytes.indices {
      let byte = bytes[index]
      guard byte > 0x20 && byte < 0x7F || (byte == 0x20 && previous != 0x20) else { return false }
      previous = byte
    }
    return true
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
  /// Consuming: the name, location and groups move into the contact (a row is read once), where
  /// a borrowed row had them copied and its strings retained.
  consuming func contact(order: DateOrder?, report: DiagnosticHandler) -> Contact {
    var birthday = self.birthday.flatMap { resolve($0, order: order, report: report) }
    if let parts = yearMonthDay {
      birthday = resolveParts(parts, report: report)
    }
    // Every field in the member-wise initializer: a contact set up and then changed was copied
    // whole on return, and its copy destroyed.
    return Contact(
      sourceIdentifier: uid.flatMap(TextSanitizer.nonEmptySingleLine), name: name,
      birthday: birthday,
      anniversaries: anniversaries.compactMap { resolve($0, order: order, report: report) },
      location: location, isDeceased: false, deathDate: nil, groups: groups, isGroup: false,
      memberIdentifiers: [],
      otherDates: otherDates.compactMap { label, cell in
        resolve(cell, order: order, report: { _ in }).map { LabeledDate(label: label, date: $0) }
      }, identityKey: identityKey, calendarBirthday: calendarBirthday)
  }

  private func resolve(_ cell: CSVCell, order: DateOrder?, report: DiagnosticHandler) -> CivilDate?
  {
    var date: CivilDate?
    switch cell.parsed {
    case .none: return nil
    case .date(let parsed), .proves(_, let parsed): date = parsed
    case .ambiguous(let first, let second, let year):
      switch order {
      case .mdy?: date = CivilDate(year: year, month: first, day: second)
      case .dmy?: date = CivilDate(year: year, month: second, day: first)
      case .ymd?, nil: break
      }
    case .invalid: break
    }
    if let date {
      if cell.hasTwoDigitYear {
        report(
          Diagnostic(
            .csvTwoDigitYear(column: cell.header, value: TextSanitizer.singleLine(cell.value)),
            at: cell.location))
      }
      return date
    }
    let value = TextSanitizer.singleLine(cell.value)
    report(
      Diagnostic(
        .csvInvalidDate(column: cell.header, value: value, reason: DateProblem.reason(value.utf8)),
        at: cell.location))
    return nil
  }

  /// Separate year (empty, `0`, `null` or `none` when unknown), month and day columns.
  private func resolveParts(
    _ parts: (year: String, month: String, day: String, headers: String),
    report: DiagnosticHandler
  ) -> CivilDate? {
    let year = TextSanitizer.singleLine(parts.year)
    let month = TextSanitizer.singleLine(parts.month)
    let day = TextSanitizer.singleLine(parts.day)
    if month.isEmpty && day.isEmpty { return nil }
    let isUnknown = ["", "null", "none", "0"].contains(year.lowercased())
    // As in one cell, a two-digit year is not given a century.
    let isTwoDigits = year.count <= 2 && !isUnknown
    let knownYear = isUnknown || isTwoDigits ? nil : Int(year)
    if isUnknown || isTwoDigits || knownYear != nil,
      let date = Int(month).flatMap({ month in
        Int(day).flatMap { CivilDate(year: knownYear, month: month, day: $0) }
      })
    {
      if isTwoDigits {
        report(Diagnostic(.csvTwoDigitYear(columns: parts.headers, year: year), at: location))
      }
      return date
    }
    report(
      Diagnostic(
        .csvInvalidDate(columns: parts.headers, year: year, month: month, day: day), at: location))
    return nil
  }
}

/// A date cell: its text, its column's header, and what could be read from it.
struct CSVCell {
  var value: String
  var header: String
  /// The cell's line and column.
  var location: SourceLocation
  var parsed: CSVDateValue
  /// The value is a numeric date with a two-digit year, which was dropped.
  var hasTwoDigitYear = false
}

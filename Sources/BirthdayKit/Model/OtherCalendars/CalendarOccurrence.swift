/// What makes a ``Celebration`` one occurrence of a date kept in another calendar: the date as
/// written, and the calendar year whose celebration it is. Such a celebration's
/// ``Celebration/date`` is that occurrence's Gregorian day, and it is written as a single
/// event (no yearly rule: no client repeats it by another calendar), with a UID of its own.
package struct CalendarOccurrence: Hashable, Sendable {
  /// The date as the address book keeps it.
  package var origin: CalendarDate
  /// The calendar year celebrated.
  package var calendarYear: Int

  /// Years in that calendar since the date, when its year is known: the age as people count
  /// it by that calendar (not the Korean age, which starts at one).
  package var age: Int? { origin.year.map { calendarYear - $0 } }

  /// The Gregorian day of the date itself, when its year is known.
  package var gregorianOrigin: CivilDate? { OtherCalendarConversion.gregorianDate(of: origin) }
}

extension Celebration {
  /// The year of the date itself (Gregorian), for `{year}`: for an occurrence of another
  /// calendar's date, the Gregorian year of that date, not of the occurrence.
  var originYear: Int? {
    guard let occurrence = calendarOccurrence else { return date.year }
    return occurrence.gregorianOrigin?.year
  }

  /// The age turned (years since) on the occurrence in Gregorian year `year`, counted in the
  /// date's own calendar for an occurrence of another calendar's date.
  func age(inYear year: Int?) -> Int? {
    if let occurrence = calendarOccurrence {
      guard year != nil, let age = occurrence.age, age > 0 else { return nil }
      return age
    }
    guard let year, let since = date.year, year > since else { return nil }
    return year - since
  }
}

extension CalendarOccurrence {
  /// The property that keeps the date in its own calendar, for `list` to read back: the
  /// `DESCRIPTION` is for people, in their language.
  package static let propertyName = "X-BDCONVERT-CALENDAR-DATE"

  /// The value of ``propertyName``: the calendar and the date as `--date-calendar` reads it,
  /// `chinese:1940-09-15` (`--09-15` without a year, `2020-L04-08` a leap month). ASCII with
  /// nothing to escape.
  var propertyValue: String { "\(origin.system.rawValue):\(origin)" }

  /// The calendar and date of a ``propertyValue``, or `nil` when it names none.
  package static func calendarDate(propertyValue: String) -> CalendarDate? {
    guard let colon = propertyValue.firstIndex(of: ":"),
      let system = CalendarSystem(name: String(propertyValue[..<colon]))
    else { return nil }
    return CalendarDate.parse(
      String(propertyValue[propertyValue.index(after: colon)...]), in: system)
  }

  /// The date of the ``propertyName`` line in the bytes of an event bdconvert wrote (the line
  /// is short ASCII, never folded), or `nil` without one.
  package static func calendarDate(inEvent bytes: [UInt8]) -> CalendarDate? {
    let name = Array("\r\n\(propertyName):".utf8)
    guard let start = bytes.firstRange(of: name)?.upperBound else { return nil }
    let end = bytes[start...].firstIndex(of: UInt8(ascii: "\r")) ?? bytes.endIndex
    return calendarDate(propertyValue: String(decoding: bytes[start..<end], as: UTF8.self))
  }

  /// The event's `DESCRIPTION`: `Born 1984-09-10 (chinese calendar 1984-08-15)`, or without a
  /// year `chinese calendar --08-15`. Plain ASCII with nothing to escape.
  func descriptionText(kind: CelebrationKind) -> String {
    let dated = "\(origin.system.rawValue) calendar \(origin)"
    guard let gregorian = gregorianOrigin else { return dated }
    let verb =
      switch kind {
      case .birthday: "Born"
      case .memorial: "Died"
      case .anniversary, .other: "Since"
      }
    return "\(verb) \(gregorian) (\(dated))"
  }
}

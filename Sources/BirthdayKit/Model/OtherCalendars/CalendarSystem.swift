import Foundation

/// A calendar other than the Gregorian one in which people keep a birthday: the Chinese and
/// Korean lunisolar calendars, the Hebrew, the Hijri (Umm al-Qura, and the arithmetic forms
/// Apple may name) and the Persian (Solar Hijri) calendar.
///
/// Dates are converted by Foundation's `Calendar` (ICU). The Korean calendar is ICU's `dangi`:
/// the Chinese rules computed at Seoul's meridian, which puts some new moons, and so some
/// months, a day apart from the Chinese calendar.
package enum CalendarSystem: String, CaseIterable, Hashable, Sendable {
  case chinese
  case korean
  case hebrew
  /// Umm al-Qura, Saudi Arabia's official Hijri calendar.
  case islamic
  /// The arithmetic (tabular) Hijri calendar with the civil epoch (`islamic-civil`).
  case islamicCivil = "islamic-civil"
  /// The arithmetic Hijri calendar with the astronomical epoch (`islamic-tbla`).
  case islamicTabular = "islamic-tbla"
  case persian

  /// The system a `CALSCALE` parameter or `--date-calendar` names, ignoring case: the names
  /// above, Apple's and ICU's identifiers (`dangi`, `islamic-umalqura`), and `gregorian` never.
  package init?(name: String) {
    switch name.lowercased() {
    case "chinese": self = .chinese
    case "korean", "dangi": self = .korean
    case "hebrew", "jewish": self = .hebrew
    case "islamic", "islamic-umalqura", "hijri": self = .islamic
    case "islamic-civil": self = .islamicCivil
    case "islamic-tbla": self = .islamicTabular
    case "persian", "jalali": self = .persian
    default: return nil
    }
  }

  /// Whether years have a leap month numbered like a regular one (Chinese, Korean).
  package var hasLeapMonths: Bool { self == .chinese || self == .korean }

  /// Whether the year written is the Gregorian year in which the calendar year begins, as
  /// people and libraries write Chinese and Korean dates (the cycle is Apple's form).
  var writesGregorianYear: Bool { hasLeapMonths }

  /// The highest month number: 13 for the Hebrew calendar (ICU's and Apple's numbering, from
  /// Tishri = 1; 6 is Adar I, only in leap years), else 12.
  package var monthCount: Int { self == .hebrew ? 13 : 12 }

  /// The calendar, in UTC: day boundaries are compared with Gregorian ones in UTC, so a date is
  /// a whole day in both.
  var foundation: Calendar { Self.calendars[self] ?? Self.makeCalendar(self) }

  private static let calendars: [CalendarSystem: Calendar] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0, makeCalendar($0)) })

  private static func makeCalendar(_ system: CalendarSystem) -> Calendar {
    let identifier: Calendar.Identifier =
      switch system {
      case .chinese: .chinese
      case .korean: .dangi
      case .hebrew: .hebrew
      case .islamic: .islamicUmmAlQura
      case .islamicCivil: .islamicCivil
      case .islamicTabular: .islamicTabular
      case .persian: .persian
      }
    var calendar = Calendar(identifier: identifier)
    calendar.timeZone = utc
    return calendar
  }

  static let utc = TimeZone(secondsFromGMT: 0) ?? TimeZone.current

  /// The proleptic Gregorian calendar in UTC.
  static let gregorian: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    return calendar
  }()
}

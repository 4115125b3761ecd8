/// What a 29 February birthday does in common years (`--leap-day`).
///
/// In every policy the event starts on a real 29 February (the birth year when known and not
/// before 1972, else 1972), so leap years always show it on the day itself.
public enum LeapDayPolicy: String, CaseIterable, Sendable {
  /// 28 February in common years: `RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1` ("last day of
  /// February"). The default: Google, Apple, Outlook (yearly template with BYMONTHDAY=-1),
  /// Nextcloud, libical and dateutil all expand it the same way.
  case feb28
  /// 1 March in common years: `RRULE:FREQ=YEARLY;BYYEARDAY=60`. RFC-correct, but BYYEARDAY is not
  /// in Outlook's yearly template and breaks Nextcloud/ownCloud calendar and Tine 2.0.
  case mar1
  /// Only in leap years: `RRULE:FREQ=YEARLY`, whose 29 February instances do not exist in common
  /// years (RFC 5545 §3.3.10). ical.js (Nextcloud web) wrongly shows 1 March instead.
  case feb29

  /// The RRULE value for a 29 February event.
  var recurrenceRule: String {
    switch self {
    case .feb28: return "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"
    case .mar1: return "FREQ=YEARLY;BYYEARDAY=60"
    case .feb29: return "FREQ=YEARLY"
    }
  }

  /// The day a yearly event on `date` falls on in `year`: the same day, or for 29 February in a
  /// common year 28 February (`feb28`), 1 March (`mar1`) or none (`feb29`).
  package func occurrence(of date: CivilDate, inYear year: Int) -> CivilDate? {
    if let day = date.inYear(year) { return day }
    switch self {
    case .feb28: return CivilDate(year: year, month: 2, day: 28)
    case .mar1: return CivilDate(year: year, month: 3, day: 1)
    case .feb29: return nil
    }
  }
}

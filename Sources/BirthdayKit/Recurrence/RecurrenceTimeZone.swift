import Foundation

/// A time zone named by a `TZID` parameter, to bring DATE-TIME values written in one zone onto
/// the wall clock of another (an `EXDATE` in UTC onto the event's zone).
///
/// The `TZID` is resolved, in order, as: an IANA name (`Europe/Berlin`, and `UTC`/`GMT`);
/// the IANA name at the end of a longer one (`/mozilla.org/20050126_1/Europe/Berlin`,
/// `/softwarestudio.org/Olson_20011030_5/America/New_York`); a Windows zone name as Outlook and
/// Exchange write them (`W. Europe Standard Time`). The offsets come from the system's time zone
/// database, not from the file's VTIMEZONE (which real files often leave out or get wrong); a
/// `TZID` that resolves to nothing is `nil`, and its times are then read as written.
package struct RecurrenceTimeZone: Hashable, Sendable {
  /// The IANA identifier the `TZID` resolved to.
  package let identifier: String
  private let zone: TimeZone

  /// UTC.
  package static let utc: RecurrenceTimeZone = {
    guard let zone = TimeZone(identifier: "UTC") else { preconditionFailure("no time zone UTC") }
    return RecurrenceTimeZone(zone: zone)
  }()

  private init(zone: TimeZone) {
    self.zone = zone
    identifier = zone.identifier
  }

  /// The zone `tzid` names, or `nil` when it names none known.
  package init?(tzid: String) {
    let name = tzid.trimmingCharacters(in: .whitespaces)
    if let zone = Self.ianaZone(name) {
      self.init(zone: zone)
      return
    }
    // A vendor prefix before an IANA name: try the last three, then two path components.
    let parts = name.split(separator: "/")
    for count in [3, 2] where parts.count > count {
      if let zone = Self.ianaZone(parts.suffix(count).joined(separator: "/")) {
        self.init(zone: zone)
        return
      }
    }
    let windows =
      Self.windowsZones[name.lowercased()]
      ?? Self.windowsZones[
        String(name.drop(while: { $0 != ")" }).dropFirst()).trimmingCharacters(in: .whitespaces)
          .lowercased()]
    if let windows, let zone = TimeZone(identifier: windows) {
      self.init(zone: zone)
      return
    }
    return nil
  }

  private static func ianaZone(_ name: String) -> TimeZone? {
    // TimeZone(identifier:) also accepts abbreviations and offsets ("EST", "GMT+1"); a TZID
    // must be a real name, with a slash, or UTC itself.
    guard name.contains("/") || ["UTC", "GMT", "Etc/UTC", "Z"].contains(name.uppercased())
    else { return nil }
    return TimeZone(identifier: name.uppercased() == "Z" ? "UTC" : name)
  }

  /// The UTC time (seconds since the epoch) of `local`, a wall-clock time in this zone. A time
  /// that the zone skips (the hour lost to daylight saving) moves forward by the gap, a time it
  /// repeats is its first instance, as RFC 5545 §3.3.5 says.
  package func utcSeconds(of local: LocalDateTime) -> Int {
    let guess = local.seconds - offset(at: local.seconds)
    let first = local.seconds - offset(at: guess)
    // Near a transition the offset at the guess may be the other side's; take the earlier time
    // that shows `local`, or after a gap the time the gap ends.
    let before = local.seconds - offset(at: first - 3600)
    if before < first, before + offset(at: before) == local.seconds { return before }
    if first + offset(at: first) == local.seconds { return first }
    return local.seconds - offset(at: guess - 86_400)
  }

  /// The wall-clock time in this zone at `utcSeconds` (seconds since the epoch).
  package func local(atUTC utcSeconds: Int) -> LocalDateTime {
    LocalDateTime(seconds: utcSeconds + offset(at: utcSeconds))
  }

  /// `value` (written in zone `from`, or in UTC when `value.isUTC`) on the wall clock of zone
  /// `to`. `nil` zones are floating: a floating value stays as written, and so does a value
  /// brought onto a floating clock. DATEs are never moved.
  package static func convert(
    _ value: DateTimeValue, from: RecurrenceTimeZone?, to: RecurrenceTimeZone?
  ) -> LocalDateTime {
    guard !value.isDate else { return value.local }
    let source = value.isUTC ? .utc : from
    guard let source, let to, source != to else { return value.local }
    return to.local(atUTC: source.utcSeconds(of: value.local))
  }

  private func offset(at utcSeconds: Int) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utcSeconds)))
  }

  package static func == (lhs: RecurrenceTimeZone, rhs: RecurrenceTimeZone) -> Bool {
    lhs.identifier == rhs.identifier
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

  /// Windows zone names (CLDR windowsZones.xml, territory 001) that calendar files use most.
  private static let windowsZones: [String: String] = [
    "utc": "UTC", "gmt standard time": "Europe/London",
    "greenwich standard time": "Atlantic/Reykjavik",
    "w. europe standard time": "Europe/Berlin", "central europe standard time": "Europe/Budapest",
    "romance standard time": "Europe/Paris", "central european standard time": "Europe/Warsaw",
    "e. europe standard time": "Europe/Chisinau", "fle standard time": "Europe/Kiev",
    "gtb standard time": "Europe/Bucharest", "russian standard time": "Europe/Moscow",
    "turkey standard time": "Europe/Istanbul", "israel standard time": "Asia/Jerusalem",
    "south africa standard time": "Africa/Johannesburg", "egypt standard time": "Africa/Cairo",
    "arabian standard time": "Asia/Dubai", "arab standard time": "Asia/Riyadh",
    "iran standard time": "Asia/Tehran", "india standard time": "Asia/Calcutta",
    "pakistan standard time": "Asia/Karachi", "bangladesh standard time": "Asia/Dhaka",
    "se asia standard time": "Asia/Bangkok", "china standard time": "Asia/Shanghai",
    "singapore standard time": "Asia/Singapore", "taipei standard time": "Asia/Taipei",
    "tokyo standard time": "Asia/Tokyo", "korea standard time": "Asia/Seoul",
    "aus eastern standard time": "Australia/Sydney",
    "e. australia standard time": "Australia/Brisbane",
    "cen. australia standard time": "Australia/Adelaide",
    "w. australia standard time": "Australia/Perth",
    "new zealand standard time": "Pacific/Auckland", "hawaiian standard time": "Pacific/Honolulu",
    "alaskan standard time": "America/Anchorage", "pacific standard time": "America/Los_Angeles",
    "us mountain standard time": "America/Phoenix", "mountain standard time": "America/Denver",
    "central standard time": "America/Chicago", "eastern standard time": "America/New_York",
    "us eastern standard time": "America/Indianapolis", "atlantic standard time": "America/Halifax",
    "newfoundland standard time": "America/St_Johns",
    "canada central standard time": "America/Regina",
    "central standard time (mexico)": "America/Mexico_City",
    "sa pacific standard time": "America/Bogota",
    "e. south america standard time": "America/Sao_Paulo",
    "argentina standard time": "America/Buenos_Aires",
    "pacific sa standard time": "America/Santiago", "venezuela standard time": "America/Caracas",
  ]
}

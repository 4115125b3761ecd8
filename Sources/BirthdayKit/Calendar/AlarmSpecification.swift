/// When a reminder fires, relative to the (all-day) event's day: `--alarm HH:MM` on the day, or
/// `--alarm -Nd@HH:MM` N days before.
///
/// It is written as a relative `TRIGGER` (a duration from the start of the day), the only RFC 5545
/// form that fires at the same local time on every yearly occurrence; an absolute DATE-TIME trigger
/// would fire once.
///
/// ```swift
/// try AlarmSpecification(parsing: "08:00").trigger      // "PT8H"
/// try AlarmSpecification(parsing: "-1d@18:00").trigger  // "-PT6H"
/// ```
public struct AlarmSpecification: Hashable, Sendable, CustomStringConvertible {
  /// Days before the event's day (0 = on the day).
  package let daysBefore: Int
  /// Local time of day in minutes after midnight (0..<1440).
  package let minuteOfDay: Int

  /// The default: 08:00 on the day.
  public static let eightAM = AlarmSpecification(uncheckedDaysBefore: 0, minuteOfDay: 8 * 60)

  /// A malformed `--alarm` value.
  package struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value given.
    package var value: String
    package var description: String {
      "invalid alarm '\(value)' (expected HH:MM on the day, or -Nd@HH:MM N days before, e.g. 08:00 or -1d@18:00)"
    }
  }

  /// Creates an alarm `daysBefore` days before the day at `hour`:`minute`, or `nil` when out of range
  /// (0...365 days, 00:00...23:59).
  public init?(daysBefore: Int = 0, hour: Int, minute: Int) {
    guard (0...365).contains(daysBefore), (0...23).contains(hour), (0...59).contains(minute) else {
      return nil
    }
    self.init(uncheckedDaysBefore: daysBefore, minuteOfDay: hour * 60 + minute)
  }

  /// Parses `HH:MM` or `-Nd@HH:MM` (hours may have one digit).
  /// - Throws: ``ParseError``.
  package init(parsing text: String) throws(ParseError) {
    var daysBefore = 0
    var time = Substring(text)
    if text.hasPrefix("-") {
      guard let at = text.firstIndex(of: "@"),
        text[text.index(before: at)] == "d" || text[text.index(before: at)] == "D",
        let days = Int(text[text.index(after: text.startIndex)..<text.index(before: at)])
      else { throw ParseError(value: text) }
      daysBefore = days
      time = text[text.index(after: at)...]
    }
    let parts = time.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let hour = Int(parts[0]), let minute = Int(parts[1]),
      let alarm = AlarmSpecification(daysBefore: daysBefore, hour: hour, minute: minute)
    else { throw ParseError(value: text) }
    self = alarm
  }

  /// The signed offset from the start of the event's day, in minutes.
  package var offsetMinutes: Int { minuteOfDay - daysBefore * 24 * 60 }

  /// The RFC 5545 duration for `TRIGGER`: `PT8H`, `PT8H30M`, `PT0S`, `-PT6H`, `-P1DT15H`.
  package var trigger: String {
    let offset = offsetMinutes
    if offset == 0 { return "PT0S" }
    let magnitude = abs(offset)
    let days = magnitude / (24 * 60)
    let hours = magnitude % (24 * 60) / 60
    let minutes = magnitude % 60
    var text = offset < 0 ? "-P" : "P"
    if days > 0 { text += "\(days)D" }
    if hours > 0 || minutes > 0 {
      text += "T"
      if hours > 0 { text += "\(hours)H" }
      if minutes > 0 { text += "\(minutes)M" }
    }
    return text
  }

  /// The form it was given in: `08:00` or `-1d@18:00`.
  public var description: String {
    let time = twoDigits(minuteOfDay / 60) + ":" + twoDigits(minuteOfDay % 60)
    return daysBefore == 0 ? time : "-\(daysBefore)d@\(time)"
  }

  private init(uncheckedDaysBefore: Int, minuteOfDay: Int) {
    self.daysBefore = uncheckedDaysBefore
    self.minuteOfDay = minuteOfDay
  }
}

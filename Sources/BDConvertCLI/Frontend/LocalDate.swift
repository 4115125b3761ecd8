import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Today in the local time zone: the day a user means by "today".
enum LocalDate {
  /// Today's date on this machine's clock and zone.
  static func today() -> CivilDate {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    guard
      let date = CivilDate(
        year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    else { preconditionFailure("localtime_r gave a date that does not exist") }
    return date
  }
}

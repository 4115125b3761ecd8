/// Which Adar of a Hebrew leap year celebrates a date in Adar of a common year
/// (`--hebrew-adar`). Most keep it in Adar II, as a bar mitzvah is dated; some keep it in
/// Adar I, as Ashkenazim keep a yahrzeit after the Rema (docs/other-calendars.md has the
/// sources). Both customs are followed, so the user chooses.
/// A date in Adar I or Adar II of a leap year keeps its month in leap years either way.
package enum HebrewAdarRule: String, CaseIterable, Hashable, Sendable {
  /// Adar I (month 6).
  case adar1
  /// Adar II (month 7), the default.
  case adar2
}

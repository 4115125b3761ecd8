/// The order of day, month and year in numeric dates such as `5/10/1971` (`--date-order`).
public enum DateOrder: String, CaseIterable, Sendable {
  /// Month, day, year: `5/10/1971` is 10 May (United States).
  case mdy
  /// Day, month, year: `5/10/1971` is 5 October (most of the world).
  case dmy
  /// Year, month, day: `1971/05/10`.
  case ymd
}

/// What a conversion makes of contacts: how the calendar is written and which dates become
/// events. The same for every sink and every entry point.
public struct ConversionOptions: Sendable {
  /// How the calendar is written.
  public var calendar: CalendarOptions
  /// Whether anniversaries become events.
  public var includeAnniversaries = false
  /// Who becomes an event (groups, exclusions, memorials); its `includeAnniversaries` is
  /// replaced by the one above.
  package var builder = CelebrationBuilder()

  /// Creates options; by default the calendar is stamped with the current time
  /// (``UTCTimestamp/now``) and only birthdays become events.
  public init(calendar: CalendarOptions = CalendarOptions(), includeAnniversaries: Bool = false) {
    self.calendar = calendar
    self.includeAnniversaries = includeAnniversaries
  }
}

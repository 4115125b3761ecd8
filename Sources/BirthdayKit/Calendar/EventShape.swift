/// The kinds of `VEVENT` the renderer writes, each with a program of its own.
enum EventShape: Int, CaseIterable, Sendable {
  /// A yearly event on another day than 29 February.
  case yearly
  /// A yearly event on 29 February: its rule follows the leap-day policy.
  case leapDay
  /// An override of a yearly event for one year's occurrence (with the age in its texts).
  case override
  /// The one occurrence of another calendar's date.
  case single

  /// The `RRULE` value, or `nil` for an event that does not repeat.
  func recurrenceRule(_ policy: LeapDayPolicy) -> String? {
    switch self {
    case .yearly: "FREQ=YEARLY"
    case .leapDay: policy.recurrenceRule
    case .override, .single: nil
    }
  }
}

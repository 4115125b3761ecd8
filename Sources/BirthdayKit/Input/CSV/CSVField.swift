/// A column bdconvert reads from a CSV file (`--column FIELD=HEADER`).
package enum CSVField: String, CaseIterable, Sendable {
  /// The whole display name.
  case name
  /// The given name.
  case first
  /// Middle names, appended to the given name.
  case middle
  /// The family name.
  case last
  /// The date of birth.
  case birthday
  /// An anniversary date.
  case anniversary
  /// A stable identifier for the contact, used for the event UID.
  case uid
}

/// What the converter reports, one factory per kind of problem.
extension Diagnostic.Kind {
  /// A second event with a UID already written; the earlier one is kept.
  package static let duplicateUID = Self(rawValue: "conversion.duplicate-uid")
  /// A record with a date but no name.
  package static let recordWithoutName = Self(rawValue: "conversion.record-without-name")
}

extension Diagnostic.Message {
  static func duplicateUID(_ uid: String, name: String, kind: CelebrationKind) -> Self {
    Self(
      .duplicateUID,
      "duplicate event UID \(uid) for '\(name)' (\(kind.rawValue)); kept the earlier one",
      isConversionFailure: false)
  }

  /// A celebration of a person an earlier source already gave, with another date or the same
  /// UID: both dates and places, and which one is kept.
  static func samePerson(
    name: String, kind: CelebrationKind, why: String, date: CivilDate, file: String,
    firstDate: CivilDate, firstPlace: String
  ) -> Self {
    let dates =
      date == firstDate
      ? "\(date) here and at \(firstPlace)"
      : "\(date) here, \(firstDate) at \(firstPlace)"
    return Self(
      .duplicateUID,
      "'\(name)' (\(kind.rawValue)) is in two sources with \(why): \(dates); kept \(firstDate) "
        + "(the source given first wins)",
      isConversionFailure: false)
  }

  static func recordWithoutName(_ record: RecordKind, kind: CelebrationKind, date: CivilDate)
    -> Self
  {
    Self(
      .recordWithoutName,
      "\(record.singular) has a \(kind == .memorial ? "date of death" : kind == .other ? "date" : kind.noun) (\(date)) but no name; skipped"
    )
  }
}

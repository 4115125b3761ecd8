/// What the converter reports, one factory per kind of problem.
extension Diagnostic.Kind {
  /// A second event with a UID already written; the earlier one is kept.
  public static let duplicateUID = Self(rawValue: "conversion.duplicate-uid")
  /// A record with a date but no name.
  public static let recordWithoutName = Self(rawValue: "conversion.record-without-name")
}

extension Diagnostic.Message {
  static func duplicateUID(_ uid: String, name: String, kind: CelebrationKind) -> Self {
    Self(
      .duplicateUID,
      "duplicate event UID \(uid) for '\(name)' (\(kind.rawValue)); kept the earlier one",
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

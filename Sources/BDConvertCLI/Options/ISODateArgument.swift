import BirthdayKit

/// `YYYY-MM-DD` for `--today`.
enum ISODateArgument {
  /// The date, or `nil` unless `text` is a valid `YYYY-MM-DD`.
  static func parse(_ text: String) -> CivilDate? {
    DateValueParser.parseExtendedDate(text)
  }
}

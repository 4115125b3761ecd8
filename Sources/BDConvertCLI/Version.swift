/// The version of bdconvert, in one place: printed by `--version`, used as the date of the man
/// pages, set by `Scripts/release --set-version`, and checked by the tests against the newest
/// release in CHANGELOG.md.
enum Version {
  /// The release number.
  static let number = "0.1.0"
  /// The day it was released, `YYYY-MM-DD`.
  static let date = "2026-11-23"
}

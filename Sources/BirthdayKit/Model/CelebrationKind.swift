/// What a date in an address book celebrates.
public enum CelebrationKind: String, Hashable, Sendable, CaseIterable {
  /// A date of birth (vCard `BDAY`, a CSV birthday column).
  case birthday
  /// A wedding or other anniversary (vCard `ANNIVERSARY` and its vendor forms).
  case anniversary
}

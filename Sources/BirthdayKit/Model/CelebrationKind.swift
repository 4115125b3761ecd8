/// What a date in an address book celebrates.
public enum CelebrationKind: String, Hashable, Sendable, CaseIterable {
  /// A date of birth (vCard `BDAY`, a CSV birthday column).
  case birthday
  /// A wedding or other anniversary (vCard `ANNIVERSARY` and its vendor forms).
  case anniversary
  /// The day someone died (vCard 4 `DEATHDATE`), with `--memorials`.
  case memorial
  /// Another labelled date (Apple `X-ABDATE`, Google `Event N`), with `--other-dates`.
  case other

  /// `birthday`, `anniversary`, `memorial`: the word in texts.
  var noun: String { rawValue }

  /// The position in ``allCases``, for per-kind tables.
  var index: Int {
    switch self {
    case .birthday: 0
    case .anniversary: 1
    case .memorial: 2
    case .other: 3
    }
  }
}

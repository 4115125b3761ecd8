/// The two address-book formats the convert commands read.
enum InputFormat: Sendable {
  case vCard
  case csv

  /// What one record is called in messages.
  var recordNoun: String { self == .vCard ? "cards" : "rows" }
}

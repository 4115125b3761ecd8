/// The two address-book formats the convert commands read.
enum InputFormat: Sendable {
  case vCard
  case csv

  /// The command name.
  var command: String { self == .vCard ? "vcf-to-ics" : "csv-to-ics" }
  /// What one record is called in messages.
  var recordNoun: String { self == .vCard ? "cards" : "rows" }
}

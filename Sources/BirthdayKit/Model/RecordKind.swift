/// What one record of an input is called in messages: a vCard card or a CSV row.
package enum RecordKind: String, Hashable, Sendable {
  case card
  case row

  /// `card` or `row`.
  package var singular: String { rawValue }
  /// `cards` or `rows`.
  package var plural: String { rawValue + "s" }
}

/// What one record of an input is called in messages: a vCard card or a CSV row.
public enum RecordKind: String, Hashable, Sendable {
  case card
  case row

  /// `card` or `row`.
  public var singular: String { rawValue }
  /// `cards` or `rows`.
  public var plural: String { rawValue + "s" }
}

/// A date an address book keeps under a label of the user's: "Graduation", "Name day".
public struct LabeledDate: Hashable, Sendable {
  /// The label, on one line.
  public var label: String
  /// The date.
  public var date: CivilDate

  /// Creates a labelled date.
  public init(label: String, date: CivilDate) {
    self.label = label
    self.date = date
  }
}

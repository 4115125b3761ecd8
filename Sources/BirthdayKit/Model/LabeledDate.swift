/// A date an address book keeps under a label of the user's: "Graduation", "Name day".
package struct LabeledDate: Hashable, Sendable {
  /// The label, on one line.
  package var label: String
  /// The date.
  package var date: CivilDate

  /// Creates a labelled date.
  package init(label: String, date: CivilDate) {
    self.label = label
    self.date = date
  }
}

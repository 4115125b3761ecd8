/// How a CSV file is read: delimiter, numeric date order, and hand-mapped columns.
public struct CSVReadOptions: Sendable {
  /// The field delimiter; `nil` sniffs `,` `;` or TAB from the header row.
  public var delimiter: UInt8?
  /// The order of numeric dates; `nil` infers it only when the file proves it.
  public var dateOrder: DateOrder?
  /// Columns mapped by hand, by header text (matched case-insensitively).
  package var columnOverrides: [CSVField: String]
  /// Whether rows keep an e-mail, phone or entry id column as ``Contact/identityKey`` (`sync`).
  package var readsIdentityKeys = false
  /// The calendar of the birthday column's dates (`--date-calendar`); `nil` is the Gregorian.
  package var dateCalendar: CalendarSystem?

  /// Creates options: the delimiter sniffed and the date order inferred unless given.
  public init(delimiter: UInt8? = nil, dateOrder: DateOrder? = nil) {
    self.init(delimiter: delimiter, dateOrder: dateOrder, columnOverrides: [:])
  }

  /// Creates options with columns mapped by hand.
  package init(
    delimiter: UInt8? = nil, dateOrder: DateOrder? = nil, columnOverrides: [CSVField: String]
  ) {
    self.delimiter = delimiter
    self.dateOrder = dateOrder
    self.columnOverrides = columnOverrides
  }
}

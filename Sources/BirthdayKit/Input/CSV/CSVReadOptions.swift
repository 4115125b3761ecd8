/// How a CSV file is read: delimiter, numeric date order, and hand-mapped columns.
public struct CSVReadOptions: Sendable {
  /// The field delimiter; `nil` sniffs `,` `;` or TAB from the header row.
  public var delimiter: UInt8?
  /// The order of numeric dates; `nil` infers it only when the file proves it.
  public var dateOrder: DateOrder?
  /// Columns mapped by hand, by header text (matched case-insensitively).
  public var columnOverrides: [CSVField: String]
  /// Whether rows keep an e-mail, phone or entry id column as ``Contact/identityKey`` (`sync`).
  public var readsIdentityKeys = false

  /// Creates options.
  public init(
    delimiter: UInt8? = nil, dateOrder: DateOrder? = nil, columnOverrides: [CSVField: String] = [:]
  ) {
    self.delimiter = delimiter
    self.dateOrder = dateOrder
    self.columnOverrides = columnOverrides
  }
}

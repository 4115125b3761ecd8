public enum CSVField: String, CaseIterable, Sendable {
  case name, first, middle, last, birthday, anniversary, uid
}
public enum DateOrder: String, CaseIterable, Sendable { case mdy, dmy, ymd }
public struct CSVReadOptions: Sendable {
  public var delimiter: UInt8?
  public var dateOrder: DateOrder?
  public var columnOverrides: [CSVField: String] = [:]
  public init(
    delimiter: UInt8? = nil, dateOrder: DateOrder? = nil, columnOverrides: [CSVField: String] = [:]
  ) {}
}
public struct CSVContactReader<Source: ByteSource>: ContactReader {
  public init(
    source: Source, fileName: String, options: CSVReadOptions = .init(),
    diagnostics: @escaping DiagnosticHandler
  ) {}
  public mutating func forEachContact(_ body: (Contact) throws -> Void) throws {}
  public var bytesRead: Int { 0 }
}

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
public struct VCardReader<Source: ByteSource>: ContactReader {
  var lines: LineReader<Source>
  let fileName: String
  public init(source: Source, fileName: String, diagnostics: @escaping DiagnosticHandler) {
    lines = LineReader(source)
    self.fileName = fileName
  }
  public mutating func forEachContact(_ body: (Contact) throws -> Void) throws {
    var fn: String? = nil
    var bday: CivilDate? = nil
    var start = 0
    while let text = try lines.nextLine({ String(decoding: $0, as: UTF8.self) }) {
      if text == "BEGIN:VCARD" {
        start = lines.lineNumber
        fn = nil
        bday = nil
      }
      if text.hasPrefix("FN:") { fn = String(text.dropFirst(3)) }
      if text.hasPrefix("BDAY:") { bday = DateValueParser.parse(String(text.dropFirst(5))) }
      if text == "END:VCARD" {
        try body(
          Contact(
            name: PersonName(formatted: fn), birthday: bday,
            location: SourceLocation(file: fileName, line: start)))
      }
    }
  }
  public var bytesRead: Int { lines.bytesRead }
}

/// Reads contacts from a CSV export with a header row: Google Contacts (current and legacy
/// layouts), Outlook, or any spreadsheet with a name and a birthday column.
///
/// - Quoting follows RFC 4180: doubled quotes, and delimiters and line breaks inside quotes; the
///   last line may lack a line break. A row's location is its first physical line.
/// - Encodings: UTF-8 with or without BOM, UTF-16 with BOM, and Windows-1252 (Outlook's default),
///   which is assumed, with one notice, when the bytes are not valid UTF-8.
/// - The delimiter (`,` `;` TAB) is sniffed from the header row; a preamble before the header
///   (LinkedIn's `Notes:` lines, blank lines) is skipped by finding the first row with a known
///   column name.
/// - Dates: `YYYY-MM-DD`, `YYYYMMDD`, `--MM-DD`, `--MMDD`, `MM-DD`, and numeric dates such as
///   `5/10/1971` or `10.05.1971` in the order given by ``CSVReadOptions/dateOrder``. Without it the
///   order is taken from the file only when a date proves it (a day above 12); rows from the first
///   undecided date are held back until then, so output keeps input order. If the file never
///   decides, reading fails and asks for `--date-order`: never a silent guess. Memory: only the
///   held-back rows, and none at all when the order is given. A two-digit year (`5/10/71`) keeps
///   day and month with the year unknown, and a warning: a century is never guessed. Only empty
///   cells and Outlook's "no date" `0/0/00` (`0/0/0000`, any separator) are silent; any other
///   value that is not a date is warned about and left out.
/// - Separate year, month and day columns: Facebook-extractor's `Year`/`Month`/`Day` and
///   Thunderbird's `Birth Year`/`Birth Month`/`Birth Day`; an empty, `0`, `null` or `none`
///   year is unknown.
public struct CSVContactReader<Source: ByteSource>: ContactReader {
  private var input: CSVSegmentedInput<Source>?
  private let report: DiagnosticHandler

  /// Bytes consumed from the source so far.
  package private(set) var bytesRead = 0

  /// Creates a reader of `source`.
  /// - Parameters:
  ///   - fileName: the name used in diagnostics.
  ///   - options: delimiter, date order and column mapping.
  ///   - diagnostics: called for each problem, in input order.
  public init(
    source: Source, fileName: String, options: CSVReadOptions = .init(),
    diagnostics: @escaping DiagnosticHandler
  ) {
    self.input = CSVSegmentedInput(source: source, fileName: fileName, options: options)
    self.report = diagnostics
  }

  /// Calls `body` with each data row's contact, in input order.
  /// - Throws: ``InputFormatError`` when no header row or no birthday column is found, when an
  ///   override names a missing column, or when numeric dates are ambiguous; ``ByteSourceError``
  ///   when reading fails; or what `body` throws.
  public mutating func forEachContact(_ body: (Contact) throws -> Void) throws {
    guard var input else { return }
    self.input = nil
    defer { bytesRead = input.bytesRead }
    try input.readRest(report: report, body: body)
  }
}

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
  private var scanner: CSVRecordScanner?
  private let fileName: String
  private let options: CSVReadOptions
  private let report: DiagnosticHandler

  /// Bytes consumed from the source so far.
  public private(set) var bytesRead = 0

  /// Creates a reader of `source`.
  /// - Parameters:
  ///   - fileName: the name used in diagnostics.
  ///   - options: delimiter, date order and column mapping.
  ///   - diagnostics: called for each problem, in input order.
  public init(
    source: Source, fileName: String, options: CSVReadOptions = .init(),
    diagnostics: @escaping DiagnosticHandler
  ) {
    self.scanner = CSVRecordScanner(source)
    self.fileName = fileName
    self.options = options
    self.report = diagnostics
  }

  /// Calls `body` with each data row's contact, in input order.
  /// - Throws: ``InputFormatError`` when no header row or no birthday column is found, when an
  ///   override names a missing column, or when numeric dates are ambiguous; ``ByteSourceError``
  ///   when reading fails; or what `body` throws.
  public mutating func forEachContact(_ body: (Contact) throws -> Void) throws {
    guard var scanner = self.scanner else { return }
    self.scanner = nil
    defer { bytesRead = scanner.bytesRead }
    var state = CSVRowState(fileName: fileName, options: options, report: report)
    var record: [UInt8] = []
    while let info = try scanner.nextRecord(into: &record, delimiter: state.delimiter) {
      bytesRead = scanner.bytesRead
      try record.withUnsafeBufferPointer { try state.consume($0, info: info, body: body) }
    }
    try state.finish(body: body)
  }
}

/// The reader's state between rows: header, delimiter, date order and held-back rows.
struct CSVRowState {
  private(set) var fileName: String
  let options: CSVReadOptions
  var report: DiagnosticHandler
  /// Set on copies that convert a batch on another thread: a row whose dates need the file's
  /// date order, while it is not known yet, throws ``CSVRowNeedsDateOrder`` so that the batch
  /// is converted again in sequence.
  var requiresKnownOrder = false
  private(set) var delimiter: UInt8?
  private var columns: CSVColumnMap?
  private var headerNames: [String] = []
  private var firstRow: [String]?
  private var hasSeenFirstRow = false
  private var order: DateOrder?
  private var orderProof: (line: Int, value: String)?
  private var heldBack: [CSVRow] = []
  private var warnedAboutEncoding = false
  private var fields = CSVFieldSplitter()
  /// Decoded cells of the current row, by column; only mapped columns are decoded.
  private var texts: [String?] = []
  private var usedColumns: [Int] = []

  init(fileName: String, options: CSVReadOptions, report: @escaping DiagnosticHandler) {
    self.fileName = fileName
    self.options = options
    self.report = report
    self.delimiter = options.delimiter
    self.order = options.dateOrder
  }

  /// Whether the header row has been found.
  var hasHeader: Bool { columns != nil }
  /// Whether rows wait for the date order.
  var hasHeldBackRows: Bool { !heldBack.isEmpty }

  /// This state with its own copies of the strings and arrays every row reads, for a conversion
  /// thread: sharing them made every row's retain and release fight over the same memory with
  /// the other threads.
  func withPrivateStorage() -> CSVRowState {
    var copy = self
    copy.fileName = privateCopy(fileName)
    copy.headerNames = headerNames.map(privateCopy)
    copy.usedColumns = usedColumns.map { $0 }
    copy.columns?.events = columns?.events.map { $0 } ?? []
    copy.texts = texts.map { $0 }
    return copy
  }

  /// Notes that the encoding notice was given (by a batch converted on another thread).
  mutating func noteEncodingWarning() { warnedAboutEncoding = true }
  var hasWarnedAboutEncoding: Bool { warnedAboutEncoding }

  mutating func consume(
    _ record: UnsafeBufferPointer<UInt8>, info: CSVRecordScanner.Record,
    body: (Contact) throws -> Void
  ) throws {
    if record.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }  // blank line
    let location = SourceLocation(file: fileName, line: info.line)
    if info.unterminatedQuote {
      report(
        Diagnostic(
          "unterminated quoted field: the file ends inside quotes opened on this row", at: location)
      )
    }
    guard let columns else {
      try findHeader(record, location: location)
      return
    }
    fields.split(record, delimiter: delimiter ?? UInt8(ascii: ","), neededFields: texts.count)
    if fields.count != headerNames.count {
      report(
        Diagnostic(
          "row has \(fields.count) field\(fields.count == 1 ? "" : "s"), the header has \(headerNames.count)",
          at: location, isConversionFailure: false))
    }
    var row = CSVRow(location: location)
    for index in texts.indices { texts[index] = nil }
    for index in usedColumns where index < fields.count {
      texts[index] = decode(field: index, of: record, location: location)
    }
    let texts = self.texts
    let text = { (index: Int?) -> String? in index.flatMap { $0 < texts.count ? texts[$0] : nil } }
    row.uid = text(columns.uid)
    let first = text(columns.first).flatMap { $0.isEmpty ? nil : $0 }
    let middle = text(columns.middle).flatMap { $0.isEmpty ? nil : $0 }
    let given = first.map { first in middle.map { first + " " + $0 } ?? first } ?? middle
    row.name = PersonName(formatted: text(columns.name), given: given, family: text(columns.last))
    if let index = columns.birthday {
      row.birthday = cell(text(index) ?? "", header: headerNames[index], location: location)
    } else if let ymd = columns.yearMonthDay {
      let headers = [ymd.year, ymd.month, ymd.day].compactMap { $0 }
        .map { "'\(headerNames[$0])'" }.joined(separator: ", ")
      row.yearMonthDay = (
        text(ymd.year) ?? "", text(ymd.month) ?? "", text(ymd.day) ?? "", headers
      )
    }
    if let index = columns.anniversary, let value = text(index) {
      row.anniversaries.append(cell(value, header: headerNames[index], location: location))
    }
    for event in columns.events where CSVColumnMap.key(text(event.label) ?? "") == "anniversary" {
      if let value = text(event.value) {
        row.anniversaries.append(cell(value, header: headerNames[event.value], location: location))
      }
    }
    for event in columns.events {
      let label = TextSanitizer.singleLine(text(event.label) ?? "")
      guard !label.isEmpty, CSVColumnMap.key(label) != "anniversary",
        let value = text(event.value), !value.isEmpty
      else { continue }
      row.otherDates.append(
        (label, cell(value, header: headerNames[event.value], location: location)))
    }
    for index in columns.groups {
      if let cell = text(index) { row.groups += CSVRow.groupNames(in: cell) }
    }
    if requiresKnownOrder, order == nil, row.needsDateOrder || !heldBack.isEmpty {
      throw CSVRowNeedsDateOrder()
    }
    try decideOrder(from: row)
    if order == nil, !heldBack.isEmpty || row.isAmbiguous {
      heldBack.append(row)
      return
    }
    try flushHeldBack(body: body)
    try body(row.contact(order: order, report: report))
  }

  mutating func finish(body: (Contact) throws -> Void) throws {
    if columns == nil, let firstRow {
      // Short: an Outlook header row is 2.5 KB; the first columns are enough to recognise it.
      let shown = firstRow.prefix(5).map { header -> String in
        let text = TextSanitizer.singleLine(header)
        guard text.count > 30 else { return "'\(text)'" }
        var cut = text.prefix(30)
        while cut.last == " " { cut.removeLast() }
        return "'\(cut)…'"
      }
      let more = firstRow.count > shown.count ? ", … (\(firstRow.count) columns)" : ""
      throw InputFormatError(
        "no header row found: no column is named like a name or a birthday; the first row has "
          + shown.joined(separator: ", ") + more
          + "; map the columns with --column birthday=HEADER --column name=HEADER",
        at: SourceLocation(file: fileName, line: 1))
    }
    guard let first = heldBack.first else { return }
    guard order != nil else {
      let sample = first.firstAmbiguous ?? ("", "")
      throw InputFormatError(
        "numeric dates such as '\(sample.value)' in column '\(sample.header)' can be month/day or day/month, and no date in the file decides; use --date-order mdy or --date-order dmy",
        at: first.location)
    }
    try flushHeldBack(body: body)
  }

  /// Parses with the order the user gave, not an inferred one, so that a later date proving the
  /// other order is seen as a conflict rather than as an invalid date.
  private func cell(_ value: String, header: String, location: SourceLocation) -> CSVCell {
    let parsed = CSVDateValue.parse(value, order: options.dateOrder)
    return CSVCell(
      value: value, header: header, parsed: parsed,
      hasTwoDigitYear: parsed != .invalid && parsed != .none
        && CSVDateValue.hasTwoDigitYear(value))
  }

  /// A row whose dates prove an order fixes it for the whole file; proof of the other order later
  /// is an error (the file mixes formats).
  private mutating func decideOrder(from row: CSVRow) throws {
    try row.forEachCell { cell in
      guard case .proves(let proven, _) = cell.parsed else { return }
      if let order, order != proven, options.dateOrder == nil, let proof = orderProof {
        throw InputFormatError(
          "the file mixes date orders: line \(proof.line) has '\(proof.value)' (\(order == .dmy ? "day" : "month") first) and this row has '\(cell.value)' (\(proven == .dmy ? "day" : "month") first); use --date-order to choose",
          at: row.location)
      }
      if order == nil {
        order = proven
        orderProof = (row.location.line, cell.value)
      }
    }
  }

  private mutating func flushHeldBack(body: (Contact) throws -> Void) throws {
    let rows = heldBack
    heldBack.removeAll()
    for row in rows { try body(row.contact(order: order, report: report)) }
  }

  private mutating func findHeader(
    _ record: UnsafeBufferPointer<UInt8>, location: SourceLocation
  ) throws {
    let candidates: [UInt8] =
      options.delimiter.map { [$0] } ?? [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09]
    var best: (delimiter: UInt8, headers: [String], recognized: Int)?
    for candidate in candidates {
      fields.split(record, delimiter: candidate)
      var headers: [String] = []
      for index in 0..<fields.count {
        headers.append(decode(field: index, of: record, location: location))
      }
      let keys = headers.map(CSVColumnMap.key)
      let recognized =
        CSVColumnMap.aliases.values.reduce(0) { count, names in
          count + (names.contains { keys.contains($0) } ? 1 : 0)
        }
        + options.columnOverrides.values.filter { keys.contains(CSVColumnMap.key($0)) }.count
      if recognized > (best?.recognized ?? 0) { best = (candidate, headers, recognized) }
      // The first row as split by the delimiter that gives the most fields, for the message
      // when no header is ever found.
      if !hasSeenFirstRow, headers.count > (firstRow?.count ?? 0) { firstRow = headers }
    }
    hasSeenFirstRow = true
    guard let best else { return }  // a preamble line
    guard
      let map = try CSVColumnMap.map(
        headers: best.headers, overrides: options.columnOverrides, location: location)
    else { return }
    guard map.hasBirthday else {
      throw InputFormatError(
        "no birthday column: the header row has "
          + best.headers.map { "'\(TextSanitizer.singleLine($0))'" }.joined(separator: ", ")
          + "; map one with --column birthday=HEADER",
        at: location)
    }
    delimiter = best.delimiter
    headerNames = best.headers.map(TextSanitizer.singleLine)
    columns = map
    usedColumns = map.usedColumns
    texts = Array(repeating: nil, count: (usedColumns.max() ?? 0) + 1)
  }

  /// Cells longer than this are cut before decoding: no name or date needs more, and a
  /// runaway cell must not cost memory several times its size.
  static let cellLimit = 16 * 1024

  /// Decodes field `index` of `record` (split last), reporting a cut cell and the first cell
  /// that is not UTF-8.
  private mutating func decode(
    field index: Int, of record: UnsafeBufferPointer<UInt8>, location: SourceLocation
  ) -> String {
    // The decoding itself does not touch `self`: a closure that mutated it while `fields` was
    // being read made the compiler copy the whole state for every cell.
    let (text, wasCut, usedFallback) = fields.withField(index, of: record, Self.decodeCell)
    if wasCut {
      report(
        Diagnostic(
          "a field longer than 16 KiB was cut to its first 16 KiB", at: location,
          isConversionFailure: false))
    }
    if usedFallback, !warnedAboutEncoding {
      warnedAboutEncoding = true
      report(Diagnostic(.csvNotUTF8, at: location))
    }
    return text
  }

  /// A cell's text, cut to ``cellLimit`` bytes (whole characters); UTF-8, else Windows-1252.
  private static func decodeCell(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    text: String, wasCut: Bool, usedFallback: Bool
  ) {
    var bytes = bytes
    let wasCut = bytes.count > cellLimit
    if wasCut {
      var end = cellLimit
      while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // keep characters whole
      bytes = UnsafeBufferPointer(rebasing: bytes[..<end])
    }
    let (text, usedFallback) = TextDecoding.decodeUTF8OrWindows1252(bytes)
    return (text, wasCut, usedFallback)
  }
}

/// `text` in storage of its own (not shared with `text`).
func privateCopy(_ text: String) -> String {
  String(decoding: Array(text.utf8), as: UTF8.self)
}

/// Thrown by a ``CSVRowState`` with ``CSVRowState/requiresKnownOrder`` set.
struct CSVRowNeedsDateOrder: Error {}

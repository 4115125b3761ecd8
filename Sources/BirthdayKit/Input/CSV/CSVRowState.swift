/// The reader's state between rows: header, delimiter, date order and held-back rows.
///
/// A value (`Sendable`): the parallel driver hands a copy, as it stands when a batch is cut, to
/// the thread that reads the batch. Diagnostics go to the handler each call is given.
struct CSVRowState {
  private(set) var fileName: String
  let options: CSVReadOptions
  /// Set on copies that read a batch on another thread: a row whose dates need the file's date
  /// order while it is not known yet is not read (``consume(_:info:report:body:)`` returns
  /// ``Consumed/needsDateOrder``), so that the batch is read again in sequence.
  var requiresKnownOrder = false
  private(set) var delimiter: UInt8?
  /// Meaningful once ``hasHeader``. Not optional: unwrapping it copied the map, and retained and
  /// released its arrays, for every row.
  private var columns = CSVColumnMap()
  private var hasColumns = false
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
  /// The last group cell read and its names: consecutive rows mostly have the same one (every
  /// row of a Google export is in `* myContacts`), and then share its array.
  private var lastGroupCell = ""
  private var lastGroupNames: [String] = []

  init(fileName: String, options: CSVReadOptions) {
    self.fileName = fileName
    self.options = options
    self.delimiter = options.delimiter
    self.order = options.dateOrder
  }

  /// Whether the header row has been found.
  var hasHeader: Bool { hasColumns }
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
    copy.columns.events = columns.events.map { $0 }
    copy.columns.groups = columns.groups.map { $0 }
    copy.columns.emails = columns.emails.map { $0 }
    copy.columns.phones = columns.phones.map { $0 }
    copy.columns.entries = columns.entries.map { $0 }
    copy.texts = texts.map { $0 }
    copy.lastGroupCell = ""
    copy.lastGroupNames = []
    return copy
  }

  /// Notes that the encoding notice was given (by a batch converted on another thread).
  mutating func noteEncodingWarning() { warnedAboutEncoding = true }
  var hasWarnedAboutEncoding: Bool { warnedAboutEncoding }

  /// What ``consume(_:info:report:body:)`` did with a record.
  enum Consumed {
    /// Read: a header, a preamble line, a row held back or handed to `body`.
    case read
    /// Not read: the row needs the date order, unknown yet (only with ``requiresKnownOrder``).
    case needsDateOrder
  }

  /// Reads one record: the header, or a data row whose contact goes to `body` (or is held back
  /// until the date order is known).
  @discardableResult
  mutating func consume(
    _ record: Span<UInt8>, info: CSVRecordScanner.Record,
    report: DiagnosticHandler, body: (Contact) throws -> Void
  ) throws -> Consumed {
    if Self.isBlank(record) { return .read }  // blank line
    let location = SourceLocation(file: fileName, line: info.line)
    if info.unterminatedQuote {
      report(Diagnostic(.csvUnterminatedQuote, at: location))
    }
    guard hasColumns else {
      try findHeader(record, location: location, report: report)
      return .read
    }
    fields.split(record, delimiter: delimiter ?? UInt8(ascii: ","), neededFields: texts.count)
    if fields.count != headerNames.count {
      report(Diagnostic(.csvFieldCount(fields.count, header: headerNames.count), at: location))
    }
    // A `let`, made by a function of its own, so that it can be consumed below: Swift 6.3 does
    // not support `consume` of the `var` the row is built in.
    let row = dataRow(of: record, at: location, report: report)
    if requiresKnownOrder, order == nil, row.needsDateOrder || !heldBack.isEmpty {
      return .needsDateOrder
    }
    try decideOrder(from: row)
    if order == nil, !heldBack.isEmpty || row.isAmbiguous {
      heldBack.append(consume row)
      return .read
    }
    try flushHeldBack(report: report, body: body)
    try body((consume row).contact(order: order, report: report))
    return .read
  }

  /// The row of the data record `record` (split into ``fields`` already), its used cells
  /// decoded.
  private mutating func dataRow(
    of record: Span<UInt8>, at location: SourceLocation, report: DiagnosticHandler
  ) -> CSVRow {
    var row = CSVRow(location: location)
    // Only the used columns are ever set, so only they are reset: clearing every column cost a
    // uniqueness check and a release per column and row.
    for index in usedColumns {
      texts[index] =
        index < fields.count
        ? decode(field: index, of: record, location: location, report: report) : nil
    }
    let texts = self.texts
    let text = { (index: Int?) -> String? in index.flatMap { $0 < texts.count ? texts[$0] : nil } }
    row.uid = text(columns.uid)
    if options.readsIdentityKeys {
      row.identityKey = ContactIdentityKey.first(
        emails: columns.emails.compactMap(text), phones: columns.phones.compactMap(text),
        entries: columns.entries.compactMap(text))
    }
    let first = text(columns.first).flatMap { $0.isEmpty ? nil : $0 }
    let middle = text(columns.middle).flatMap { $0.isEmpty ? nil : $0 }
    let given = first.map { first in middle.map { first + " " + $0 } ?? first } ?? middle
    row.name = PersonName(formatted: text(columns.name), given: given, family: text(columns.last))
    if let index = columns.birthday, let system = options.dateCalendar {
      row.calendarBirthday = Self.calendarDate(
        text(index), header: headerNames[index], system: system, at: location, report: report)
    } else if let index = columns.birthday {
      row.birthday = Self.cell(
        text(index) ?? "", header: headerNames[index], field: index, of: record, row: location,
        order: options.dateOrder, fields: fields)
    } else if let ymd = columns.yearMonthDay {
      let headers = [ymd.year, ymd.month, ymd.day].compactMap { $0 }
        .map { "'\(headerNames[$0])'" }.joined(separator: ", ")
      row.yearMonthDay = (
        text(ymd.year) ?? "", text(ymd.month) ?? "", text(ymd.day) ?? "", headers
      )
    }
    if let lunar = columns.lunarBirthday, row.calendarBirthday == nil {
      row.calendarBirthday = Self.calendarDate(
        text(lunar.index), header: headerNames[lunar.index], system: lunar.system, at: location,
        report: report)
    }
    if let index = columns.anniversary, let value = text(index) {
      row.anniversaries.append(
        Self.cell(
          value, header: headerNames[index], field: index, of: record, row: location,
          order: options.dateOrder, fields: fields))
    }
    for event in columns.events where CSVColumnMap.key(text(event.label) ?? "") == "anniversary" {
      if let value = text(event.value) {
        row.anniversaries.append(
          Self.cell(
            value, header: headerNames[event.value], field: event.value, of: record,
            row: location, order: options.dateOrder, fields: fields))
      }
    }
    for event in columns.events {
      let label = TextSanitizer.singleLine(text(event.label) ?? "")
      guard !label.isEmpty, CSVColumnMap.key(label) != "anniversary",
        let value = text(event.value), !value.isEmpty
      else { continue }
      row.otherDates.append(
        (
          label,
          Self.cell(
            value, header: headerNames[event.value], field: event.value, of: record,
            row: location, order: options.dateOrder, fields: fields)
        ))
    }
    for index in columns.groups {
      if let cell = text(index) {
        let names = groupNames(in: cell)
        if row.groups.isEmpty { row.groups = names } else { row.groups += names }
      }
    }
    return row
  }

  /// ``CSVRow/groupNames(in:)``, from the last cell's names when `cell` is the same.
  private mutating func groupNames(in cell: String) -> [String] {
    if cell != lastGroupCell {
      lastGroupNames = CSVRow.groupNames(in: cell)
      lastGroupCell = cell
    }
    return lastGroupNames
  }

  /// Ends the file: gives the held-back rows, or throws what only the whole file tells (no
  /// header, dates that never decide their order).
  mutating func finish(report: DiagnosticHandler, body: (Contact) throws -> Void) throws {
    if !hasColumns, let firstRow {
      // Short: an Outlook header row is 2.5 KB; the first columns are enough to recognise it.
      let shown = firstRow.prefix(5).map { header -> String in
        let text = TextSanitizer.singleLine(header)
        guard text.count > 30 else { return "'\(text)'" }
        var cut = text.prefix(30)
        while cut.last == " " { cut.removeLast() }
        return "'\(cut)…'"
      }
      throw InputFormatError(
        .csvNoHeader(shown: shown, columns: firstRow.count),
        at: SourceLocation(file: fileName, line: 1))
    }
    guard let first = heldBack.first else { return }
    guard order != nil else {
      let sample = first.firstAmbiguous ?? ("", "")
      throw InputFormatError(
        .csvAmbiguousDateOrder(value: sample.value, column: sample.header), at: first.location)
    }
    try flushHeldBack(report: report, body: body)
  }

  /// Parses with the order the user gave, not an inferred one, so that a later date proving the
  /// other order is seen as a conflict rather than as an invalid date.
  ///
  /// The cell's location is its field's line and column (`row` is the record's first line).
  ///
  /// Static, with the state's parts as arguments: as a method it made the compiler copy the
  /// whole state (and retain and release every string and array in it) for each row.
  private static func cell(
    _ value: String, header: String, field: Int, of record: Span<UInt8>,
    row: SourceLocation, order: DateOrder?, fields: borrowing CSVFieldSplitter
  ) -> CSVCell {
    let parsed = CSVDateValue.parse(value, order: order)
    let position = fields.position(ofField: field, in: record)
    let location = SourceLocation(
      file: row.file, line: row.line + (position?.lines ?? 0), column: position?.column)
    return CSVCell(
      value: value, header: header, location: location, parsed: parsed,
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
          .csvMixedDateOrders(
            proofLine: proof.line, proofValue: proof.value, order: order, value: cell.value,
            proven: proven),
          at: row.location)
      }
      if order == nil {
        order = proven
        orderProof = (row.location.line, cell.value)
      }
    }
  }

  private mutating func flushHeldBack(
    report: DiagnosticHandler, body: (Contact) throws -> Void
  ) throws {
    let rows = heldBack
    heldBack.removeAll()
    for row in rows { try body(row.contact(order: order, report: report)) }
  }

  private mutating func findHeader(
    _ record: Span<UInt8>, location: SourceLocation, report: DiagnosticHandler
  ) throws {
    let candidates: [UInt8] =
      options.delimiter.map { [$0] } ?? [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09]
    var best: (delimiter: UInt8, headers: [String], recognized: Int)?
    for candidate in candidates {
      fields.split(record, delimiter: candidate)
      var headers: [String] = []
      for index in 0..<fields.count {
        headers.append(decode(field: index, of: record, location: location, report: report))
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
      throw InputFormatError(.csvNoBirthdayColumn(headers: best.headers), at: location)
    }
    delimiter = best.delimiter
    headerNames = best.headers.map(TextSanitizer.singleLine)
    columns = map
    if !options.readsIdentityKeys {
      (columns.emails, columns.phones, columns.entries) = ([], [], [])
    }
    hasColumns = true
    usedColumns = columns.usedColumns
    texts = Array(repeating: nil, count: (usedColumns.max() ?? 0) + 1)
  }

  /// Cells longer than this are cut before decoding: no name or date needs more, and a
  /// runaway cell must not cost memory several times its size.
  static let cellLimit = 16 * 1024

  /// Decodes field `index` of `record` (split last), reporting a cut cell and the first cell
  /// that is not UTF-8.
  private mutating func decode(
    field index: Int, of record: Span<UInt8>, location: SourceLocation,
    report: DiagnosticHandler
  ) -> String {
    // The decoding itself does not touch `self`: a closure that mutated it while `fields` was
    // being read made the compiler copy the whole state for every cell.
    let (text, wasCut, usedFallback) = fields.withField(index, of: record, Self.decodeCell)
    if wasCut {
      report(Diagnostic(.csvFieldTooLong, at: location))
    }
    if usedFallback, !warnedAboutEncoding {
      warnedAboutEncoding = true
      report(Diagnostic(.csvNotUTF8, at: location))
    }
    return text
  }

  /// A cell's text, cut to ``cellLimit`` bytes (whole characters); UTF-8, else Windows-1252.
  private static func decodeCell(_ bytes: Span<UInt8>) -> (
    text: String, wasCut: Bool, usedFallback: Bool
  ) {
    if bytes.isEmpty { return ("", false, false) }  // many cells (a middle name): no decoding
    var bytes = bytes
    let wasCut = bytes.count > cellLimit
    if wasCut {
      var end = cellLimit
      while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // keep characters whole
      bytes = bytes.extracting(..<end)
    }
    // ASCII (most cells) is UTF-8 as it is: decoded without checking the result for repairs.
    if ByteKernel.isASCII(bytes) {
      return (ByteKernel.string(decoding: bytes), wasCut, false)
    }
    let (text, usedFallback) = TextDecoding.decodeUTF8OrWindows1252(bytes)
    return (text, wasCut, usedFallback)
  }

  /// Whether `record` is only spaces and tabs (or empty).
  private static func isBlank(_ record: Span<UInt8>) -> Bool {
    for index in record.indices where record[index] != 0x20 && record[index] != 0x09 {
      return false
    }
    return true
  }
}

// libFuzzer target: the CSV reader and the whole CSV -> iCalendar conversion.
// Built by Scripts/fuzz together with Sources/BirthdayKit (not part of the package build).
//
// Properties: the reader either reads or throws InputFormatError (no header, ambiguous dates),
// never anything else; row locations are real lines; the calendar passes CalendarStructureCheck;
// converting on two threads gives exactly what converting in sequence gives.

@_cdecl("LLVMFuzzerTestOneInput")
public func csvReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
  var converter = BirthdayCalendarConverter(
    sink: MemoryByteSink(),
    options: .init(
      calendar: CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0)),
      includeAnniversaries: true),
    diagnostics: { _ in })
  do {
    try converter.begin()
    var reader = CSVContactReader(source: MemoryByteSource(bytes), fileName: "fuzz.csv") { _ in }
    try reader.forEachContact { contact in
      precondition((1...lineCount).contains(contact.location.line), "location outside the input")
      try converter.add(contact, recordNoun: "row")
    }
  } catch is InputFormatError {
    return 0
  } catch {
    fatalError("unexpected error: \(error)")
  }
  guard (try? converter.finish()) != nil else { fatalError("memory sink cannot fail") }
  let problems = CalendarStructureCheck.problems(in: converter.sink.bytes)
  precondition(problems.isEmpty, "invalid calendar: \(problems)")
  let sequential = conversion(of: bytes, parallel: false)
  let parallel = conversion(of: bytes, parallel: true)
  precondition(parallel.output == sequential.output, "parallel output differs")
  precondition(parallel.diagnostics == sequential.diagnostics, "parallel diagnostics differ")
  precondition(parallel.error == sequential.error, "parallel error differs")
  return 0
}

/// The whole conversion, in sequence or on two threads with tiny batches: both must give the
/// same bytes, the same diagnostics in the same order, and the same error.
func conversion(of bytes: [UInt8], parallel: Bool) -> (
  output: [UInt8], diagnostics: [String], error: String?
) {
  var diagnostics: [String] = []
  var converter = BirthdayCalendarConverter(
    sink: MemoryByteSink(),
    options: .init(
      calendar: CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0)),
      includeAnniversaries: true),
    diagnostics: { diagnostics.append($0.description) })
  do {
    try converter.begin()
    if parallel {
      try converter.convertCSVInParallel(
        MemoryByteSource(bytes), fileName: "fuzz.csv", options: .init(), threads: 2,
        batchSize: 64)
    } else {
      var reader = CSVContactReader(source: MemoryByteSource(bytes), fileName: "fuzz.csv") {
        diagnostics.append($0.description)
      }
      try converter.convert(&reader, recordNoun: "row")
    }
    _ = try converter.finish()
    return (converter.sink.bytes, diagnostics, nil)
  } catch {
    return ([], diagnostics, "\(error)")
  }
}

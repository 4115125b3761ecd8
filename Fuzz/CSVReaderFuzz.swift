// libFuzzer target: the CSV reader and the whole CSV -> iCalendar conversion.
// Built by Scripts/fuzz together with Sources/BirthdayKit and the other library targets into one
// fuzzer (Fuzz/Support/FuzzEntry.swift picks this one); not part of the package build.
//
// Properties: the reader either reads or throws InputFormatError (no header, ambiguous dates),
// never anything else; row locations are real lines; the calendar passes CalendarStructureCheck;
// converting on two threads gives exactly what converting in sequence gives.

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
      try converter.add(contact, recordNoun: .row)
    }
  } catch is InputFormatError {
    return 0
  } catch {
    fatalError("unexpected error: \(error)")
  }
  guard (try? converter.finish()) != nil else { fatalError("memory sink cannot fail") }
  let problems = CalendarStructureCheck.problems(in: converter.sink.bytes)
  precondition(problems.isEmpty, "invalid calendar: \(problems)")
  let sequential = ConversionRun { converter, report in
    var reader = CSVContactReader(
      source: MemoryByteSource(bytes), fileName: "fuzz.csv", diagnostics: report)
    try converter.convert(&reader, recordNoun: .row)
  }
  let parallel = ConversionRun { converter, _ in
    try converter.convert(
      CSVSegmentedInput(
        source: MemoryByteSource(bytes), fileName: "fuzz.csv", options: .init(), batchSize: 64),
      threads: 2)
  }
  precondition(parallel == sequential, "the parallel conversion differs from the sequential one")
  return 0
}

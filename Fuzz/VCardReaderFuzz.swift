// libFuzzer target: the vCard reader and the whole vCard -> iCalendar conversion.
// Built by Scripts/fuzz together with Sources/BirthdayKit and the other library targets into one
// fuzzer (Fuzz/Support/FuzzEntry.swift picks this one); not part of the package build.
//
// Properties checked on every input, beyond "no crash":
// - the reader returns (it never throws for bad content, only for non-vCard input);
// - every contact's location is a real line of the input;
// - the calendar written from whatever was read passes CalendarStructureCheck;
// - converting on two threads gives exactly what converting in sequence gives.

public func vCardReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
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
    var reader = VCardReader(source: MemoryByteSource(bytes), fileName: "fuzz.vcf") { _ in }
    try reader.forEachContact { contact in
      precondition((1...lineCount).contains(contact.location.line), "location outside the input")
      try converter.add(contact)
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
    var reader = VCardReader(
      source: MemoryByteSource(bytes), fileName: "fuzz.vcf", diagnostics: report)
    try converter.convert(&reader)
  }
  let parallel = ConversionRun { converter, _ in
    try converter.convert(
      VCardSegmentedInput(
        file: MemoryRandomAccessSource(bytes), fileName: "fuzz.vcf", segmentSize: 64),
      threads: 2)
  }
  precondition(parallel == sequential, "the parallel conversion differs from the sequential one")
  return 0
}

// The oracles the tests and the fuzz targets share. Scripts/fuzz compiles this folder into the
// library fuzzer as part of the BirthdayKit module (-D BDCONVERT_FUZZ), so nothing here imports
// Testing or Foundation, and the library's import is left out there.
#if !BDCONVERT_FUZZ
  import BirthdayKit
#endif

/// What a whole conversion gave: the calendar (empty after an error), every diagnostic in
/// order, the statistics and the error, if any. Converting in parallel must give the run of
/// converting in sequence.
package struct ConversionRun: Equatable {
  package var output: [UInt8]
  package var diagnostics: [String]
  package var statistics: String
  package var error: String?

  /// Runs `body` on a new converter (anniversaries included, timestamp 0) and collects, in
  /// order, its diagnostics and those `body` reports through the handler it is given; records
  /// with problems are counted through both, as the command line counts them.
  package init(
    _ body: (inout BirthdayCalendarConverter<MemoryByteSink>, @escaping DiagnosticHandler) throws
      -> Void
  ) {
    final class Lines { var all: [String] = [] }
    let lines = Lines()
    let failures = ConversionFailureCounter()
    let report = failures.counting { lines.all.append($0.description) }
    var converter = BirthdayCalendarConverter(
      sink: MemoryByteSink(),
      options: .init(
        calendar: CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0)),
        includeAnniversaries: true),
      diagnostics: report, failureCounter: failures)
    var error: String?
    do {
      try converter.begin()
      try body(&converter, report)
      _ = try converter.finish()
    } catch let caught {
      error = "\(caught)"
    }
    self.output = error == nil ? converter.sink.bytes : []
    self.diagnostics = lines.all
    self.statistics = "\(converter.statistics)"
    self.error = error
  }
}

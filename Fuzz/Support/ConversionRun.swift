// Shared by the fuzz targets (Scripts/fuzz builds every file of Fuzz/Support into each target).

/// What a whole conversion gave: the calendar (empty after an error), the diagnostics in order,
/// and the error, if any. The parallel and the sequential path must give equal runs.
struct ConversionRun: Equatable {
  var output: [UInt8]
  var diagnostics: [String]
  var error: String?

  /// Runs `body` on a new converter whose diagnostics, and those `body` reports through the
  /// handler it is given, are collected in order.
  init(
    _ body: (inout BirthdayCalendarConverter<MemoryByteSink>, @escaping DiagnosticHandler) throws
      -> Void
  ) {
    final class Lines { var all: [String] = [] }
    let lines = Lines()
    let report: DiagnosticHandler = { lines.all.append($0.description) }
    var converter = BirthdayCalendarConverter(
      sink: MemoryByteSink(),
      options: .init(
        calendar: CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0)),
        includeAnniversaries: true),
      diagnostics: report)
    do {
      try converter.begin()
      try body(&converter, report)
      _ = try converter.finish()
      self.init(output: converter.sink.bytes, diagnostics: lines.all, error: nil)
    } catch {
      self.init(output: [], diagnostics: lines.all, error: "\(error)")
    }
  }

  init(output: [UInt8], diagnostics: [String], error: String?) {
    self.output = output
    self.diagnostics = diagnostics
    self.error = error
  }
}

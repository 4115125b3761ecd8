import BirthdayKit

/// The conversion that `convert`, `sync` and `upcoming` call: address books in, birthdays out,
/// as ``options`` ask. A value: each call says where the calendar goes and what its caller
/// follows (``Run``), so that no command configures another.
struct ConversionEngine {
  /// What to convert and how: the inputs, the events, the calendar.
  let options: ConvertOptions

  /// What a caller adds to one conversion.
  struct Run {
    /// `DTSTAMP`, and the year the ages count from.
    var timestamp: UTCTimestamp
    /// Where the calendar goes instead of `-o` or standard output (`sync` reads it back).
    var scratch: TemporaryFile?
    /// Every input must be usable: one that is not ends the run even without `--strict` (`sync`
    /// must never see an address book with a file missing).
    var requiresEveryInput = false
    /// CardDAV address books among the inputs, already read from their servers.
    var addressBooks: ServerAddressBooks?
    /// Told about every event written (`sync` learns the wanted events from it).
    var eventObserver: (any RenderedEventObserver)?
    /// The name of the file or resource that holds a contact alone (`sync`'s keys).
    var resourceName: (@Sendable (SourceLocation) -> String?)?
  }

  /// Converts every input into one calendar and fills `report`; returns the exit status.
  /// Diagnostics go to standard error.
  ///
  /// With several inputs, an input that cannot be used as a whole (it cannot be opened, is not a
  /// contact file, has no birthday column) is reported and left out, the others are converted and
  /// the calendar is written, and the status is that input's (the first one's); under `--strict`
  /// it fails the run and nothing is written.
  func convert(_ run: Run, report: ConversionReport) throws(CommandError) -> ExitStatus {
    report.inputs = options.inputs
    report.output = options.outputPath ?? "-"
    // Open every input first: a missing file is found before any output is created.
    let inputs = try openInputs(run, report: report)
    defer { for input in inputs.files { input.close() } }
    let output = try output(run, inputs: inputs.files)
    let progress = ProgressReporter(writesStandardOutput: options.outputPath == nil)
    progress.totalBytes = ProgressReporter.totalSize(of: inputs.files.map(\.descriptor))
    defer { progress.finish() }
    var printer = DiagnosticPrinter(
      strict: options.strict, keepsDiagnostics: options.summaryJSONPath != nil,
      verbose: options.verbose, progress: progress)
    if let addressBooks = run.addressBooks { printer.relocate = addressBooks.relocate }
    printer.printsNotes = !options.quiet
    defer { printer.finish() }
    report.printer = printer
    report.formats = inputs.formats
    var converter = converter(run, sink: output.sink, inputs: inputs, printer: printer)
    let statistics: ConversionStatistics
    do {
      statistics = try convert(
        inputs, with: &converter, printer: printer, progress: progress, run: run, report: report)
      progress.finish()
    } catch {
      output.discard()
      throw Frontend.commandError(error)
    }
    printer.finish()
    if options.strict, printer.failures > 0 {
      output.discard()
      let noun = printer.failures == 1 ? "problem" : "problems"
      let written =
        options.outputPath.map { "; '\($0)' was not written" }
        ?? "; nothing was written to standard output"
      throw CommandError(
        status: .dataError,
        message: "\(printer.failures) input \(noun) under --strict\(written)")
    }
    try output.commit()
    report.statistics = statistics
    return report.leftOut.first?.error.status ?? .success
  }

  /// Where the calendar goes: the caller's scratch file, `-o`, or standard output (held back
  /// under `--strict`, so that a failed run prints nothing).
  private func output(_ run: Run, inputs: [InputFile]) throws(CommandError) -> OutputTarget {
    if let scratch = run.scratch { return OutputTarget.scratch(scratch) }
    if let path = options.outputPath {
      return try OutputTarget.file(
        path, inputs: inputs.compactMap(\.identity), verbose: options.verbose,
        usage: options.usage)
    }
    if options.strict { return try OutputTarget.standardOutputAfterSuccess() }
    return OutputTarget.standardOutput()
  }

  /// The converter for `inputs`, writing to `sink`.
  private func converter(
    _ run: Run, sink: FileDescriptorSink, inputs: OpenedInputs, printer: DiagnosticPrinter
  ) -> BirthdayCalendarConverter<FileDescriptorSink> {
    var conversion = BirthdayCalendarConverter<FileDescriptorSink>.Options(
      calendar: options.calendarOptions(timestamp: run.timestamp),
      includeAnniversaries: options.includeAnniversaries)
    conversion.builder = celebrationBuilder(
      vCardFiles: zip(inputs.files, inputs.formats).filter { $0.1 == .vCard }.map(\.0.displayName),
      addressBooks: run.addressBooks)
    conversion.builder.resourceName = run.resourceName
    var converter = BirthdayCalendarConverter(
      sink: sink, options: conversion, diagnostics: printer.handler,
      failureCounter: printer.failureCounter)
    if let observer = run.eventObserver { converter.observeEvents(observer) }
    // One person in two sources is one event (the rule `upcoming` follows too).
    if inputs.files.count > 1 { converter.selectAcrossSources() }
    return converter
  }

  /// Who becomes an event, with the group cards of `vCardFiles` and `addressBooks` when
  /// `--group` asks for groups.
  func celebrationBuilder(vCardFiles: [String], addressBooks: ServerAddressBooks?)
    -> CelebrationBuilder
  {
    var builder = options.celebrationBuilder
    if !options.groups.isEmpty {
      GroupCardPrepass.collect(into: &builder, paths: vCardFiles)
      addressBooks?.collectGroupCards(into: &builder)
    }
    return builder
  }
}

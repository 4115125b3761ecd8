import BirthdayKit

/// `vcf-to-ics` and `csv-to-ics`: read address books, write one calendar.
struct ConvertCommand {
  let options: ConvertOptions
  let timestamp: UTCTimestamp
  /// What the run did, for the summary line and `--summary-json`.
  var report = ConversionReport()
  /// Where the calendar goes instead of `-o`/standard output (`sync` reads it back).
  var scratch: TemporaryFile?
  /// Every input must be usable: one that is not ends the run even without `--strict` (`sync`
  /// must never see an address book with a file missing).
  var requiresEveryInput = false
  /// Whether the `converted ...` line is printed (`sync` prints its own).
  var printsSummary = true
  /// CardDAV address books among the inputs, already read from their servers.
  var addressBooks: ServerAddressBooks?
  /// Told about every event written (`sync` learns the wanted events from it).
  var eventObserver: (any RenderedEventObserver)?
  /// The name of the file or resource that holds a contact alone (`sync`'s keys).
  var resourceName: (@Sendable (SourceLocation) -> String?)?

  /// Below this size a file is read on one thread: starting threads would cost more than it saves.
  /// vCard files go parallel from 1 MiB (four segments): 10k contacts (7 MB) already take about
  /// half as long on two free cores, the calling thread's share being small. CSV
  /// keeps 8 MiB (not measured below it).
  static func parallelThreshold(_ format: InputFormat) -> Int {
    format == .vCard ? 1 << 20 : 8 << 20
  }

  /// Runs the conversion; returns the exit status. Diagnostics and the summary go to stderr.
  ///
  /// With several inputs, an input that cannot be used as a whole (it cannot be opened, is not a
  /// contact file, has no birthday column) is reported and left out, the others are converted and
  /// the calendar is written, and the status is that input's (the first one's); under `--strict`
  /// it fails the run and nothing is written.
  func run() throws(CommandError) -> ExitStatus {
    let usage = options.usage
    report.inputs = options.inputs
    report.output = options.outputPath ?? "-"
    // Open every input first: a missing file is found before any output is created.
    var inputs: [InputFile] = []
    var formats: [InputFormat] = []
    defer { for input in inputs { input.close() } }
    for path in options.inputs {
      do throws(CommandError) {
        var input: InputFile
        if let downloaded = try addressBooks?.input(path) {
          input = downloaded
        } else {
          input = try InputFile.open(path)
        }
        do throws(CommandError) {
          formats.append(try format(of: &input))
        } catch {
          input.close()
          throw error
        }
        inputs.append(input)
      } catch {
        try leaveOut(path, error)
      }
    }
    guard !inputs.isEmpty else { throw noUsableInput() }

    let output: OutputTarget
    if let scratch {
      output = OutputTarget.scratch(scratch)
    } else if let path = options.outputPath {
      output = try OutputTarget.file(
        path, inputs: inputs.compactMap(\.identity), verbose: options.verbose, usage: usage)
    } else if options.strict {
      // A failed --strict run prints nothing: standard output is held back until the end.
      output = try OutputTarget.standardOutputAfterSuccess()
    } else {
      output = OutputTarget.standardOutput()
    }

    let progress = ProgressReporter(writesStandardOutput: options.outputPath == nil)
    progress.totalBytes = ProgressReporter.totalSize(of: inputs.map(\.descriptor))
    defer { progress.finish() }
    var printer = DiagnosticPrinter(
      strict: options.strict, keepsDiagnostics: options.summaryJSONPath != nil,
      verbose: options.verbose, progress: progress)
    if let addressBooks { printer.relocate = addressBooks.relocate }
    printer.printsNotes = !options.quiet
    defer { printer.finish() }
    report.printer = printer
    let calendar = options.calendarOptions(timestamp: timestamp)
    var conversion = BirthdayCalendarConverter<FileDescriptorSink>.Options(
      calendar: calendar, includeAnniversaries: options.includeAnniversaries)
    conversion.builder = options.celebrationBuilder
    conversion.builder.resourceName = resourceName
    if !options.groups.isEmpty {
      let vCardFiles = zip(inputs, formats).filter { $0.1 == .vCard }.map(\.0.displayName)
      GroupCardPrepass.collect(into: &conversion.builder, paths: vCardFiles)
      addressBooks?.collectGroupCards(into: &conversion.builder)
    }
    var converter = BirthdayCalendarConverter(
      sink: output.sink, options: conversion,
      diagnostics: printer.handler, failureCounter: printer.failureCounter)
    if let eventObserver { converter.observeEvents(eventObserver) }
    // One person in two sources is one event (the rule `upcoming` follows too).
    if inputs.count > 1 { converter.selectAcrossSources() }

    var statistics: ConversionStatistics
    // What inputs left out after some of their records were read had added to the counts.
    var leftOutCounts = ConversionStatistics()
    var converted = 0
    do {
      try converter.begin()
      for (input, format) in zip(inputs, formats) {
        let before = converter.statistics
        progress.startInput()
        do {
          try reading(format).convert(input, with: &converter, printer: printer, progress: progress)
          converted += 1
          report.recordsPerInput.append(
            (input.displayName, converter.statistics.recordsRead - before.recordsRead))
        } catch let error as InputFormatError
          where converter.statistics.eventsWritten == before.eventsWritten
        {
          // Nothing of this input reached the calendar: it can be left out as a whole.
          progress.clearLine()
          try leaveOut(
            input.displayName,
            CommandError(
              status: .dataError, message: error.messageWithHint, location: error.location))
          leftOutCounts.add(converter.statistics, minus: before)
        }
      }
      guard converted > 0 else { throw noUsableInput() }
      statistics = try converter.finish()
      statistics.subtract(leftOutCounts)
      progress.finish()
    } catch let error as CommandError {
      output.discard()
      throw error
    } catch let error as InputFormatError {
      output.discard()
      throw CommandError(
        status: .dataError, message: error.messageWithHint, location: error.location)
    } catch let error as ByteSourceError {
      output.discard()
      throw CommandError(status: .ioError, message: error.description)
    } catch {
      output.discard()
      throw CommandError(status: .ioError, message: "\(error)")
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
    if !options.quiet, printsSummary {
      StandardStreams.error(summaryLine(statistics, formats: formats))
    }
    return report.leftOut.first?.error.status ?? .success
  }

  private func convert<Sink: ByteSink>(
    _ input: InputFile, with converter: inout BirthdayCalendarConverter<Sink>,
    printer: DiagnosticPrinter, progress: ProgressReporter
  ) throws {
    // Large regular files are read on several threads; the rest in sequence as they stream.
    let file =
      options.threads > 1
      ? FileRandomAccessSource(descriptor: input.descriptor, name: input.displayName)
        .flatMap { $0.size >= Self.parallelThreshold(options.format) ? $0 : nil } : nil
    let stream = CountingByteSource(base: input.byteSource, progress: progress)
    let threads = file == nil ? 0 : options.threads
    let report = { (records: Int, bytes: Int?) in
      if let bytes {
        progress.update(records: records, bytes: bytes)
      } else {
        progress.recordDone()
      }
    }
    switch options.format {
    case .vCard:
      let cards =
        file.map { VCardSegmentedInput(file: $0, fileName: input.displayName) }
        ?? VCardSegmentedInput(stream: stream, fileName: input.displayName)
      try converter.convert(cards, threads: threads, progress: report)
    case .csv:
      let rows = CSVSegmentedInput(
        source: stream, fileName: input.displayName, options: options.csv)
      try converter.convert(rows, threads: threads, progress: report)
    }
  }
}

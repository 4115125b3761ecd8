import BirthdayKit

extension ConversionEngine {
  /// The inputs that could be opened, each with its format.
  struct OpenedInputs {
    var files: [InputFile] = []
    var formats: [InputFormat] = []
  }

  /// Below this size a file is read on one thread: starting threads would cost more than it saves.
  /// vCard files go parallel from 1 MiB (four segments): 10k contacts (7 MB) already take about
  /// half as long on two free cores, the calling thread's share being small. CSV
  /// keeps 8 MiB (not measured below it).
  static func parallelThreshold(_ format: InputFormat) -> Int {
    format == .vCard ? 1 << 20 : 8 << 20
  }

  /// Opens every input and finds its format; an input that cannot be used is left out (see
  /// ``leaveOut(_:_:run:report:)``).
  func openInputs(_ run: Run, report: ConversionReport) throws(CommandError) -> OpenedInputs {
    var opened = OpenedInputs()
    for path in options.inputs {
      do throws(CommandError) {
        var input: InputFile
        if let downloaded = try run.addressBooks?.input(path) {
          input = downloaded
        } else {
          input = try InputFile.open(path)
        }
        do throws(CommandError) {
          opened.formats.append(try format(of: &input))
        } catch {
          input.close()
          throw error
        }
        opened.files.append(input)
      } catch {
        do throws(CommandError) {
          try leaveOut(path, error, run: run, report: report)
        } catch {
          for input in opened.files { input.close() }
          throw error
        }
      }
    }
    guard !opened.files.isEmpty else { throw noUsableInput(report) }
    return opened
  }

  /// The format of `input`: detected from the content (`convert`), or the command's, checked
  /// against the content.
  func format(of input: inout InputFile) throws(CommandError) -> InputFormat {
    guard options.detectsFormat else {
      try input.checkFormat(options.format)
      return options.format
    }
    return try input.detectFormat()
  }

  /// Leaves out an input that cannot be used as a whole: reported, and the run goes on with the
  /// others. A single input, or any under `--strict` or when the run requires every input, ends
  /// the run instead.
  func leaveOut(_ input: String, _ error: CommandError, run: Run, report: ConversionReport)
    throws(CommandError)
  {
    if options.strict || options.inputs.count == 1 || run.requiresEveryInput { throw error }
    StandardStreams.error(error.rendered)
    report.leftOut.append((input, error))
  }

  /// The error when every input was left out: nothing is written.
  func noUsableInput(_ report: ConversionReport) -> CommandError {
    let status = report.leftOut.first?.error.status ?? .dataError
    let written = options.outputPath.map { "; '\($0)' was not written" } ?? ""
    return CommandError(status: status, message: "no input could be used\(written)")
  }

  /// Converts the inputs in order; an input whose records all failed before any event was
  /// written is left out as a whole.
  func convert<Sink: ByteSink>(
    _ inputs: OpenedInputs, with converter: inout BirthdayCalendarConverter<Sink>,
    printer: DiagnosticPrinter, progress: ProgressReporter, run: Run, report: ConversionReport
  ) throws -> ConversionStatistics {
    // What inputs left out after some of their records were read had added to the counts.
    var leftOutCounts = ConversionStatistics()
    var converted = 0
    try converter.begin()
    for (input, format) in zip(inputs.files, inputs.formats) {
      let before = converter.statistics
      progress.startInput()
      do {
        try convert(input, as: format, with: &converter, progress: progress)
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
            status: .dataError, message: error.messageWithHint, location: error.location),
          run: run, report: report)
        leftOutCounts.add(converter.statistics, minus: before)
      }
    }
    guard converted > 0 else { throw noUsableInput(report) }
    var statistics = try converter.finish()
    statistics.subtract(leftOutCounts)
    return statistics
  }

  /// Converts one input; large regular files are read on several threads, the rest in
  /// sequence as they stream.
  private func convert<Sink: ByteSink>(
    _ input: InputFile, as format: InputFormat,
    with converter: inout BirthdayCalendarConverter<Sink>, progress: ProgressReporter
  ) throws {
    let file =
      options.threads > 1
      ? FileRandomAccessSource(descriptor: input.descriptor, name: input.displayName)
        .flatMap { $0.size >= Self.parallelThreshold(format) ? $0 : nil } : nil
    let stream = CountingByteSource(base: input.byteSource, progress: progress)
    let threads = file == nil ? 0 : options.threads
    let report = { (records: Int, bytes: Int?) in
      if let bytes {
        progress.update(records: records, bytes: bytes)
      } else {
        progress.recordDone()
      }
    }
    switch format {
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

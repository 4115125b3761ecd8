import BirthdayKit

/// `convert`, `vcf-to-ics` and `csv-to-ics`: all inputs into one calendar, or with
/// `--output-dir` each input into its own, through the ``ConversionEngine``.
enum ConvertCommand {
  /// Parses, converts and prints the summary; returns the exit status.
  /// - Parameter format: the input format; `nil` detects it per input (`convert`).
  static func run(_ frontend: Frontend, format: InputFormat?) throws(CommandError) -> ExitStatus {
    var options = try ConvertOptions.parse(frontend.arguments, format: format)
    options.language = options.language ?? Language.fromEnvironment(frontend.environment)
    let timestamp = try frontend.timestamp()
    if options.today == nil, frontend.environment["SOURCE_DATE_EPOCH"] != nil {
      options.today = timestamp.date  // reproducible: the same ages on every run
    }
    Frontend.printNotes(options.notes, quiet: options.quiet)
    var reports: [ConversionReport] = []
    var status = ExitStatus.success
    var failure: CommandError?
    if let directory = options.outputDirectory {
      try BatchOutput.createDirectory(directory)
      for input in options.inputs {
        var single = options
        single.inputs = [input]
        single.outputPath = BatchOutput.path(in: directory, for: input)
        let report = ConversionReport(label: "\(input) -> \(single.outputPath ?? "-")")
        reports.append(report)
        do {
          _ = try convert(single, timestamp: timestamp, report: report)
        } catch {
          // Each input is its own run: report it and go on with the others.
          report.error = error
          StandardStreams.error(error.rendered)
          if status == .success { status = error.status }
        }
      }
    } else {
      let report = ConversionReport()
      reports.append(report)
      do {
        status = try convert(options, timestamp: timestamp, report: report)
      } catch {
        report.error = error
        failure = error
      }
    }
    if let path = options.summaryJSONPath {
      try SummaryJSON(reports: reports, status: failure?.status ?? status, strict: options.strict)
        .write(to: path, usage: options.usage)
    }
    if let failure { throw failure }
    return status
  }

  /// One calendar, and its summary line unless `--quiet`.
  private static func convert(
    _ options: ConvertOptions, timestamp: UTCTimestamp, report: ConversionReport
  ) throws(CommandError) -> ExitStatus {
    let status = try ConversionEngine(options: options).convert(
      ConversionEngine.Run(timestamp: timestamp), report: report)
    if !options.quiet, let statistics = report.statistics {
      StandardStreams.error(
        summaryLine(statistics, options: options, timestamp: timestamp, report: report))
    }
    return status
  }
}

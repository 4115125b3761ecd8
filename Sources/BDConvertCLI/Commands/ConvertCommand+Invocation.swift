import BirthdayKit

extension ConvertCommand {
  /// `convert`, `vcf-to-ics` and `csv-to-ics`: parses, then converts all inputs into one
  /// calendar, or with `--output-dir` each input into its own.
  /// - Parameter format: the input format; `nil` detects it per input (`convert`).
  static func run(_ frontend: Frontend, format: InputFormat?) throws(CommandError) -> ExitStatus {
    var options = try ConvertOptions.parse(frontend.arguments, format: format)
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
        let run = ConvertCommand(
          options: single, timestamp: timestamp,
          report: ConversionReport(label: "\(input) -> \(single.outputPath ?? "-")"))
        reports.append(run.report)
        do {
          _ = try run.run()
        } catch {
          // Each input is its own run: report it and go on with the others.
          run.report.error = error
          StandardStreams.error(error.rendered)
          if status == .success { status = error.status }
        }
      }
    } else {
      let run = ConvertCommand(options: options, timestamp: timestamp)
      reports.append(run.report)
      do {
        status = try run.run()
      } catch {
        run.report.error = error
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
  /// others. A single input, or any under `--strict`, ends the run instead.
  func leaveOut(_ input: String, _ error: CommandError) throws(CommandError) {
    if options.strict || options.inputs.count == 1 || requiresEveryInput { throw error }
    StandardStreams.error(error.rendered)
    report.leftOut.append((input, error))
  }

  /// The error when every input was left out: nothing is written.
  func noUsableInput() -> CommandError {
    let status = report.leftOut.first?.error.status ?? .dataError
    let written = options.outputPath.map { "; '\($0)' was not written" } ?? ""
    return CommandError(status: status, message: "no input could be used\(written)")
  }

  /// This command reading `format`.
  func reading(_ format: InputFormat) -> ConvertCommand {
    var options = self.options
    options.format = format
    return ConvertCommand(options: options, timestamp: timestamp, report: report)
  }

  /// `cards`, `rows`, or `records` when both were read.
  static func recordNoun(_ formats: [InputFormat]) -> String {
    guard let first = formats.first, formats.allSatisfy({ $0 == first }) else { return "records" }
    return first.recordNoun
  }

  /// The summary line: `bdconvert: [LABEL: ]converted ...`.
  /// With `{age}` in a template, until which year the ages hold:
  /// `…; ages until 2028 (convert again before then, or sync)`.
  func summaryLine(_ statistics: ConversionStatistics, formats: [InputFormat]) -> String {
    let prefix = report.label.map { "\($0): " } ?? ""
    let ages =
      statistics.eventsWritten > 0
      ? options.lastYearWithAges(timestamp: timestamp).map {
        "; ages until \($0) (convert again before then, or sync)"
      } ?? "" : ""
    return
      "bdconvert: \(prefix)\(statistics.summary(recordNoun: Self.recordNoun(formats)))\(ages)\n"
  }
}

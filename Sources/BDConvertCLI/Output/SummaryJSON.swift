import BirthdayKit
import Foundation

/// `--summary-json FILE|-`: what a conversion did, for batch scripts.
///
/// One object: the exit status and one entry per calendar written (one, or one per input with
/// `--output-dir`), with the counts and every problem reported (a skipped record or date has
/// `"dropped": true`), each with its file, line and message.
struct SummaryJSON: Encodable {
  struct Calendar: Encodable {
    var inputs: [String]
    var output: String
    var status: Int32
    var error: String?
    var records: Int?
    var events: Int?
    var anniversaries: Int?
    var skipped: Int?
    var withoutDate: Int?
    var withProblems: Int?
    var duplicatesMerged: Int?
    var memorials: Int?
    var deceasedLeftOut: Int?
    var notChosen: Int?
    var problems: [Problem]
    /// Inputs left out because they could not be used as a whole.
    var unusableInputs: [UnusableInput]
  }

  struct UnusableInput: Encodable {
    var input: String
    var status: Int32
    var error: String
  }

  struct Problem: Encodable {
    var file: String?
    var line: Int?
    var column: Int?
    var severity: String
    var dropped: Bool
    var message: String
  }

  var version = Version.number
  var status: Int32
  var calendars: [Calendar]

  init(reports: [ConversionReport], status: ExitStatus, strict: Bool) {
    self.status = status.rawValue
    calendars = reports.map { report in
      let problems = (report.printer?.diagnostics ?? []).map { diagnostic in
        Problem(
          file: diagnostic.location?.file, line: diagnostic.location?.line,
          column: diagnostic.location?.column,
          severity: strict && diagnostic.isConversionFailure ? "error" : "warning",
          dropped: diagnostic.isConversionFailure, message: diagnostic.messageWithHint)
      }
      let statistics = report.statistics
      return Calendar(
        inputs: report.inputs, output: report.output,
        status: (report.error ?? report.leftOut.first?.error)?.status.rawValue ?? 0,
        error: report.error?.message,
        records: statistics?.recordsRead, events: statistics?.eventsWritten,
        anniversaries: statistics?.anniversariesWritten, skipped: statistics?.recordsSkipped,
        withoutDate: statistics?.recordsWithoutDate, withProblems: statistics?.recordsWithProblems,
        duplicatesMerged: statistics?.duplicatesMerged, memorials: statistics?.memorialsWritten,
        deceasedLeftOut: statistics?.deceasedLeftOut, notChosen: statistics?.recordsNotChosen,
        problems: problems,
        unusableInputs: report.leftOut.map {
          UnusableInput(input: $0.input, status: $0.error.status.rawValue, error: $0.error.message)
        })
    }
  }

  /// The JSON text, keys sorted, with a final newline.
  func encoded() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// Writes the summary to `path` atomically, or to standard error for `-`.
  func write(to path: String, usage: String) throws(CommandError) {
    let text = encoded()
    if path == "-" {
      StandardStreams.error(text)
      return
    }
    let target = try OutputTarget.file(path, usage: usage)
    do {
      var sink = target.sink
      try sink.write(Array(text.utf8))
    } catch let error as CommandError {
      target.discard()
      throw error
    } catch {
      target.discard()
      throw CommandError(status: .ioError, message: "\(error)")
    }
    try target.commit()
  }
}

import BirthdayKit

/// What one conversion run did, for the summary line and `--summary-json`.
final class ConversionReport {
  /// Names the calendar in the summary line when several are written (`--output-dir`).
  var label: String?
  /// The inputs as given.
  var inputs: [String] = []
  /// The output path, or `-` for standard output.
  var output = "-"
  /// The counts, once the conversion finished.
  var statistics: ConversionStatistics?
  /// The printer, which kept the diagnostics.
  var printer: DiagnosticPrinter?
  /// The format of each input converted, in order (the summary's noun: cards, rows, records).
  var formats: [InputFormat] = []
  /// How many records each input gave, in order (`sync` refuses an empty source).
  var recordsPerInput: [(input: String, records: Int)] = []
  /// Inputs left out because they could not be used as a whole, with why.
  var leftOut: [(input: String, error: CommandError)] = []
  /// The failure that ended the run, if any.
  var error: CommandError?

  init(label: String? = nil) {
    self.label = label
  }
}

import BirthdayKit

extension ConvertCommand {
  /// `cards`, `rows`, or `records` when both were read.
  static func recordNoun(_ formats: [InputFormat]) -> String {
    guard let first = formats.first, formats.allSatisfy({ $0 == first }) else { return "records" }
    return first.recordNoun
  }

  /// The summary line: `bdconvert: [LABEL: ]converted ...`.
  /// With `{age}` in a template, until which year the ages hold:
  /// `…; ages until 2028 (convert again before then, or sync)`.
  static func summaryLine(
    _ statistics: ConversionStatistics, options: ConvertOptions, timestamp: UTCTimestamp,
    report: ConversionReport
  ) -> String {
    let prefix = report.label.map { "\($0): " } ?? ""
    let ages =
      statistics.eventsWritten > 0
      ? options.lastYearWithAges(timestamp: timestamp).map {
        "; ages until \($0) (convert again before then, or sync)"
      } ?? "" : ""
    let summary = statistics.summary(recordNoun: recordNoun(report.formats))
    return "bdconvert: \(prefix)\(summary)\(ages)\n"
  }
}

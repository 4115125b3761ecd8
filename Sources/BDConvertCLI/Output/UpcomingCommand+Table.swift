import BirthdayKit

extension UpcomingCommand {
  /// The aligned table for a terminal, under a header.
  static func table(_ entries: [UpcomingDate]) -> String {
    let header = ["DATE", "DAY", "WHEN", "NAME", "AGE", "KIND"]
    let rows =
      [header]
      + entries.map { entry in
        entry.textLine.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      }
    var widths = Array(repeating: 0, count: header.count)
    for row in rows {
      for (index, field) in row.enumerated() { widths[index] = max(widths[index], field.count) }
    }
    return rows.map { row in
      row.enumerated().map { index, field in
        index == row.count - 1
          ? field : field + String(repeating: " ", count: widths[index] - field.count + 2)
      }.joined()
    }.joined(separator: "\n") + "\n"
  }
}

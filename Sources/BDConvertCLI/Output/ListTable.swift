/// `list` on a terminal: the columns aligned under a header instead of tab-separated.
///
/// The UID column is as wide as the longest UID among the first ``sampleSize`` events (the
/// listing streams, so it is not known for all); a longer UID further down pushes its summary
/// to the right.
///
/// ```
/// NEXT        DATE        UID                                   SUMMARY
/// 2027-02-28  1972-02-29  5b0c...                               Birthday: Jane Doe
/// ```
struct ListTable {
  /// How many rows decide the width of the UID column.
  static let sampleSize = 1000
  /// The width of the date columns: `YYYY-MM-DD`.
  static let dateWidth = 10

  private var pending: [[Substring]] = []
  private var uidWidth: Int?
  private var text = ""

  /// Adds one event, given as its tab-separated line (`NEXT<TAB>DATE<TAB>UID<TAB>SUMMARY`).
  mutating func add(_ textLine: String) {
    let fields = textLine.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
    guard uidWidth == nil else {
      append(fields)
      return
    }
    pending.append(fields)
    if pending.count >= Self.sampleSize { flushPending() }
  }

  /// Writes the rows held so far.
  mutating func finish() {
    if uidWidth == nil { flushPending() }
    StandardStreams.output(text)
    text = ""
  }

  private mutating func flushPending() {
    let widest = pending.map { $0.count > 2 ? $0[2].count : 0 }.max() ?? 0
    uidWidth = max(widest, "UID".count)
    append(["NEXT", "DATE", "UID", "SUMMARY"])
    for fields in pending { append(fields) }
    pending = []
  }

  private mutating func append(_ fields: [Substring]) {
    let widths = [Self.dateWidth, Self.dateWidth, uidWidth ?? 0]
    var line = ""
    for (index, field) in fields.enumerated() {
      if index < widths.count, index < fields.count - 1 {
        line += field + String(repeating: " ", count: max(widths[index] - field.count, 0) + 2)
      } else {
        line += field
      }
    }
    text += line + "\n"
    if text.utf8.count >= 1 << 16 {
      StandardStreams.output(text)
      text = ""
    }
  }
}

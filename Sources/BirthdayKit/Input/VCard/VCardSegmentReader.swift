/// Reads the cards of one segment of a vCard file where it lies in memory: its lines are cut in
/// place, not copied into a line buffer, and numbered from a given line.
///
/// The lines are ``LineCutter``'s lenient lines, those ``LineReader`` gives (CR, LF and CRLF end a line; a leading UTF-8 byte
/// order mark is dropped), so the contacts and diagnostics are those of ``VCardReader``. The
/// segment is never UTF-16: ``VCardSegmentedInput`` reads such files as one stream.
enum VCardSegmentReader {
  /// How reading a segment ended.
  struct Outcome {
    /// The line breaks in the segment.
    var lineBreaks: Int
    /// True when the segment ended inside a card.
    var endedInsideCard: Bool
  }

  /// Gives the contacts of `bytes` to `body` and their diagnostics to `report`, in input order;
  /// the segment's first line is line `linesBefore + 1`.
  ///
  /// - Throws: ``InputFormatError`` when the segment is no vCard on its own, or what `body`
  ///   throws.
  static func read(
    _ bytes: Span<UInt8>, linesBefore: Int, fileName: String,
    report: @escaping DiagnosticHandler, body: (Contact) throws -> Void
  ) throws -> Outcome {
    var scanner = VCardCardScanner(fileName: fileName, report: report)
    let end = bytes.count
    var start = 0
    if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    var lineNumber = linesBefore
    var lineBreaks = 0
    while start < end,
      case .line(let contentEnd, let next, _) = LineCutter.cut(
        bytes, from: start, to: end, isEnd: true, form: .lenient, folding: false)
    {
      if next > contentEnd { lineBreaks += 1 }
      lineNumber += 1
      if try scanner.consume(bytes.extracting(start..<contentEnd), number: lineNumber) {
        while let contact = scanner.takeContact() { try body(contact) }
      }
      start = next
    }
    let endedInsideCard = scanner.isInsideCard
    for contact in try scanner.finish(lastLine: lineNumber) { try body(contact) }
    return Outcome(lineBreaks: lineBreaks, endedInsideCard: endedInsideCard)
  }
}

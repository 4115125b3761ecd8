/// Reads contacts from a vCard file (2.1, 3.0 and 4.0), one card at a time.
///
/// Each `BEGIN:VCARD`…`END:VCARD` becomes one ``Contact`` with its name (`FN`, else built from
/// `N`, else `ORG`), its `UID` (else Apple's `X-ABUID`), its birthday (`BDAY`) and its
/// anniversaries (`ANNIVERSARY`, `X-ANNIVERSARY`, `X-MS-ANNIVERSARY`, `X-EVOLUTION-ANNIVERSARY`,
/// KDE's `X-KADDRESSBOOK-X-Anniversary`, Android's `X-ANDROID-CUSTOM` anniversary events, and
/// `X-ABDATE` labelled `_$!<Anniversary>!$_`). The reader survives what exporters write: a byte order mark, CR, LF
/// and CRLF line ends, folding per version, quoted-printable with soft line breaks, `CHARSET=`,
/// undeclared Windows-1252, groups, 2.1 bare and 4.0 quoted parameters, nested 2.1 `AGENT`
/// cards and large `PHOTO` blocks, which are skipped unread.
///
/// Invalid dates and other problems are reported through the ``DiagnosticHandler`` and never
/// stop the file. A card cut off by the end of the file is reported (as a conversion failure:
/// its tail is lost) and still returned with what was read, since a truncated export usually
/// loses only its last properties. A `BEGIN:VCARD` inside a card is a nested 2.1 card only
/// right after an empty `AGENT:`; anywhere else it means the previous card lacks its
/// `END:VCARD`, which is reported, and a new card starts, so one missing line never swallows
/// the rest of the file. Text between cards is reported once per run of lines and skipped.
/// An empty file has no contacts and is not an error. Text before the first `BEGIN:VCARD` (an
/// exporter's `ENCODING:UTF-8` or "Exported by …" line) is skipped with a notice; a file with
/// no `BEGIN:VCARD` at all, or none in its first 64 KiB of text, is not a vCard file and throws.
///
/// ```swift
/// var reader = VCardReader(
///   source: MemoryByteSource("BEGIN:VCARD\nVERSION:3.0\nFN:Jane Doe\nBDAY:1985-04-12\nEND:VCARD\n"),
///   fileName: "contacts.vcf", diagnostics: { print($0) })
/// try reader.forEachContact { print($0.name?.formatted ?? "", $0.birthday?.description ?? "") }
/// // Jane Doe 1985-04-12
/// ```
public struct VCardReader<Source: ByteSource>: ContactReader {
  private var lines: LineReader<UTF16TranscodingSource>?
  private var scanner: VCardCardScanner
  /// Lines before the source's first line: a segment of a file is numbered as in the file.
  private let linesBefore: Int

  /// Bytes consumed from the source so far.
  package private(set) var bytesRead = 0
  /// True when the input ended inside a card (the parallel path checks its cuts with it).
  private(set) var endedInsideCard = false

  /// Creates a reader of `source`.
  ///
  /// - Parameters:
  ///   - source: the vCard bytes.
  ///   - fileName: the name used in diagnostics (`contacts.vcf:12: …`).
  ///   - diagnostics: called for each problem, in input order.
  public init(source: Source, fileName: String, diagnostics: @escaping DiagnosticHandler) {
    self.init(source: source, fileName: fileName, linesBefore: 0, diagnostics: diagnostics)
  }

  /// Creates a reader of a part of a file that starts after `linesBefore` lines.
  init(
    source: Source, fileName: String, linesBefore: Int,
    diagnostics: @escaping DiagnosticHandler
  ) {
    self.lines = LineReader(UTF16TranscodingSource(source))
    self.scanner = VCardCardScanner(fileName: fileName, report: diagnostics)
    self.linesBefore = linesBefore
  }

  /// Calls `body` with each card's contact, in input order. The input is read once: a second
  /// call finds no more contacts.
  ///
  /// - Throws: ``InputFormatError`` when the first non-blank line is not `BEGIN:VCARD`,
  ///   ``ByteSourceError`` when reading fails, or what `body` throws.
  public mutating func forEachContact(_ body: (Contact) throws -> Void) throws {
    guard var lines = self.lines else { return }
    self.lines = nil
    var scanner = self.scanner
    var lineNumber = linesBefore
    defer {
      bytesRead = lines.bytesRead
      self.scanner = scanner
    }
    while let endsCard = try lines.nextLine({ line -> Bool in
      lineNumber += 1
      return try scanner.consume(line, number: lineNumber)
    }) {
      guard endsCard else { continue }
      bytesRead = lines.bytesRead
      while let contact = scanner.takeContact() { try body(contact) }
    }
    endedInsideCard = scanner.isInsideCard
    for contact in try scanner.finish(lastLine: lineNumber) { try body(contact) }
  }
}

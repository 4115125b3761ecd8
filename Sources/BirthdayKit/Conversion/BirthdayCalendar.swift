/// The simple way in: contacts, a vCard file or a CSV export in, a calendar and the problems
/// found out, all in memory.
///
/// ```swift
/// let jane = Contact(
///   name: PersonName(formatted: "Jane Doe"), birthday: CivilDate(year: 1985, month: 4, day: 12),
///   location: SourceLocation(file: "app", line: 1))
/// let (calendar, diagnostics) = BirthdayCalendar.render([jane])
/// try calendar.write(toFile: "birthdays.ics", atomically: true, encoding: .utf8)
/// ```
///
/// For files of any size, streaming with bounded memory, use ``BirthdayCalendarConverter`` with a
/// reader (``VCardReader``, ``CSVContactReader``) and a ``ByteSink``.
public enum BirthdayCalendar {
  /// The calendar of `contacts`: one yearly event per birthday (and anniversary, when asked),
  /// two contacts giving the same event written once.
  public static func render(
    _ contacts: [Contact], options: ConversionOptions = ConversionOptions()
  ) -> (calendar: String, diagnostics: [Diagnostic]) {
    // A memory sink cannot fail, so neither can the conversion.
    (try? render(options: options) { converter in
      for contact in contacts { try converter.add(contact) }
    }) ?? ("", [])
  }

  /// The calendar of the cards of a vCard file (2.1, 3.0 or 4.0).
  /// - Throws: ``InputFormatError`` when `vCard` is not a vCard file.
  public static func render(
    vCard: String, fileName: String = "contacts.vcf",
    options: ConversionOptions = ConversionOptions()
  ) throws -> (calendar: String, diagnostics: [Diagnostic]) {
    try render(options: options) { converter in
      var reader = VCardReader(
        source: MemoryByteSource(vCard), fileName: fileName, diagnostics: converter.diagnostics)
      try converter.convert(&reader, recordNoun: .card)
    }
  }

  /// The calendar of the rows of a CSV export (Google, Outlook, Apple, Thunderbird layouts).
  /// - Throws: ``InputFormatError`` when no header row or birthday column is found, or the date
  ///   order of numeric dates cannot be decided.
  public static func render(
    csv: String, fileName: String = "contacts.csv", reading: CSVReadOptions = CSVReadOptions(),
    options: ConversionOptions = ConversionOptions()
  ) throws -> (calendar: String, diagnostics: [Diagnostic]) {
    try render(options: options) { converter in
      var reader = CSVContactReader(
        source: MemoryByteSource(csv), fileName: fileName, options: reading,
        diagnostics: converter.diagnostics)
      try converter.convert(&reader, recordNoun: .row)
    }
  }

  private static func render(
    options: ConversionOptions,
    _ body: (inout BirthdayCalendarConverter<MemoryByteSink>) throws -> Void
  ) throws -> (calendar: String, diagnostics: [Diagnostic]) {
    final class Collected { var diagnostics: [Diagnostic] = [] }
    let collected = Collected()
    var converter = BirthdayCalendarConverter(
      sink: MemoryByteSink(), options: options, diagnostics: { collected.diagnostics.append($0) })
    try converter.begin()
    try body(&converter)
    _ = try converter.finish()
    return (converter.sink.text, collected.diagnostics)
  }
}

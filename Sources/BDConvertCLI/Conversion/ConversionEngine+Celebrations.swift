import BirthdayKit

extension ConversionEngine {
  /// Calls `body` with every celebration of the contacts in `input`, read as `format`, as
  /// ``convert(_:report:)`` would make them (`upcoming` reads address books this way).
  func forEachCelebration(
    in input: InputFile, as format: InputFormat, builder: CelebrationBuilder,
    diagnostics: @escaping DiagnosticHandler, _ body: (Celebration) -> Void
  ) throws {
    let name = input.displayName
    switch format {
    case .vCard:
      var reader = VCardReader(source: input.byteSource, fileName: name, diagnostics: diagnostics)
      try reader.forEachContact { contact in
        for celebration in builder.celebrations(of: contact, report: diagnostics) {
          body(celebration)
        }
      }
    case .csv:
      var reader = CSVContactReader(
        source: input.byteSource, fileName: name, options: options.csv, diagnostics: diagnostics)
      try reader.forEachContact { contact in
        for celebration in builder.celebrations(of: contact, record: .row, report: diagnostics) {
          body(celebration)
        }
      }
    }
  }
}

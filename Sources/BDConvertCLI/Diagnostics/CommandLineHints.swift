import BirthdayKit

/// The options that solve a reader's problem: the library's messages name columns and values,
/// and the command line adds how to act on them, chosen by the problem's kind.
enum CommandLineHints {
  /// The hint for `kind`, or `nil`.
  static func hint(for kind: Diagnostic.Kind) -> String? {
    switch kind {
    case .csvNoHeader: "map the columns with --column birthday=HEADER --column name=HEADER"
    case .csvNoBirthdayColumn: "map one with --column birthday=HEADER"
    case .csvAmbiguousDateOrder: "use --date-order mdy or --date-order dmy"
    case .csvMixedDateOrders: "use --date-order to choose"
    default: nil
    }
  }

  /// `message`, then `; hint` when its kind has one.
  static func message(_ message: String, kind: Diagnostic.Kind) -> String {
    hint(for: kind).map { "\(message); \($0)" } ?? message
  }
}

extension InputFormatError {
  /// The message with the command-line hint for its kind.
  var messageWithHint: String { CommandLineHints.message(message, kind: kind) }
}

extension Diagnostic {
  /// The message with the command-line hint for its kind.
  var messageWithHint: String { CommandLineHints.message(message, kind: kind) }
}

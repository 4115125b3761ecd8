#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The messages of the usage errors every command can meet, each written in one place.
extension CommandError {
  /// `invalid --days 'x' (expected a number of days from 1 to 3660)`, with the closest word
  /// when the option suggests one.
  static func invalidValue(_ option: String, _ text: String, _ error: ValueError, usage: String)
    -> CommandError
  {
    switch error {
    case .expected(let expected, let suggestions):
      return .usage(
        "invalid \(option) '\(text)' (expected \(expected))"
          + Suggestions.didYouMean(text, among: suggestions), usage)
    case .message(let message):
      return .usage(message, usage)
    }
  }

  /// `'--no-alarm' cannot be combined with '--alarm'`.
  static func conflict(_ option: String, _ other: String, usage: String) -> CommandError {
    .usage("'\(option)' cannot be combined with '\(other)'", usage)
  }

  /// Two `-` operands: standard input is read once.
  static func standardInputTwice(usage: String) -> CommandError {
    .usage("standard input ('-') can be read only once", usage)
  }

  /// `cannot open 'x.vcf': No such file or directory`: what the system refused, and why
  /// (`errno`, as the call left it).
  static func cannot(_ action: String, _ name: String, status: ExitStatus) -> CommandError {
    CommandError(status: status, message: "cannot \(action) \(name): \(systemErrorText(errno))")
  }
}

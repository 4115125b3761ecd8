import BirthdayKit

/// How messages on standard error look: `file:line: warning: text`, with colour when standard
/// error is a terminal (or `--color always`), never with `NO_COLOR` set or `--color never`.
struct DiagnosticStyle: Sendable, Equatable {
  /// How serious a message is.
  enum Severity: String, Sendable {
    case error
    case warning
    case note
  }

  /// Whether ANSI colours are written.
  var colored: Bool

  /// The style of the command running in this task.
  @TaskLocal static var current = DiagnosticStyle(colored: false)

  /// The words `--color` accepts.
  static let choices = ["auto", "always", "never"]

  /// The style for a run: the last `--color` before `--` decides; `auto` (the default) colours
  /// only a terminal, and not when `NO_COLOR` is set to anything but the empty string
  /// (no-color.org) or `TERM` is `dumb`.
  static func resolve(arguments: [String], environment: [String: String], isTerminal: Bool)
    -> DiagnosticStyle
  {
    switch requestedColor(in: arguments) {
    case "always": return DiagnosticStyle(colored: true)
    case "never": return DiagnosticStyle(colored: false)
    default:
      let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
      return DiagnosticStyle(colored: isTerminal && !noColor && environment["TERM"] != "dumb")
    }
  }

  /// The value of the last `--color WHEN` or `--color=WHEN` before `--`.
  static func requestedColor(in arguments: [String]) -> String? {
    var requested: String?
    var index = 0
    while index < arguments.count, arguments[index] != "--" {
      let argument = arguments[index]
      if argument == "--color", index + 1 < arguments.count {
        requested = arguments[index + 1]
        index += 1
      } else if argument.hasPrefix("--color=") {
        requested = String(argument.dropFirst("--color=".count))
      }
      index += 1
    }
    return requested
  }

  /// `file:line: warning: message`, or `bdconvert: warning: message` without a location.
  func render(_ message: String, at location: SourceLocation?, _ severity: Severity) -> String {
    let place = location.map { "\($0)" } ?? "bdconvert"
    guard colored else { return "\(place): \(severity.rawValue): \(message)" }
    let color: String
    switch severity {
    case .error: color = "\u{1B}[1;31m"  // bold red
    case .warning: color = "\u{1B}[1;35m"  // bold magenta, as compilers do
    case .note: color = "\u{1B}[1;36m"  // bold cyan
    }
    return "\u{1B}[1m\(place):\u{1B}[0m \(color)\(severity.rawValue):\u{1B}[0m \(message)"
  }
}

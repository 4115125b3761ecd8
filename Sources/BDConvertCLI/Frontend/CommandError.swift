import BirthdayKit

/// A failure that ends a command: the message for standard error and the exit status.
struct CommandError: Error, Sendable {
  /// The exit status.
  var status: ExitStatus
  /// A lowercase message.
  var message: String
  /// The usage line printed after the message for usage errors.
  var usage: String?
  /// Where in an input the problem is, when it is about input data.
  var location: SourceLocation?

  init(status: ExitStatus, message: String, usage: String? = nil, location: SourceLocation? = nil) {
    self.status = status
    self.message = message
    self.usage = usage
    self.location = location
  }

  /// A usage error (exit 64) with the command's usage line.
  static func usage(_ message: String, _ usage: String) -> CommandError {
    CommandError(status: .usage, message: message, usage: usage)
  }

  /// `file:line: error: message` or `bdconvert: error: message`, then the usage line if any.
  var rendered: String {
    var text = DiagnosticStyle.current.render(message, at: location, .error) + "\n"
    if let usage { text += usage + "\n" }
    return text
  }
}

import Synchronization

/// Text a command printed, collected instead of written, for tests that run commands in
/// process (see ``StandardStreams/capture``).
final class OutputCapture: Sendable {
  /// What went to standard output and to standard error.
  private let collected = Mutex((output: "", error: ""))

  init() {}

  /// What went to standard output.
  var output: String { collected.withLock { $0.output } }
  /// What went to standard error.
  var error: String { collected.withLock { $0.error } }

  /// Adds `text` to standard output or standard error.
  func append(_ text: String, toError: Bool) {
    collected.withLock {
      if toError { $0.error += text } else { $0.output += text }
    }
  }
}

import Foundation

/// Text a command printed, collected instead of written, for tests that run commands in
/// process (see ``StandardStreams/capture``).
final class OutputCapture: @unchecked Sendable {
  // Unchecked: every access to the two strings holds the lock.
  private let lock = NSLock()
  private var collectedOutput = ""
  private var collectedError = ""

  init() {}

  /// What went to standard output.
  var output: String { lock.withLock { collectedOutput } }
  /// What went to standard error.
  var error: String { lock.withLock { collectedError } }

  /// Adds `text` to standard output or standard error.
  func append(_ text: String, toError: Bool) {
    lock.withLock {
      if toError { collectedError += text } else { collectedOutput += text }
    }
  }
}

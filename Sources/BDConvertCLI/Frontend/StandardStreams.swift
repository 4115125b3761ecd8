import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes text to standard output and standard error, unbuffered and whole.
enum StandardStreams {
  /// When set (by in-process tests), text goes here instead of the file descriptors.
  @TaskLocal static var capture: OutputCapture?

  /// Writes `text` to standard error (diagnostics, the summary line, usage errors).
  static func error(_ text: String) {
    if let capture {
      capture.append(text, toError: true)
      return
    }
    writeAll(2, text)
  }

  /// Writes `text` to standard output (help, version, list output).
  static func output(_ text: String) {
    if let capture {
      capture.append(text, toError: false)
      return
    }
    writeAll(1, text)
  }

  /// Writes the UTF-8 `bytes` to standard output without first making them a `String` (`list`).
  static func output(bytes: [UInt8]) {
    if let capture {
      capture.append(String(decoding: bytes, as: UTF8.self), toError: false)
      return
    }
    // A failed write to a standard stream has no one left to tell.
    try? SystemCallBuffers.writeAll(bytes.span, to: 1)
  }

  /// Whether standard error is a terminal (for progress reports and colour).
  static var errorIsTerminal: Bool { capture == nil && isatty(2) == 1 }

  /// Whether standard output is a terminal (`list` aligns its columns there).
  static var outputIsTerminal: Bool { capture == nil && isatty(1) == 1 }

  /// Whether standard input is a terminal (someone may be about to type an address book).
  static var inputIsTerminal: Bool { capture == nil && isatty(0) == 1 }

  private static func writeAll(_ descriptor: Int32, _ text: String) {
    // A failed write to a standard stream has no one left to tell.
    try? SystemCallBuffers.writeAll(text, to: descriptor)
  }
}

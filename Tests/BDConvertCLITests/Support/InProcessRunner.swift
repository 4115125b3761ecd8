import Foundation

@testable import BDConvertCLI

/// What a command printed when run in process, and its exit status.
struct InProcessResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs `bdconvert` in this process (no binary): what it writes to standard output and standard
/// error is captured. For parsing, usage errors, help and commands that write to `-o` files; a
/// calendar on standard output would go to the test process's own output, so tests give `-o`.
func runInProcess(
  _ arguments: [String], environment: [String: String] = ["SOURCE_DATE_EPOCH": "0"]
) -> InProcessResult {
  let capture = OutputCapture()
  let status = StandardStreams.$capture.withValue(capture) {
    CommandLineTool.main(arguments, environment: environment)
  }
  return InProcessResult(status: status, stdout: capture.output, stderr: capture.error)
}

/// Whether this run is CI (`CI` set): tool-dependent tests then run and fail when the tool is
/// missing, instead of being skipped.
let isCI = !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty

/// Whether `name` is an executable on `PATH` (or CI, which must have it).
func toolAvailable(_ name: String) -> Bool {
  if isCI { return true }
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").contains {
    FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
  }
}

import Foundation

/// The result of running the built `bdconvert` binary.
struct CommandResult {
  var status: Int32
  var stdout: String
  var stderr: String
  var stdoutBytes: [UInt8]
}

/// Runs the real `bdconvert` executable (built next to the test bundle, or `$BDCONVERT_BINARY`).
///
/// Output goes through temporary files, not pipes, so a large output can never deadlock the test.
func runBDConvert(
  _ arguments: [String], stdin: [UInt8]? = nil,
  environment: [String: String] = ["SOURCE_DATE_EPOCH": "0"],
  in directory: URL? = nil
) throws -> CommandResult {
  let scratch = try TemporaryDirectory()
  let inURL = scratch.url.appendingPathComponent("stdin")
  _ = FileManager.default.createFile(atPath: inURL.path, contents: Data(stdin ?? []))
  let process = Process()
  process.executableURL = bdconvertBinary
  process.arguments = arguments
  process.environment = bdconvertEnvironment(environment)
  if let directory { process.currentDirectoryURL = directory }
  process.standardInput = try FileHandle(forReadingFrom: inURL)
  return try runCollectingOutput(process, in: scratch)
}

/// The test process's environment without `SOURCE_DATE_EPOCH`, without a config file (a
/// developer's own `~/.config/bdconvert/config` must not change the tests) and without a
/// language (a developer's `LANG=de_DE.UTF-8` would change the texts), then `overrides`.
func bdconvertEnvironment(_ overrides: [String: String]) -> [String: String] {
  var environment = ProcessInfo.processInfo.environment
  environment.removeValue(forKey: "SOURCE_DATE_EPOCH")
  for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment.removeValue(forKey: name) }
  environment["XDG_CONFIG_HOME"] = "/nonexistent/bdconvert-test-config"
  environment.merge(overrides) { _, new in new }
  return environment
}

/// Runs `process` to its end with standard output and error in files of `folder` (never pipes,
/// so a large output cannot deadlock the test) and returns what it printed.
func runCollectingOutput(_ process: Process, in folder: TemporaryDirectory) throws
  -> CommandResult
{
  let outURL = folder.url.appendingPathComponent("stdout")
  let errURL = folder.url.appendingPathComponent("stderr")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  process.waitUntilExit()
  let out = try [UInt8](Data(contentsOf: outURL))
  let err = try Data(contentsOf: errURL)
  return CommandResult(
    status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
    stderr: String(decoding: err, as: UTF8.self), stdoutBytes: out)
}

/// The built binary under test.
let bdconvertBinary: URL = {
  if let path = ProcessInfo.processInfo.environment["BDCONVERT_BINARY"] {
    return URL(fileURLWithPath: path)
  }
  // The test bundle runs from the build products folder, next to the executable.
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  while !folder.path.isEmpty, folder.path != "/" {
    let candidate = folder.appendingPathComponent("bdconvert")
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      return candidate
    }
    folder = folder.deletingLastPathComponent()
  }
  return URL(fileURLWithPath: ".build/debug/bdconvert")
}()

/// The package root (for Samples/).
let packageRoot: URL = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// A folder removed when the value is released.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bdconvert-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `contents` to `name` inside the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ contents: String) throws -> String {
    try write(name, Array(contents.utf8))
  }

  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let path = url.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The bytes of `name` inside the folder, or nil when it does not exist.
  func read(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: url.appendingPathComponent(name).path).map { [UInt8]($0) }
  }

  /// Names in the folder.
  func listing() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}

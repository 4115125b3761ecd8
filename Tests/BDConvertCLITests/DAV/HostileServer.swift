import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The misbehaving calendar server of `Tests/DAV/hostile_server.py` on 127.0.0.1, started for one
/// test and stopped by its process id when released; ``requests`` reads its log.
final class HostileServer {
  let port: Int
  /// `https` with `--tls-cert`, else `http`.
  private let scheme: String
  private let process: Process
  private let folder: TemporaryDirectory

  /// Starts the server with `arguments` (`--events N`, `--fault slow`, …).
  init(_ arguments: [String]) throws {
    folder = try TemporaryDirectory()
    port = try freePort()
    scheme = arguments.contains("--tls-cert") ? "https" : "http"
    let log = folder.url.appendingPathComponent("requests.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", packageRoot.path + "/Tests/DAV/hostile_server.py", "--port", String(port),
        "--log", log.path, "--lifetime", "300",
      ] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    self.process = process
    try waitForPort(port, process: process, log: log)
  }

  deinit { stop(process) }

  /// The calendar's URL.
  var calendar: String { "\(scheme)://127.0.0.1:\(port)/cal/" }

  /// The requests answered so far: `METHOD PATH STATUS`.
  var requests: [String] {
    let text =
      (try? String(contentsOf: folder.url.appendingPathComponent("requests.log"), encoding: .utf8))
      ?? ""
    return text.split(separator: "\n").map(String.init)
  }
}

/// Runs `bdconvert` as ``runBDConvert(_:stdin:environment:in:)`` does, but kills it after
/// `limit` seconds (a hang guard: the test then fails instead of waiting for ever); returns the
/// result and the seconds it took.
func runBDConvert(
  _ arguments: [String], killedAfter limit: Double, environment: [String: String] = [:]
) throws -> (result: CommandResult, seconds: Double) {
  let scratch = try TemporaryDirectory()
  let outURL = scratch.url.appendingPathComponent("stdout")
  let errURL = scratch.url.appendingPathComponent("stderr")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = Process()
  process.executableURL = bdconvertBinary
  process.arguments = arguments
  process.environment = bdconvertEnvironment(environment)
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  let started = Date()
  try process.run()
  let pid = process.processIdentifier
  let killer = DispatchWorkItem { kill(pid, SIGKILL) }
  DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: killer)
  process.waitUntilExit()
  killer.cancel()
  let seconds = Date().timeIntervalSince(started)
  if process.terminationReason == .uncaughtSignal {
    Issue.record("bdconvert \(arguments.joined(separator: " ")) was still running after \(limit) s")
  }
  let out = try [UInt8](Data(contentsOf: outURL))
  let err = try Data(contentsOf: errURL)
  let result = CommandResult(
    status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
    stderr: String(decoding: err, as: UTF8.self), stdoutBytes: out)
  return (result, seconds)
}

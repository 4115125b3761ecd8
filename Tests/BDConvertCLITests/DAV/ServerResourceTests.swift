import Foundation
import TestSupport
import Testing

/// What a run costs the machine while a server misbehaves, measured on the binary by
/// `Tests/DAV/child_usage.py` (wait4's rusage of the child): memory stays near the 64 MiB body
/// cap however much a server sends, and waiting for a slow answer costs no CPU. Loose bounds
/// on resources, not timings of speed.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerResourceTests {
  /// Peak resident memory allowed: the 64 MiB cap, the binary and a margin. Before libcurl's
  /// write callback ended the body at the cap, URLSession's queue held hundreds of megabytes.
  static let memoryBoundKB = 150 * 1024

  @Test(arguments: ["endless", "huge-length"])
  func aBodyThatNeverEndsHoldsNoMoreThanTheCap(_ fault: String) throws {
    let server = try HostileServer(["--fault", fault, "--fault-method", "REPORT"])
    let (result, usage) = try runMeasured(["list", server.calendar, "--timeout", "30"], limit: 40)
    #expect(!usage.killed, "still running after 40 s")
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("the answer is too large"), "\(result.stderr)")
    #expect(usage.maximumResidentKB < Self.memoryBoundKB, "peak \(usage.maximumResidentKB) kB")
  }

  @Test func waitingForASlowAnswerCostsNoCPU() throws {
    // Each PROPFIND is answered after 5 s of silence. FoundationNetworking's URLSession used
    // about 90% of a core meanwhile (a libdispatch write source on a writable socket).
    let server = try HostileServer([
      "--fault", "delay", "--delay", "5", "--fault-method", "PROPFIND",
    ])
    let (result, usage) = try runMeasured(["list", server.calendar], limit: 60)
    #expect(!usage.killed, "still running after 60 s")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 3, "\(result.stdout)")
    #expect(usage.wall >= 5)
    #expect(
      usage.cpu < 0.25 * usage.wall,
      "\(usage.cpu) s of CPU (user \(usage.user) s, system \(usage.system) s) in \(usage.wall) s")
  }
}

/// What ``runMeasured(_:limit:)`` saw of the child.
struct ChildUsage {
  var user: Double
  var system: Double
  var maximumResidentKB: Int
  var wall: Double
  var killed: Bool
  var cpu: Double { user + system }
}

/// Runs the binary under `Tests/DAV/child_usage.py`, killed after `limit` seconds; returns
/// what it printed and what it cost.
func runMeasured(_ arguments: [String], limit: Double) throws -> (CommandResult, ChildUsage) {
  let scratch = try TemporaryDirectory()
  let report = scratch.url.appendingPathComponent("usage")
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments =
    [
      "python3", packageRoot.path + "/Tests/DAV/child_usage.py", "--report", report.path,
      "--limit", String(limit), "--", bdconvertBinary.path,
    ] + arguments
  process.environment = bdconvertEnvironment([:])
  process.standardInput = FileHandle.nullDevice
  let result = try runCollectingOutput(process, in: scratch)
  let fields = try String(contentsOf: report, encoding: .utf8).split(separator: " ")
  let numbers = fields.map { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  guard numbers.count == 6, numbers.allSatisfy({ $0 != nil }) else {
    throw CocoaError(.fileReadCorruptFile)
  }
  let values = numbers.map { $0 ?? 0 }
  return (
    result,
    ChildUsage(
      user: values[1], system: values[2], maximumResidentKB: Int(values[3]), wall: values[4],
      killed: values[5] == 1)
  )
}

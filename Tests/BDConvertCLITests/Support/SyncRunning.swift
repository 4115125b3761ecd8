import Foundation
import Testing

/// What the suites that sync through the binary share: running `sync`, reading the calendar it
/// wrote and the plan it printed. A suite adopts it to call these as its own.
protocol SyncRunning {}

extension SyncRunning {
  /// Runs `bdconvert sync ARGUMENTS` with `SOURCE_DATE_EPOCH` (2026-01-01 by default).
  func sync(_ arguments: [String], epoch: Int = 1_767_225_600) throws -> CommandResult {
    try runBDConvert(["sync"] + arguments, environment: ["SOURCE_DATE_EPOCH": "\(epoch)"])
  }

  /// A file's bytes (`TemporaryDirectory.read`) as text; empty when there is no file.
  func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

  /// How many events a calendar holds.
  func events(_ calendar: String) -> Int {
    calendar.components(separatedBy: "BEGIN:VEVENT\r\n").count - 1
  }

  /// The plan's lines as (op, summary, notes), from `--json`.
  func plan(_ stdout: String) throws -> [(op: String, summary: String, notes: [String])] {
    try stdout.split(separator: "\n").map { line in
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return (
        object["op"] as? String ?? "", object["summary"] as? String ?? "",
        object["notes"] as? [String] ?? []
      )
    }
  }
}

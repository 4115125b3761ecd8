import Foundation
import Testing

/// Golden snapshots: the calendars of `Samples/`, converted in process, byte for byte against
/// the checked-in files (checked by hand and by the interop tools of `Tests/Interop/run`).
///
/// After an intended change of the output, re-record with
/// `BDCONVERT_RECORD_SNAPSHOTS=1 swift test --filter SampleSnapshotTests`, review the diff of
/// `Samples/` by hand, and run again without the variable: a recording run fails on purpose so
/// that it is never left on.
@Suite struct SampleSnapshotTests {
  /// `SOURCE_DATE_EPOCH` of the snapshots: 2026-01-01T00:00:00Z.
  static let epoch = "1767225600"

  static let samples = [
    ("contacts.vcf", "vcf-to-ics", "birthdays.ics"),
    ("contacts.csv", "csv-to-ics", "birthdays-from-csv.ics"),
    ("contacts.vcf", "convert", "birthdays.ics"),
    ("contacts.csv", "convert", "birthdays-from-csv.ics"),
  ]

  static var recording: Bool {
    !(ProcessInfo.processInfo.environment["BDCONVERT_RECORD_SNAPSHOTS"] ?? "").isEmpty
  }

  @Test(arguments: samples)
  func sampleCalendarMatchesItsSnapshot(input: String, command: String, snapshot: String) throws {
    let samples = packageRoot.appendingPathComponent("Samples")
    let folder = try TemporaryDirectory()
    let output = folder.url.appendingPathComponent("out.ics").path
    let result = runInProcess(
      [command, samples.appendingPathComponent(input).path, "-q", "-o", output],
      environment: ["SOURCE_DATE_EPOCH": Self.epoch])
    #expect(result.status == 0, "\(result.stderr)")
    let actual = try #require(folder.read("out.ics"))
    let golden = samples.appendingPathComponent(snapshot)
    if Self.recording {
      try Data(actual).write(to: golden)
      Issue.record("recorded \(golden.path); review the diff and run again without recording")
      return
    }
    let expected = try [UInt8](Data(contentsOf: golden))
    #expect(actual == expected, "\(snapshot) differs: re-record if the change is intended")
    #expect(expected.starts(with: Array("BEGIN:VCALENDAR\r\n".utf8)))  // CRLF kept by git
  }
}

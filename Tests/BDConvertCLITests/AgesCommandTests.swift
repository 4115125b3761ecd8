import Foundation
import Testing

/// `--age-years`, `--today`, per-kind templates and alarm texts through the command line, and
/// `list`/`delete` on a calendar with age overrides.
@Suite struct AgesCommandTests {
  static let cards =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Doe\r\nN:Doe;Jane;;;\r\nBDAY:1985-04-12\r\n"
    + "ANNIVERSARY:2011-01-13\r\nEND:VCARD\r\n"
    + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cher\r\nBDAY:--05-20\r\nEND:VCARD\r\n"

  /// Converts `cards` with `options`; returns the calendar text and the run.
  static func convert(_ options: [String], in folder: TemporaryDirectory) throws -> (
    String, InProcessResult
  ) {
    let input = try folder.write("in.vcf", cards)
    let output = folder.url.appendingPathComponent("out.ics").path
    let result = runInProcess(["vcf-to-ics", input, "-o", output] + options)
    return (String(decoding: folder.read("out.ics") ?? [], as: UTF8.self), result)
  }

  static func values(_ name: String, in text: String) -> [String] {
    text.components(separatedBy: "\r\n").compactMap { line in
      line.hasPrefix(name + ":") ? String(line.dropFirst(name.count + 1)) : nil
    }
  }

  @Test func agesFromTodayForTheGivenYears() throws {
    let folder = try TemporaryDirectory()
    let (text, result) = try Self.convert(
      [
        "--anniversaries", "--summary", "{name} ({age})", "--anniversary-summary",
        "💍 {name} ({ordinal})", "--today", "2026-12-31", "--age-years", "2",
      ], in: folder)
    #expect(result.status == 0)
    #expect(
      Self.values("SUMMARY", in: text) == [
        "Jane Doe", "Jane Doe (41)", "Jane Doe (42)", "💍 Jane Doe", "💍 Jane Doe (15th)",
        "💍 Jane Doe (16th)", "Cher",
      ])
    #expect(
      Self.values("RECURRENCE-ID;VALUE=DATE", in: text) == [
        "20260412", "20270412", "20260113", "20270113",
      ])
  }

  @Test func threeYearsFromTheDayOfSourceDateEpochByDefault() throws {
    let folder = try TemporaryDirectory()
    // SOURCE_DATE_EPOCH=0 (runInProcess): 1970, so that the output is reproducible.
    let (text, _) = try Self.convert(["--summary", "{name} {age}"], in: folder)
    #expect(Self.values("SUMMARY", in: text) == ["Jane Doe", "Cher"])  // not born yet in 1970-72
    let (later, _) = try Self.convert(
      ["--summary", "{name} {age}", "--today", "2030-01-01"], in: folder)
    #expect(
      Self.values("SUMMARY", in: later) == [
        "Jane Doe", "Jane Doe 45", "Jane Doe 46", "Jane Doe 47", "Cher",
      ])
  }

  @Test func defaultAlarmTextFollowsTheAlarm() throws {
    let folder = try TemporaryDirectory()
    let (text, _) = try Self.convert(["--alarm", "-1d@18:00", "--alarm", "-3d@09:00"], in: folder)
    #expect(text.contains("DESCRIPTION:Jane Doe's birthday is tomorrow\r\n"))
    #expect(text.contains("DESCRIPTION:Cher's birthday is in 3 days\r\n"))
    #expect(!text.contains("today!"))
    let (message, _) = try Self.convert(
      ["--anniversaries", "--anniversary-message", "Flowers for {first}", "--alarm", "-1d@18:00"],
      in: folder)
    #expect(message.contains("DESCRIPTION:Flowers for Jane\r\n"))
    #expect(message.contains("DESCRIPTION:Jane Doe's birthday is tomorrow\r\n"))
  }

  @Test(arguments: [
    (["--age-years", "x"], "invalid --age-years 'x'"),
    (["--age-years", "101"], "invalid --age-years '101'"),
    (["--today", "2026-02-30"], "invalid --today '2026-02-30'"),
    (["--anniversary-summary", "{nick}"], "unknown placeholder '{nick}'"),
  ])
  func badValuesAreUsageErrors(options: [String], message: String) throws {
    let folder = try TemporaryDirectory()
    let (_, result) = try Self.convert(options, in: folder)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message))
  }

  /// `list` shows each person once (the overrides fold into their event); `delete` takes the
  /// overrides with the event.
  @Test func listFoldsAndDeleteRemovesOverrides() throws {
    let folder = try TemporaryDirectory()
    let (text, _) = try Self.convert(
      ["--summary", "{name} ({age})", "--today", "2026-01-01"], in: folder)
    let path = folder.url.appendingPathComponent("out.ics").path
    let listed = runInProcess(["list", path, "--today", "2026-06-01"])
    #expect(listed.status == 0)
    let lines = listed.stdout.split(separator: "\n")
    let uid = try #require(Self.values("UID", in: text).first)
    #expect(lines.count == 2)
    #expect(lines.contains("2027-04-12\t1985-04-12\t\(uid)\tJane Doe"))
    #expect(Self.values("UID", in: text).filter { $0 == uid }.count == 4)
    let deleted = runInProcess(["delete", "--uid", uid, path, "--in-place"])
    #expect(deleted.status == 0)
    let after = String(decoding: folder.read("out.ics") ?? [], as: UTF8.self)
    #expect(!after.contains(uid) && !after.contains("RECURRENCE-ID"))
    #expect(Self.values("SUMMARY", in: after) == ["Cher"])
  }
}

import Foundation
import Testing

@testable import BDConvertCLI

/// `--date-calendar` and `--years`: a spreadsheet of lunar birthdays becomes one event a year,
/// `sync` moves the years on, `upcoming` tells the calendar (issue 33).
@Suite struct OtherCalendarCommandTests {
  static let rows = "Name,Birthday\n李小龍,1940-09-15\nLeap,2020-L04-08\n"

  @Test func spreadsheetOfLunarBirthdays() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("in.csv", Self.rows)
    let output = folder.url.appendingPathComponent("out.ics").path
    let result = runInProcess([
      "csv-to-ics", path, "--date-calendar", "chinese", "--years", "2", "--today", "2026-01-01",
      "--no-alarm", "--summary", "{name} ({age})", "-o", output,
    ])
    #expect(result.status == 0)
    let lines = try String(contentsOfFile: output, encoding: .utf8)
      .split(whereSeparator: \.isNewline).map(String.init)
    #expect(
      lines.filter { $0.hasPrefix("DTSTART") || $0.hasPrefix("SUMMARY") } == [
        "DTSTART;VALUE=DATE:20261024", "SUMMARY:李小龍 (86)",
        "DTSTART;VALUE=DATE:20271014", "SUMMARY:李小龍 (87)",
        // 2026 and 2027 have no leap fourth month: the regular one.
        "DTSTART;VALUE=DATE:20260524", "SUMMARY:Leap (6)",
        "DTSTART;VALUE=DATE:20270513", "SUMMARY:Leap (7)",
      ])
    #expect(result.stderr.contains("converted 4 events from 2 rows"))
  }

  @Test(arguments: [
    (["--date-calendar", "mayan"], "invalid --date-calendar 'mayan'"),
    (["--years", "0"], "invalid --years '0'"),
    (["--hebrew-adar", "adar3"], "invalid --hebrew-adar 'adar3'"),
  ])
  func usageErrors(options: [String], message: String) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("in.csv", Self.rows)
    let result = runInProcess(["csv-to-ics", path] + options)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message))
  }

  /// A sync a year later adds the new last year and removes the past one: nothing else moves.
  @Test func syncMovesTheYearsOn() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("in.csv", "Name,Lunar Birthday\nWang,1985-01-11\n")
    let target = folder.url.appendingPathComponent("out.ics").path
    let first = runInProcess([
      "sync", path, "--to", target, "--years", "3", "--today", "2026-06-01", "--no-alarm",
    ])
    #expect(first.status == 0)
    #expect(first.stdout.split(separator: "\n").filter { $0.hasPrefix("+") }.count == 3)
    let later = runInProcess([
      "sync", path, "--to", target, "--years", "3", "--today", "2027-06-01", "--no-alarm",
    ])
    #expect(later.status == 0)
    // The calendar keeps three events, the past year's gone, the new last year's there.
    let text = try String(contentsOfFile: target, encoding: .utf8)
    let starts = text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("DTSTART") }
    #expect(
      Set(starts.map(String.init))
        == [
          "DTSTART;VALUE=DATE:20270216", "DTSTART;VALUE=DATE:20280205",
          "DTSTART;VALUE=DATE:20290223",
        ]
    )
  }

  @Test func upcomingTellsTheCalendar() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("in.csv", Self.rows)
    let result = runInProcess([
      "upcoming", path, "--date-calendar", "chinese", "--today", "2026-10-20", "--days", "7",
      "--json",
    ])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["date"] as? String == "2026-10-24")
    #expect(object["age"] as? Int == 86)
    #expect(object["calendar"] as? String == "chinese")
    #expect(object["calendarDate"] as? String == "1940-09-15")
  }

  /// Born in Adar of the common year 5785: in the leap year 5787, Adar II by default, Adar I
  /// with `--hebrew-adar adar1` (from the command line or the config file); born in Adar II of
  /// the leap year 5784, Adar II either way.
  @Test(arguments: [
    ([String](), "", ["20270319", "20270319"]),
    (["--hebrew-adar", "adar2"], "", ["20270319", "20270319"]),
    (["--hebrew-adar", "adar1"], "", ["20270217", "20270319"]),
    ([], "hebrew-adar = adar1\n", ["20270217", "20270319"]),
    (["--hebrew-adar", "adar2"], "hebrew-adar = adar1\n", ["20270319", "20270319"]),
  ])
  func hebrewAdarInLeapYears(options: [String], config: String, expected: [String]) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("in.csv", "Name,Birthday\nCommon,5785-07-10\nLeap,5784-07-10\n")
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("bdconvert"), withIntermediateDirectories: true)
    _ = try folder.write("bdconvert/config", config)
    let output = folder.url.appendingPathComponent("out.ics").path
    let result = try runBDConvert(
      [
        "csv-to-ics", path, "--date-calendar", "hebrew", "--years", "1", "--today",
        "2027-01-01", "--no-alarm", "-o", output,
      ] + options, environment: ["SOURCE_DATE_EPOCH": "0", "XDG_CONFIG_HOME": folder.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    let starts = try String(contentsOfFile: output, encoding: .utf8)
      .split(whereSeparator: \.isNewline).filter { $0.hasPrefix("DTSTART") }
    #expect(starts.map { String($0.suffix(8)) } == expected)
  }

  @Test func upcomingTakesTheAdarRule() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("in.csv", "Name,Birthday\nCommon,5785-07-10\n")
    let result = runInProcess([
      "upcoming", path, "--date-calendar", "hebrew", "--today", "2027-02-10", "--days", "14",
      "--json", "--hebrew-adar", "adar1",
    ])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["date"] as? String == "2027-02-17")
  }

  /// `list --json` reads the calendar and the date in it back from the event's
  /// `X-BDCONVERT-CALENDAR-DATE`, with upcoming's field names; a Gregorian event has neither.
  @Test func listTellsTheCalendar() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("in.csv", Self.rows)
    let calendar = folder.url.appendingPathComponent("out.ics").path
    let written = try runBDConvert([
      "csv-to-ics", path, "--date-calendar", "chinese", "--years", "1", "--today", "2026-01-01",
      "--no-alarm", "-o", calendar,
    ])
    #expect(written.status == 0)
    let text = try String(contentsOfFile: calendar, encoding: .utf8)
    #expect(text.contains("\r\nX-BDCONVERT-CALENDAR-DATE:chinese:1940-09-15\r\n"))
    #expect(text.contains("\r\nX-BDCONVERT-CALENDAR-DATE:chinese:2020-L04-08\r\n"))
    let gregorian = try folder.write(
      "g.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna\r\nBDAY:1990-03-04\r\nEND:VCARD\r\n")
    let plain = folder.url.appendingPathComponent("g.ics").path
    #expect(try runBDConvert(["vcf-to-ics", gregorian, "-o", plain]).status == 0)
    let listed = try runBDConvert(["list", calendar, plain, "--json", "--today", "2026-01-01"])
    #expect(listed.status == 0, "\(listed.stderr)")
    let objects = try listed.stdout.split(separator: "\n").map {
      try #require(
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let byName = Dictionary(
      uniqueKeysWithValues: objects.map { ($0["summary"] as? String ?? "", $0) })
    #expect(byName["Birthday: 李小龍"]?["calendar"] as? String == "chinese")
    #expect(byName["Birthday: 李小龍"]?["calendarDate"] as? String == "1940-09-15")
    #expect(byName["Birthday: Leap"]?["calendarDate"] as? String == "2020-L04-08")
    #expect(byName["Birthday: Anna"]?["calendar"] == nil)
    #expect(byName["Birthday: Anna"]?["calendarDate"] == nil)
  }

  /// `sync --json` names the calendar and the date in it for each change of such an event:
  /// an addition and a replacement from the event written, a removal from the target's.
  @Test func syncTellsTheCalendar() throws {
    let folder = try TemporaryDirectory()
    let first = try folder.write("a.csv", Self.rows)
    let second = try folder.write("b.csv", "Name,Birthday\n李小龍,1940-09-16\n")
    let target = folder.url.appendingPathComponent("out.ics").path
    func sync(_ path: String) throws -> [[String: Any]] {
      let result = try runBDConvert([
        "sync", path, "--date-calendar", "chinese", "--to", target, "--years", "1", "--today",
        "2026-01-01", "--no-alarm", "--json", "--force",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      return try result.stdout.split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
    }
    func shown(_ changes: [[String: Any]]) -> [String] {
      changes.map {
        "\($0["op"] as? String ?? "") \($0["summary"] as? String ?? "") "
          + "\($0["calendar"] as? String ?? "-") \($0["calendarDate"] as? String ?? "-")"
      }.sorted()
    }
    #expect(
      shown(try sync(first)) == [
        "add Birthday: Leap chinese 2020-L04-08", "add Birthday: 李小龍 chinese 1940-09-15",
      ])
    #expect(
      shown(try sync(second)) == [
        "remove Birthday: Leap chinese 2020-L04-08", "replace Birthday: 李小龍 chinese 1940-09-16",
      ])
  }
}

import Foundation
import Testing

/// convert → list: every event written is listed once, with its UID, title and date.
@Suite struct ConvertListRoundTripTests {
  @Test(arguments: ["contacts.vcf", "contacts.csv"])
  func convertedEventsAreListedAsWritten(sample: String) throws {
    let folder = try TemporaryDirectory()
    let calendarPath = folder.url.appendingPathComponent("cal.ics").path
    let input = packageRoot.appendingPathComponent("Samples/\(sample)").path
    let converted = runInProcess(["convert", input, "--anniversaries", "-o", calendarPath])
    #expect(converted.status == 0)
    let listed = runInProcess(["list", calendarPath, "--json", "--today", "2026-06-15"])
    #expect(listed.status == 0 && listed.stderr.isEmpty)

    let calendar = String(decoding: folder.read("cal.ics") ?? [], as: UTF8.self)
      .replacingOccurrences(of: "\r\n ", with: "")
    let written = calendar.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst().map {
      event -> (uid: String, summary: String, start: String) in
      let lines = event.components(separatedBy: "\r\n")
      func value(_ name: String) -> String {
        (lines.first { $0.hasPrefix(name) }?.split(separator: ":", maxSplits: 1).last)
          .map(String.init) ?? ""
      }
      let summary = value("SUMMARY:").replacingOccurrences(of: "\\,", with: ",")
        .replacingOccurrences(of: "\\;", with: ";").replacingOccurrences(of: "\\\\", with: "\\")
      return (value("UID:"), summary, value("DTSTART;VALUE=DATE:"))
    }
    #expect(written.count > 3)
    // The summary line counts what was written.
    #expect(converted.stderr.contains("converted \(written.count) events"))

    let objects = try listed.stdout.split(separator: "\n").map { line in
      try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(objects.count == written.count)
    for event in written {
      let object = try #require(objects.first { $0["uid"] as? String == event.uid }, "\(event)")
      #expect(object["summary"] as? String == event.summary)
      let date = try #require(object["date"] as? String)
      // Month and day always match DTSTART; the year is the birth year or unknown.
      #expect(date.suffix(5) == "\(event.start.dropFirst(4).prefix(2))-\(event.start.suffix(2))")
      let next = try #require(object["next"] as? String)
      #expect(next >= "2026-06-15" && next < "2027-06-16")
    }
  }
}

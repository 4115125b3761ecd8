import Foundation
import TestSupport
import Testing

/// Ages that end silently (issue 30, item 11), through the binary: with `{age}` in a title, the
/// summary says until which year the ages hold, and each sync moves the years on from its own.
@Suite(.tags(.slow), .slowTimeLimit) struct AgesWindowTests {
  static let card =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:anna\r\nFN:Anna Berg\r\nBDAY:1990-03-04\r\nEND:VCARD\r\n"

  @Test func convertSaysUntilWhichYearAgesHold() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("c.vcf", Self.card)
    let output = folder.url.path + "/b.ics"
    let aged = try runBDConvert(
      [
        "convert", contacts, "--summary", "{name} ({age})", "--age-years", "3", "--today",
        "2026-06-01", "-o", output,
      ])
    #expect(aged.status == 0)
    #expect(
      aged.stderr.hasSuffix(
        "converted 1 event from 1 card; ages until 2028 (convert again before then, or sync)\n"))
    // Without {age} there is nothing to say.
    let plain = try runBDConvert(["convert", contacts, "--age-years", "3", "-o", output])
    #expect(plain.stderr == "bdconvert: converted 1 event from 1 card\n")
  }

  @Test func eachSyncMovesTheAgesOn() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("c.vcf", Self.card)
    let target = folder.url.path + "/b.ics"
    func sync(on today: String) throws -> CommandResult {
      try runBDConvert(
        ["sync", contacts, "--to", target, "--summary", "{name} ({age})", "--today", today])
    }
    let first = try sync(on: "2026-06-01")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.hasSuffix("1 added, 0 updated, 0 removed, 0 unchanged; ages until 2028\n"))
    #expect(try sync(on: "2026-11-30").stdout == "")  // the same year: nothing to do
    let nextYear = try sync(on: "2027-01-02")
    #expect(nextYear.status == 0, "\(nextYear.stderr)")
    #expect(nextYear.stdout.hasPrefix("~ Anna Berg  "))
    #expect(
      nextYear.stderr.hasSuffix("0 added, 1 updated, 0 removed, 0 unchanged; ages until 2029\n"))
    let calendar = String(decoding: folder.read("b.ics") ?? [], as: UTF8.self)
    #expect(calendar.contains("SUMMARY:Anna Berg (39)"))  // 2029
    #expect(!calendar.contains("SUMMARY:Anna Berg (36)"))  // 2026 has gone by
  }
}

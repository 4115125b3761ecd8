import Foundation
import Testing

@testable import BDConvertCLI

/// Texts in the user's language through the command line (issue 33 items 6-7): the locale or
/// `--lang`, the config key, the user's templates winning, sync updating the titles.
@Suite struct LanguageCommandTests {
  /// Apple Contacts' card with a lunar birthday (the 15th day of the 9th month of year 17 of
  /// the 77th cycle: 1940) and `N` in family;given order.
  static let lunarCard =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nN:李;小龍;;;\r\nFN:李小龍\r\nUID:lunar\r\n"
    + "X-ALTBDAY;CALSCALE=chinese:007700170915\r\nBDAY:1940-11-27\r\nEND:VCARD\r\n"
  static let anna =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Nagy;Anna;;;\r\nFN:Anna Nagy\r\nUID:anna\r\n"
    + "BDAY:1985-05-01\r\nEND:VCARD\r\n"
  static let epoch = ["SOURCE_DATE_EPOCH": "1767225600"]  // 2026-01-01

  static func lines(_ text: String, _ prefixes: String...) -> [String] {
    text.split(whereSeparator: \.isNewline).map(String.init).filter { line in
      prefixes.contains { line.hasPrefix($0) }
    }
  }

  /// The "done when": `LANG=zh_CN.UTF-8 bdconvert convert contacts.vcf` with an Apple
  /// card carrying `X-ALTBDAY;CALSCALE=chinese` writes Chinese titles and reminders.
  @Test func chineseLocaleWritesChineseTexts() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("contacts.vcf", Self.lunarCard)
    let result = try runBDConvert(
      ["convert", path, "--years", "2"],
      environment: Self.epoch.merging(["LANG": "zh_CN.UTF-8"]) { $1 })
    #expect(result.status == 0, "\(result.stderr)")
    let summaries = Set(Self.lines(result.stdout, "SUMMARY:"))
    #expect(summaries == ["SUMMARY:李小龍的生日"])
    let reminders = Set(Self.lines(result.stdout, "DESCRIPTION:今天"))
    #expect(reminders == ["DESCRIPTION:今天是李小龍的生日，记得送上祝福！"])
    // The lunar occurrences say which calendar in Chinese; the Gregorian one its date of birth.
    #expect(result.stdout.contains("DESCRIPTION:出生日期：1940-10-15 (农历 1940-09-15)\r\n"))
    #expect(result.stdout.contains("DESCRIPTION:出生日期：1940-11-27\r\n"))
    #expect(!result.stdout.contains("Birthday:"))
  }

  /// `C`, `POSIX`, English and `--lang en` write today's English, byte for byte; `--lang`
  /// wins over the environment.
  @Test func englishIsUnchanged() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("contacts.vcf", Self.lunarCard + Self.anna)
    let plain = try runBDConvert(["convert", path], environment: Self.epoch)
    #expect(plain.status == 0)
    #expect(plain.stdout.contains("SUMMARY:Birthday: Anna Nagy\r\n"))
    #expect(plain.stdout.contains("DESCRIPTION:Wish 李小龍 a Happy Birthday today!\r\n"))
    for environment in [
      ["LANG": "C"], ["LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"], ["LANG": "en_US.UTF-8"],
      ["LANG": "hi_IN.UTF-8"],
    ] {
      let run = try runBDConvert(
        ["convert", path], environment: Self.epoch.merging(environment) { $1 })
      #expect(run.stdoutBytes == plain.stdoutBytes, "\(environment)")
    }
    let forced = try runBDConvert(
      ["convert", path, "--lang", "en"],
      environment: Self.epoch.merging(["LC_ALL": "de_DE.UTF-8"]) { $1 })
    #expect(forced.stdoutBytes == plain.stdoutBytes)
    // LC_ALL over LC_MESSAGES over LANG.
    let german = try runBDConvert(
      ["convert", path],
      environment: Self.epoch.merging(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]) { $1 })
    #expect(german.stdout.contains("SUMMARY:Geburtstag: Anna Nagy\r\n"))
    #expect(german.stdout.contains("DESCRIPTION:Geboren: 1985-05-01\r\n"))
  }

  @Test(arguments: ["xx", "klingon", "x-DE"])
  func unknownLanguage(tag: String) throws {
    let result = runInProcess(["convert", "--lang", tag, "-o", "/nonexistent/out.ics"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("invalid --lang '\(tag)'"))
    #expect(result.stderr.contains("de, fr, es"))
    #expect(result.stderr.contains("zh-Hans, zh-Hant"))
  }

  /// The user's templates win; `{ordinal}` is the language's; the other defaults are still
  /// translated.
  @Test func ownTemplatesWin() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("contacts.vcf", Self.anna)
    let output = folder.url.appendingPathComponent("out.ics").path
    let result = runInProcess(
      [
        "convert", path, "--lang", "de", "--summary", "🎂 {name} ({ordinal})", "--today",
        "2026-01-01", "--alarm", "-3d@09:00", "-o", output,
      ], environment: Self.epoch)
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains("SUMMARY:🎂 Anna Nagy (41.)\r\n"))
    #expect(text.contains("SUMMARY:🎂 Anna Nagy\r\n"))
    #expect(text.contains("DESCRIPTION:Geburtstag: Anna Nagy – in 3 Tagen\r\n"))
  }

  /// `lang = hu` in the config file, as any option: family name first in `{first} {last}`.
  @Test func configKey() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("contacts.vcf", Self.anna)
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("bdconvert"), withIntermediateDirectories: true)
    _ = try folder.write("bdconvert/config", "lang = hu\n")
    let output = folder.url.appendingPathComponent("out.ics").path
    let result = runInProcess(
      ["convert", path, "--message", "Boldog születésnapot, {first} {last}!", "-o", output],
      environment: ["SOURCE_DATE_EPOCH": "0", "XDG_CONFIG_HOME": folder.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains("SUMMARY:Születésnap: Anna Nagy\r\n"))
    #expect(text.contains("DESCRIPTION:Boldog születésnapot\\, Nagy Anna!\r\n"))
  }

  /// A change of language is a change like any other: sync updates the titles, and the next
  /// sync in that language has nothing to do.
  @Test func syncUpdatesTheTitles() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("contacts.vcf", Self.anna)
    let target = folder.url.appendingPathComponent("birthdays.ics").path
    let english = try runBDConvert(["sync", path, "--to", target], environment: Self.epoch)
    #expect(english.status == 0, "\(english.stderr)")
    #expect(
      try String(contentsOfFile: target, encoding: .utf8).contains("SUMMARY:Birthday: Anna Nagy"))
    let french = try runBDConvert(
      ["sync", path, "--to", target],
      environment: Self.epoch.merging(["LANG": "fr_FR.UTF-8"]) { $1 })
    #expect(french.status == 0, "\(french.stderr)")
    #expect(french.stderr.contains("1 updated"), "\(french.stderr)")
    let calendar = try String(contentsOfFile: target, encoding: .utf8)
    #expect(calendar.contains("SUMMARY:Anniversaire : Anna Nagy\r\n"))
    #expect(!calendar.contains("Birthday:"))
    let again = try runBDConvert(
      ["sync", path, "--to", target, "--lang", "fr"], environment: Self.epoch)
    #expect(again.status == 0)
    #expect(again.stderr.contains("0 updated"), "\(again.stderr)")
  }
}

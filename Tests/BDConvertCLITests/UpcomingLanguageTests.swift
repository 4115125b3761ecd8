import BirthdayKit
import Foundation
import Testing

@testable import BDConvertCLI

/// `upcoming` in the user's language (issue 33 item 6): `--lang`, the locale, the config key;
/// the English output and the JSON unchanged.
@Suite struct UpcomingLanguageTests {
  static let cards =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Nagy;Anna;;;\r\nFN:Anna Nagy\r\nUID:anna\r\n"
    + "BDAY:1985-05-01\r\nEND:VCARD\r\n"
    + "BEGIN:VCARD\r\nVERSION:3.0\r\nN:李;小龍;;;\r\nFN:李小龍\r\nUID:lee\r\n"
    + "BDAY:1940-05-03\r\nANNIVERSARY:2000-05-10\r\nEND:VCARD\r\n"
    + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Eve\r\nUID:eve\r\nBDAY:--04-30\r\nEND:VCARD\r\n"
  static let window = ["--today", "2026-04-30", "--days", "12", "--anniversaries"]
  static let english =
    "2026-04-30\tThu\ttoday\tEve\t\tbirthday\n"
    + "2026-05-01\tFri\ttomorrow\tAnna Nagy\t41\tbirthday\n"
    + "2026-05-03\tSun\tin 3 days\t李小龍\t86\tbirthday\n"
    + "2026-05-10\tSun\tin 10 days\t李小龍\t26\tanniversary\n"

  /// `upcoming`'s standard output through the binary.
  func upcoming(_ extra: [String] = [], environment: [String: String] = [:]) throws -> String {
    let folder = try TemporaryDirectory()
    let path = try folder.write("contacts.vcf", Self.cards)
    let result = try runBDConvert(
      ["upcoming", path] + Self.window + extra, environment: environment)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    return result.stdout
  }

  /// `--lang de` through the binary: the day of the week, WHEN and KIND in German; the
  /// dates, names and ages as they are.
  @Test func germanWithTheOption() throws {
    let text = try upcoming(["--lang", "de"], environment: ["LANG": "fr_FR.UTF-8"])
    #expect(
      text
        == "2026-04-30\tDo\theute\tEve\t\tGeburtstag\n"
        + "2026-05-01\tFr\tmorgen\tAnna Nagy\t41\tGeburtstag\n"
        + "2026-05-03\tSo\tin 3 Tagen\t李小龍\t86\tGeburtstag\n"
        + "2026-05-10\tSo\tin 10 Tagen\t李小龍\t26\tJahrestag\n")
  }

  /// `LANG=zh_CN.UTF-8` through the binary: Simplified Chinese.
  @Test func chineseFromTheLocale() throws {
    let text = try upcoming(environment: ["LANG": "zh_CN.UTF-8"])
    #expect(
      text
        == "2026-04-30\t周四\t今天\tEve\t\t生日\n"
        + "2026-05-01\t周五\t明天\tAnna Nagy\t41\t生日\n"
        + "2026-05-03\t周日\t3天后\t李小龍\t86\t生日\n"
        + "2026-05-10\t周日\t10天后\t李小龍\t26\t纪念日\n")
  }

  /// English, `C`, `POSIX`, a language without a catalog and `--lang en` print today's English,
  /// byte for byte; `--lang` wins over the locale.
  @Test func englishIsUnchanged() throws {
    let plain = try upcoming()
    #expect(plain == Self.english)
    for environment in [
      ["LANG": "C"], ["LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"], ["LANG": "en_GB.UTF-8"],
      ["LANG": "hi_IN.UTF-8"],
    ] {
      let text = try upcoming(environment: environment)
      #expect(text == Self.english, "\(environment)")
    }
    let forced = try upcoming(["--lang", "en"], environment: ["LC_ALL": "de_DE.UTF-8"])
    #expect(forced == Self.english)
  }

  /// The JSON is for scripts: the same in every language.
  @Test func jsonIsTheSameInEveryLanguage() throws {
    let english = try upcoming(["--json"])
    #expect(english.contains("\"kind\":\"birthday\""))
    for tag in ["de", "zh-Hans", "ar", "ru"] {
      let text = try upcoming(["--json", "--lang", tag])
      #expect(text == english, "\(tag)")
    }
  }

  /// `lang = de` in the config file, as convert reads it; the command line wins.
  @Test func configKey() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("contacts.vcf", Self.cards)
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("bdconvert"), withIntermediateDirectories: true)
    _ = try folder.write("bdconvert/config", "lang = de\n")
    let configured = runInProcess(
      ["upcoming", path] + Self.window, environment: ["XDG_CONFIG_HOME": folder.url.path])
    #expect(configured.status == 0, "\(configured.stderr)")
    #expect(configured.stdout.hasPrefix("2026-04-30\tDo\theute\tEve\t\tGeburtstag\n"))
    let overridden = runInProcess(
      ["upcoming", path, "--lang", "en"] + Self.window,
      environment: ["XDG_CONFIG_HOME": folder.url.path])
    #expect(overridden.stdout == Self.english)
  }

  @Test func unknownLanguage() {
    let result = runInProcess(["upcoming", "--lang", "xx", "/nonexistent.vcf"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("invalid --lang 'xx'"))
  }

  /// The table's headings in the language, and its columns aligned by the columns a terminal
  /// gives a character: Chinese characters take two.
  @Test func tableInChinese() {
    let entries: [UpcomingDate] = [
      .init(
        date: CivilDateArgument.date("2026-05-03"), days: 3, uid: "u", name: "李小龍",
        kind: .birthday, age: 86),
      .init(
        date: CivilDateArgument.date("2026-05-10"), days: 10, uid: "v", name: "Eve",
        kind: .anniversary, age: nil),
    ]
    let table = UpcomingCommand.table(entries, words: UpcomingWords(.chineseSimplified))
    #expect(
      table
        == "日期        星期  时间    姓名    年龄  类型\n"
        + "2026-05-03  周日  3天后   李小龍  86    生日\n"
        + "2026-05-10  周日  10天后  Eve           纪念日\n")
    #expect(
      UpcomingCommand.table(entries)
        == "DATE        DAY  WHEN        NAME    AGE  KIND\n"
        + "2026-05-03  Sun  in 3 days   李小龍  86   birthday\n"
        + "2026-05-10  Sun  in 10 days  Eve          anniversary\n")
  }

  /// Every language has a name for each day of the week, all seven different.
  @Test(arguments: Language.allCases)
  func weekdays(language: Language) {
    let words = UpcomingWords(language)
    let names = (0..<7).map { words.weekday(dayNumber: $0) }
    #expect(Set(names).count == 7, "\(language): \(names)")
    #expect(names.allSatisfy { !$0.isEmpty && !$0.contains("\t") }, "\(language)")
  }
}

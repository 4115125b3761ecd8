import BirthdayKit
import Testing

@testable import BDConvertCLI

/// `--for CLIENT` presets and `--color` / `NO_COLOR`, in process.
@Suite struct ClientPresetAndColorTests {
  static func parse(_ arguments: [String]) throws -> ConvertOptions {
    try ConvertOptions.parse(arguments, command: .convert, format: nil)
  }

  @Test func withoutForNothingChanges() throws {
    let options = try Self.parse([])
    #expect(options.alarms == [.eightAM])
    #expect(options.leapDayPolicy == .feb28)
    #expect(options.notes.isEmpty)
  }

  @Test func googleWritesNoReminderAndSaysWhy() throws {
    let options = try Self.parse(["--for", "google"])
    #expect(options.alarms.isEmpty)
    #expect(options.notes.count == 1)
    #expect(options.notes[0].contains("Google Calendar drops the reminders of imported files"))
  }

  @Test func outlookMovesTheDefaultReminderToTheEveningBefore() throws {
    let options = try Self.parse(["--for", "OUTLOOK"])
    #expect(options.alarms == [try AlarmSpecification(parsing: "-1d@18:00")])
    #expect(options.alarms[0].trigger == "-PT6H")  // 6 hours before the day starts
    #expect(options.notes.count == 1 && options.notes[0].contains("18:00 the evening before"))
  }

  @Test func outlookLeavesOutRemindersAfterTheStartOfTheDay() throws {
    let options = try Self.parse(["--for", "outlook", "--alarm", "08:00", "--alarm", "-2d@09:00"])
    #expect(options.alarms == [try AlarmSpecification(parsing: "-2d@09:00")])
    #expect(options.notes[0].contains("--alarm '08:00' cannot be written"))
    let none = try Self.parse(["--for", "outlook", "--alarm", "08:00"])
    #expect(none.alarms.isEmpty && none.notes[0].hasSuffix("no reminder is written"))
    let midnight = try Self.parse(["--for", "outlook", "--alarm", "00:00"])
    #expect(midnight.alarms.count == 1 && midnight.notes.isEmpty)
    let noAlarm = try Self.parse(["--for", "outlook", "--no-alarm"])
    #expect(noAlarm.alarms.isEmpty && noAlarm.notes.isEmpty)
  }

  @Test(arguments: ["apple", "thunderbird", "nextcloud"])
  func clientsThatHonourRemindersKeepThem(client: String) throws {
    let options = try Self.parse(["--for", client, "--alarm", "07:30"])
    #expect(options.alarms == [try AlarmSpecification(parsing: "07:30")])
    #expect(options.notes.isEmpty)
    #expect(options.leapDayPolicy == .feb28)
  }

  @Test(arguments: [
    ("outlook", "mar1", false), ("outlook", "feb29", true), ("nextcloud", "feb29", false),
    ("nextcloud", "mar1", false), ("nextcloud", "feb28", true), ("google", "mar1", true),
  ])
  func leapDayPoliciesTheClientDoesNotShowAreRefused(client: String, policy: String, ok: Bool) {
    let result = runInProcess(
      ["convert", "/nonexistent/a.vcf", "--for", client, "--leap-day", policy])
    // Accepted options get as far as opening the (missing) input: 66; refused ones exit 64.
    #expect(result.status == (ok ? 66 : 64), "\(result.stderr)")
  }

  @Test func notesArePrintedBeforeTheConversionUnlessQuiet() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("a.vcf", ConvertCommandTests.card)
    let output = folder.url.appendingPathComponent("a.ics").path
    let noisy = runInProcess(["convert", input, "--for", "google", "-o", output])
    #expect(noisy.status == 0)
    #expect(noisy.stderr.hasPrefix("bdconvert: note: --for google: "))
    let calendar = String(decoding: folder.read("a.ics") ?? [], as: UTF8.self)
    #expect(calendar.contains("BEGIN:VEVENT") && !calendar.contains("BEGIN:VALARM"))
    let quiet = runInProcess(["convert", input, "--for", "google", "-q", "-o", output])
    #expect(quiet.status == 0 && quiet.stderr.isEmpty)
  }

  @Test(arguments: [
    ([String](), [String: String](), true, true),  // a terminal: colour
    ([], [:], false, false),  // a pipe or file: none
    ([], ["NO_COLOR": "1"], true, false),  // no-color.org
    ([], ["NO_COLOR": ""], true, true),  // an empty NO_COLOR does not count
    ([], ["TERM": "dumb"], true, false),
    (["--color", "never"], [:], true, false),
    (["--color=always"], ["NO_COLOR": "1"], false, true),
    (["--color", "auto"], [:], false, false),
    (["--color", "always", "--color", "never"], [:], true, false),  // the last one wins
    (["--", "--color", "always"], [:], false, false),  // after --: an operand
  ])
  func colourOnlyOnATerminal(
    arguments: [String], environment: [String: String], terminal: Bool, colored: Bool
  ) {
    let style = DiagnosticStyle.resolve(
      arguments: ["list"] + arguments, environment: environment, isTerminal: terminal)
    #expect(style.colored == colored)
  }

  @Test func warningsAndErrorsLookDifferent() {
    let location = SourceLocation(file: "a.vcf", line: 3)
    let plain = DiagnosticStyle(colored: false)
    #expect(plain.render("bad", at: location, .warning) == "a.vcf:3: warning: bad")
    #expect(plain.render("bad", at: nil, .error) == "bdconvert: error: bad")
    let colored = DiagnosticStyle(colored: true)
    let warning = colored.render("bad", at: location, .warning)
    let error = colored.render("bad", at: location, .error)
    #expect(warning.contains("\u{1B}[1;35mwarning:\u{1B}[0m"))
    #expect(error.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    #expect(warning.hasSuffix(" bad") && error.hasSuffix(" bad"))
  }

  @Test func colorAlwaysColoursAUsageError() {
    let result = runInProcess(["convert", "--color", "always", "--bogus"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("\u{1B}[1mbdconvert:\u{1B}[0m \u{1B}[1;31merror:"))
    let plain = runInProcess(["convert", "--bogus"])
    #expect(!plain.stderr.contains("\u{1B}"))
  }
}

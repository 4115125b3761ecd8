import Foundation
import Testing

@testable import BDConvertCLI

/// Usage errors, help and version through `CommandLineTool.main`, in process: exit statuses,
/// messages and what goes to which stream.
@Suite struct CommandLineUsageTests {
  @Test(arguments: [
    (["vcf-to-ics", "--bogus"], "unknown option '--bogus'"),
    (["vcf-to-ics", "--alarm"], "option '--alarm' needs a value"),
    (["vcf-to-ics", "--alarm", "25:00"], "invalid alarm '25:00'"),
    (
      ["vcf-to-ics", "--alarm", "08:00", "--no-alarm"],
      "'--no-alarm' cannot be combined with '--alarm'"
    ),
    (
      ["vcf-to-ics", "--leap-day", "mar2"],
      "invalid --leap-day 'mar2' (expected feb28, mar1 or feb29)"
    ),
    (["vcf-to-ics", "--summary", "{nam}"], "unknown placeholder '{nam}'"),
    (["vcf-to-ics", "--delimiter", ";"], "unknown option '--delimiter'"),  // CSV only
    (["csv-to-ics", "--date-order", "myd"], "invalid --date-order 'myd'"),
    (["csv-to-ics", "--column", "birth=Geburtstag"], "invalid --column 'birth=Geburtstag'"),
    (["convert", "--threads", "0"], "invalid --threads '0' (expected a number from 1 to 64)"),
    (["vcf-to-ics", "-", "-"], "standard input ('-') can be read only once"),
    (["convert", "a.vcf", "-o", "x.ics", "--output-dir", "d"], "cannot be combined with '-o'"),
    (["convert", "--output-dir", "d"], "'--output-dir' needs named input files"),
    (["convert", "a/x.vcf", "b/x.csv", "--output-dir", "d"], "would both be written to 'x.ics'"),
    (["convert", "--for", "gogle"], "invalid --for 'gogle'"),
    (["convert", "--for", "outlook", "--leap-day", "mar1"], "--leap-day mar1 is not shown"),
    (["convert", "--for", "nextcloud", "--leap-day", "feb29"], "use feb28"),
    (["convert", "--color", "sometimes"], "invalid --color 'sometimes'"),
    (["convert", "--summary-json", ""], "'--summary-json' needs a path"),
    (["delete", "x.ics"], "no UID given: use --uid or --uids-from"),
    (["delete", "--uid", "a", "--in-place"], "'--in-place' needs a FILE, not standard input"),
    (["delete", "--uid", "a", "a.ics", "-o", "b", "--in-place"], "cannot be combined with '-o'"),
    (["delete", "--uid", "a", "a.ics", "b.ics"], "delete takes one calendar file, not 2"),
    (["list", "--today", "2026-02-30"], "invalid --today '2026-02-30' (expected YYYY-MM-DD)"),
    (["list", "--bogus"], "unknown option '--bogus'"),
    (["list", "--threads", "65"], "invalid --threads '65' (expected a number from 1 to 64)"),
    (["merge", "-", "-"], "standard input ('-') can be read only once"),
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["help", "nope"], "unknown command 'nope'"),
    (["--completion", "tcsh"], "invalid --completion 'tcsh' (expected bash, zsh or fish)"),
    (["--bogus"], "unknown option '--bogus'"),
  ])
  func usageErrorsExit64WithTheUsage(arguments: [String], message: String) {
    let result = runInProcess(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("bdconvert: error: "), "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.contains("usage: bdconvert"))
    #expect(result.stdout.isEmpty)
  }

  @Test func noArgumentsPrintsTheUsageAndExits64() {
    let result = runInProcess([])
    #expect(result.status == 64)
    #expect(result.stderr == "usage: bdconvert <command> [options]   (see 'bdconvert --help')\n")
  }

  @Test(arguments: [
    ("vfc-to-ics", "did you mean 'vcf-to-ics'?"),
    ("lsit", "did you mean 'list'?"),
    (
      "contacts.vcf",
      "'contacts.vcf' is a file, not a command; did you mean 'bdconvert convert contacts.vcf'?"
    ),
    ("Google.CSV", "did you mean 'bdconvert convert Google.CSV'?"),
    ("birthdays.ics", "did you mean 'bdconvert list birthdays.ics'?"),
  ])
  func misspelledCommandsAndFilesSuggestTheCommand(word: String, suggestion: String) {
    let result = runInProcess([word, "--quiet"])
    #expect(result.status == 64)
    #expect(result.stderr.contains(suggestion), "\(result.stderr)")
  }

  @Test func anExistingFileWithoutExtensionSuggestsConvert() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("addresses", "BEGIN:VCARD\r\n")
    #expect(runInProcess([path]).stderr.contains("did you mean 'bdconvert convert \(path)'?"))
  }

  @Test(arguments: CommandCatalog.commands.map(\.name))
  func helpOfEachCommandIsOnStandardOutputWithExamples(command: String) throws {
    let spec = try #require(CommandCatalog.command(named: command))
    let viaOption = runInProcess([command, "--help"])
    let viaShort = runInProcess([command, "-h"])
    let viaHelp = runInProcess(["help", command])
    #expect(viaOption.status == 0 && viaShort.status == 0 && viaHelp.status == 0)
    #expect(viaOption.stderr.isEmpty && viaHelp.stderr.isEmpty)
    #expect(viaOption.stdout == HelpFormatter.help(for: spec))
    #expect(viaShort.stdout == viaOption.stdout)
    #expect(viaHelp.stdout == viaOption.stdout)
    #expect(viaOption.stdout.contains("examples:\n  bdconvert \(command) "))
    #expect(viaOption.stdout.contains("\nusage: bdconvert \(command) "))
    for option in spec.options {
      #expect(viaOption.stdout.contains(option.long), "\(option.long) missing from help")
    }
  }

  @Test(arguments: ["--help", "-h", "help"])
  func toolHelpListsEveryCommand(argument: String) {
    let result = runInProcess([argument])
    #expect(result.status == 0 && result.stderr.isEmpty)
    for command in CommandCatalog.commands {
      #expect(result.stdout.contains("\n  \(command.brief) "), "\(command.name)")
    }
  }

  @Test func everyHelpLineFitsIn80Columns() {
    let texts =
      [HelpFormatter.toolHelp(CommandCatalog.tool)]
      + CommandCatalog.commands.map(HelpFormatter.help(for:))
    for text in texts {
      for line in text.split(separator: "\n") {
        #expect(line.count <= 80, "\(line.count): \(line)")
        #expect(!line.hasSuffix(" "), "trailing space: \(line)")
      }
    }
  }

  @Test(arguments: ["--version", "-V"])
  func versionIsTheOneSourceOfTruth(argument: String) {
    let result = runInProcess([argument])
    #expect(result.status == 0)
    #expect(result.stdout == "bdconvert \(Version.number)\n")
    #expect(result.stderr.isEmpty)
  }

  @Test func changelogsNewestReleaseIsTheVersion() throws {
    let changelog = try String(
      contentsOf: packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let releases = changelog.split(separator: "\n").filter {
      $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
    }
    let newest = try #require(releases.first)
    #expect(newest == "## [\(Version.number)] - \(Version.date)")
  }

  @Test func sourceDateEpochMustBeWholeSecondsInRange() {
    for value in ["yesterday", "999999999999", "-1", "1.5"] {
      let result = runInProcess(
        ["vcf-to-ics", "-o", "/nonexistent/never.ics"], environment: ["SOURCE_DATE_EPOCH": value])
      #expect(result.status == 64, "\(value)")
      #expect(
        result.stderr.contains("SOURCE_DATE_EPOCH must be whole seconds from 0 to 253402300799"))
    }
  }
}

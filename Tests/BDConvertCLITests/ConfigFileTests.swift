import Foundation
import Testing

@testable import BDConvertCLI

/// `$XDG_CONFIG_HOME/bdconvert/config`: default options, the command line wins, `--no-config`.
@Suite struct ConfigFileTests {
  static let leapCard =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Leap Person\r\nBDAY:1972-02-29\r\nEND:VCARD\r\n"

  /// A folder with `bdconvert/config` holding `text`, and the environment that points at it.
  static func configured(_ text: String) throws -> (TemporaryDirectory, [String: String]) {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("bdconvert"), withIntermediateDirectories: true)
    try folder.write("bdconvert/config", text)
    return (folder, ["XDG_CONFIG_HOME": folder.url.path, "SOURCE_DATE_EPOCH": "0"])
  }

  @Test func pathFollowsXDGThenHome() {
    #expect(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x"]) == "/x/bdconvert/config")
    #expect(
      ConfigFile.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"])
        == "/home/a/.config/bdconvert/config")
    #expect(ConfigFile.path(environment: [:]) == nil)
  }

  @Test func optionsComeFromTheFileAndTheCommandLineWins() throws {
    let (config, environment) = try Self.configured(
      "# defaults\nleap-day = mar1\n\nalarm = 07:00\nalarm=-1d@18:00\njson\ncolor = never\n")
    let expanded = try ConfigFile.expand(
      ["convert", "a.vcf", "--alarm", "09:00"], environment: environment)
    // json is for list; the command line's --alarm replaces the file's alarms.
    #expect(
      expanded == ["convert", "--leap-day=mar1", "--color=never", "a.vcf", "--alarm", "09:00"])
    let listing = try ConfigFile.expand(["list", "x.ics"], environment: environment)
    #expect(listing == ["list", "--json", "--color=never", "x.ics"])
    let noAlarm = try ConfigFile.expand(["convert", "--no-alarm"], environment: environment)
    #expect(!noAlarm.contains { $0.hasPrefix("--alarm") })
    let ignored = try ConfigFile.expand(["convert", "--no-config", "a"], environment: environment)
    #expect(ignored == ["convert", "--no-config", "a"])
    withExtendedLifetime(config) {}
  }

  @Test func aConversionUsesTheFile() throws {
    let (folder, environment) = try Self.configured("leap-day = mar1\nno-alarm\n")
    let input = try folder.write("leap.vcf", Self.leapCard)
    let output = folder.url.path + "/out.ics"
    let configured = runInProcess(["convert", input, "-o", output], environment: environment)
    #expect(configured.status == 0)
    var calendar = String(decoding: folder.read("out.ics") ?? [], as: UTF8.self)
    #expect(calendar.contains("RRULE:FREQ=YEARLY;BYYEARDAY=60\r\n"))
    #expect(!calendar.contains("BEGIN:VALARM"))
    let overridden = runInProcess(
      ["convert", input, "-o", output, "--leap-day", "feb28"], environment: environment)
    #expect(overridden.status == 0)
    calendar = String(decoding: folder.read("out.ics") ?? [], as: UTF8.self)
    #expect(calendar.contains("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\n"))
    let plain = runInProcess(
      ["convert", input, "-o", output, "--no-config"], environment: environment)
    #expect(plain.status == 0)
    calendar = String(decoding: folder.read("out.ics") ?? [], as: UTF8.self)
    #expect(calendar.contains("BEGIN:VALARM"))
  }

  @Test(arguments: [
    (
      "leapday = mar1\n",
      "config:1: error: unknown option 'leapday' in the config file; did you mean 'leap-day'?"
    ),
    ("\n\nalarm\n", "config:3: error: 'alarm' needs a value in the config file"),
    ("strict = yes\n", "config:1: error: 'strict' takes no value in the config file"),
  ])
  func badLinesAreUsageErrorsNamingTheLine(text: String, message: String) throws {
    let (config, environment) = try Self.configured(text)
    defer { withExtendedLifetime(config) {} }
    let result = runInProcess(["convert", "/nonexistent/a.vcf"], environment: environment)
    #expect(result.status == 64)
    #expect(result.stderr.contains("bdconvert/" + message), "\(result.stderr)")
    let skipped = runInProcess(
      ["convert", "/nonexistent/a.vcf", "--no-config"], environment: environment)
    #expect(skipped.status == 66)
  }
}

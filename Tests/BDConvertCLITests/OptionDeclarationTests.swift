import Testing

@testable import BDConvertCLI

/// Every option is one typed declaration (`Option<Value>`): a value that does not parse is refused
/// in one message form whichever command reads it, and what help says is true for users.
@Suite struct OptionDeclarationTests {
  @Test(arguments: [
    (["convert", "--today", "2026-13-01"], "invalid --today '2026-13-01' (expected YYYY-MM-DD)"),
    (["upcoming", "--today", "tomorrow"], "invalid --today 'tomorrow' (expected YYYY-MM-DD)"),
    (["list", "--today", "2026-1-5"], "invalid --today '2026-1-5' (expected YYYY-MM-DD)"),
    (["upcoming", "--days", "0"], "invalid --days '0' (expected a number of days from 1 to 3660)"),
    (
      ["upcoming", "--leap-day", "mar2"],
      "invalid --leap-day 'mar2' (expected feb28, mar1 or feb29)"
    ),
    (
      ["sync", "a.vcf", "--to", "t.ics", "--max-remove", "-1"],
      "invalid --max-remove '-1' (expected a number of events, 0 or more)"
    ),
  ])
  func invalidValuesAreRefusedInOneForm(arguments: [String], message: String) {
    let result = runInProcess(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("bdconvert: error: \(message)\n"), "\(result.stderr)")
  }

  /// The commands that talk to a server honour `SSL_CERT_FILE` and `SSL_CERT_DIR` (libcurl's
  /// store), so their help and man pages list them with `BDCONVERT_PASSWORD`.
  @Test(arguments: ["list", "delete", "sync", "upcoming"])
  func serverCommandsNameTheCertificateVariables(command: String) throws {
    let spec = try #require(CommandCatalog.command(named: command))
    let names = spec.environment.map(\.word)
    #expect(names.contains("SSL_CERT_FILE") && names.contains("SSL_CERT_DIR"), "\(names)")
    let help = runInProcess([command, "--help"]).stdout
    #expect(help.contains("SSL_CERT_FILE") && help.contains("SSL_CERT_DIR"))
  }

  /// Help is read by users, who have no copy of the repository: it names no file in it.
  @Test func toolHelpNamesNoRepositoryPath() {
    let help = runInProcess(["--help"]).stdout
    #expect(help.contains("--completion"))
    #expect(!help.contains("docs/"), "\(help)")
  }
}

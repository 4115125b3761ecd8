import Foundation
import TestSupport
import Testing

@testable import BDConvertCLI

/// `bdconvert --help` and `man bdconvert` list every exit status a command can return, and the
/// man pages point to the guides as installed, not to a README the user does not have (issue 34
/// item 6).
@Suite struct ToolExitStatusTests {
  @Test func theToolListsEveryStatusOfEveryCommand() throws {
    let listed = Set(CommandCatalog.tool.exitStatuses.map(\.status.rawValue))
    for command in CommandCatalog.commands {
      for status in command.exitStatuses {
        #expect(
          listed.contains(status.status.rawValue),
          "\(command.name) returns \(status.status.rawValue), missing from bdconvert --help")
      }
    }
    #expect(listed == [0, 64, 65, 66, 69, 73, 74, 75, 77])
  }

  @Test(.tags(.slow), .slowTimeLimit) func helpAndManPageShowEachStatusOnALineOfItsOwn() throws {
    let help = try runBDConvert(["--help"])
    #expect(help.status == 0)
    let section = try #require(help.stdout.components(separatedBy: "exit status:\n").last)
    let page = ManPageWriter.toolPage(CommandCatalog.tool)
    for status in [0, 64, 65, 66, 69, 73, 74, 75, 77] {
      #expect(
        section.split(separator: "\n").contains { $0.hasPrefix("  \(status) ") },
        "\(status) missing from bdconvert --help")
      #expect(page.contains("\n.It \(status)\n"), "\(status) missing from bdconvert(1)")
    }
    #expect(section.contains("--max-time"))
  }

  @Test func manPagesPointToTheInstalledGuides() {
    for page in [ManPageWriter.toolPage(CommandCatalog.tool)]
      + CommandCatalog.commands.map(ManPageWriter.page(for:))
    {
      #expect(page.contains(".Pa /usr/local/share/doc/bdconvert/"))
      #expect(!page.contains("the README"))
    }
  }
}

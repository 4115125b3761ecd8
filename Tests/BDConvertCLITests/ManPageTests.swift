import Foundation
import Testing

@testable import BDConvertCLI

/// Man pages come from the same descriptions as `--help`: every option is in both, and the
/// pages pass `mandoc -Tlint` (CI installs mandoc; elsewhere a missing mandoc skips).
@Suite struct ManPageTests {
  @Test(arguments: CommandCatalog.commands.map(\.name))
  func everyOptionIsInHelpManPageAndCompletions(command: String) throws {
    let spec = try #require(CommandCatalog.command(named: command))
    let page = ManPageWriter.page(for: spec)
    let help = HelpFormatter.help(for: spec)
    let scripts = CompletionScript.shells.compactMap {
      CompletionScript.script(for: $0, tool: CommandCatalog.tool)
    }
    #expect(page.contains(".Dt BDCONVERT-\(command.uppercased()) 1"))
    #expect(page.contains(".Dd \(ManPageWriter.manualDate)"))
    for option in spec.options {
      let macro = "Fl \(option.long.dropFirst())"
      #expect(page.contains(macro), "\(option.long) missing from the man page")
      #expect(help.contains(option.long), "\(option.long) missing from help")
      for script in scripts {
        #expect(script.contains(String(option.long.dropFirst(2))), "\(option.long)")
      }
    }
    for example in spec.examples {
      #expect(page.contains(ManPageWriter.escaped(example)))
    }
  }

  @Test func manualDateComesFromTheVersion() {
    #expect(ManPageWriter.manualDate.hasSuffix(", " + Version.date.prefix(4)))
  }

  @Test(.enabled(if: toolAvailable("mandoc"), "needs mandoc (Debian package mandoc)"))
  func pagesPassMandocLint() throws {
    let folder = try TemporaryDirectory()
    let result = runInProcess(["--man-pages", folder.url.path])
    #expect(result.status == 0 && result.stderr.isEmpty)
    let pages = folder.listing()
    #expect(
      pages == (["bdconvert.1"] + CommandCatalog.commands.map { "bdconvert-\($0.name).1" }).sorted()
    )
    let lint = try runProcess(
      "/usr/bin/env",
      ["mandoc", "-Tlint", "-Wwarning"] + pages.map { folder.url.appendingPathComponent($0).path })
    #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    let rendered = try runProcess(
      "/usr/bin/env",
      ["mandoc", "-Tascii", folder.url.appendingPathComponent("bdconvert-convert.1").path])
    // Bold and underline are overstruck: drop every character followed by a backspace.
    var plain = ""
    for character in rendered.stdout {
      if character == "\u{8}" { plain.removeLast() } else { plain.append(character) }
    }
    #expect(plain.contains("--leap-day POLICY"))
    #expect(plain.contains("EXAMPLES"))
  }
}

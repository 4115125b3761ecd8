import Foundation
import TestSupport
import Testing

@testable import BDConvertCLI

/// `bdconvert --completion bash|zsh|fish`: each script is loaded by its own shell, which must
/// complete a command, an option, an option's values and files by extension. CI installs the
/// shells (a missing shell fails there); elsewhere a missing shell skips with a reason.
@Suite(.tags(.slow), .slowTimeLimit) struct CompletionScriptTests {
  /// A folder with files of several kinds, to complete in.
  static func folderWithFiles() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    for name in ["book.vcf", "team.csv", "cal.ics", "notes.txt"] { try folder.write(name, "") }
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: false)
    return folder
  }

  /// What every shell must offer for each command line (a trailing space completes a new word).
  static let expectations: [(line: String, offered: [String], notOffered: [String])] = [
    ("bdconvert vc", ["vcf-to-ics"], ["list"]),
    ("bdconvert ", ["convert", "merge", "list", "delete", "help"], []),
    ("bdconvert convert --leap-day ", ["feb28", "mar1", "feb29"], ["book.vcf"]),
    ("bdconvert csv-to-ics --date-order ", ["mdy", "dmy", "ymd"], []),
    ("bdconvert convert --for ", ["google", "outlook", "nextcloud"], []),
    ("bdconvert convert --ou", ["--output", "--output-dir"], ["--quiet"]),
    ("bdconvert convert ", ["book.vcf", "team.csv"], ["cal.ics", "notes.txt"]),
    ("bdconvert list ", ["cal.ics"], ["book.vcf"]),
    ("bdconvert help ", ["convert", "list"], []),
    ("bdconvert --completion ", ["bash", "zsh", "fish"], []),
  ]

  @Test(
    .enabled(if: toolAvailable("bash"), "needs bash"),
    arguments: expectations.indices)
  func bashCompletes(index: Int) throws {
    try check(index, shell: "bash") { script, line in
      let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
      let array = words.map { "'\($0)'" }.joined(separator: " ")
      return [
        "/bin/bash", "--norc", "--noprofile", "-c",
        "source '\(script)'; COMP_WORDS=(\(array)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); "
          + "COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; "
          + "$(complete -p bdconvert | sed 's/.*-F \\([^ ]*\\).*/\\1/') bdconvert; "
          + "printf '%s\\n' \"${COMPREPLY[@]}\"",
      ]
    }
  }

  @Test(
    .enabled(if: toolAvailable("fish"), "needs fish"),
    arguments: expectations.indices)
  func fishCompletes(index: Int) throws {
    try check(index, shell: "fish") { script, line in
      ["/usr/bin/env", "fish", "--no-config", "-c", "source '\(script)'; complete -C '\(line)'"]
    }
  }

  @Test(
    .enabled(if: toolAvailable("zsh"), "needs zsh"),
    arguments: expectations.indices)
  func zshCompletes(index: Int) throws {
    try check(index, shell: "zsh") { script, line in
      let folder = URL(fileURLWithPath: script).deletingLastPathComponent()
      let driver = packageRoot.appendingPathComponent("Scripts/zsh-complete")
      return ["/usr/bin/env", "zsh", "-f", driver.path, folder.path, line]
    }
  }

  /// Runs the shell on `expectations[index]` in a folder of sample files and checks its offers.
  private func check(
    _ index: Int, shell: String, command: (_ script: String, _ line: String) -> [String]
  ) throws {
    let (line, offered, notOffered) = Self.expectations[index]
    let scripts = try TemporaryDirectory()
    let name = shell == "zsh" ? "_bdconvert" : "bdconvert.\(shell)"
    let script = try scripts.write(
      name, try #require(CompletionScript.script(for: shell, tool: CommandCatalog.tool)))
    let folder = try Self.folderWithFiles()
    let arguments = command(script, line)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.currentDirectoryURL = folder.url
    process.standardInput = FileHandle.nullDevice
    let result = try runCollectingOutput(process, in: try TemporaryDirectory())
    #expect(result.status == 0, "\(shell): \(result.stderr)")
    // fish prints "word<TAB>description"; zsh and bash one word per line.
    let words = Set(
      result.stdout.split(separator: "\n").map {
        String($0.prefix { $0 != "\t" }).trimmingCharacters(in: .whitespaces)
      })
    for word in offered {
      #expect(
        words.contains(word),
        "\(shell) '\(line)': \(word) not in \(words.sorted()) \(result.stderr)")
    }
    for word in notOffered {
      #expect(!words.contains(word), "\(shell) '\(line)': \(word) offered")
    }
  }

}

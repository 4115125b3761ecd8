/// The options that stand in place of a command (`bdconvert --version`), each declared once.
enum ToolOption {
  static let help = Option(
    flag: "--help", short: "h", help: "show this help ('bdconvert help COMMAND' for a command)")
  static let version = Option(flag: "--version", short: "V", help: "show the version")
  static let completion = Option<String>(
    "--completion",
    ValueSpec("SHELL", .choices([Choice("bash", ""), Choice("zsh", ""), Choice("fish", "")])),
    parser: ValueParser { shell throws(ValueError) in
      guard CompletionScript.shells.contains(shell) else {
        throw .expected("bash, zsh or fish", suggestions: CompletionScript.shells)
      }
      return shell
    },
    help:
      "print the completion script for SHELL (bash, zsh or fish), to be saved where the shell "
      + "looks, as ~/.local/share/bash-completion/completions/bdconvert, ~/.zfunc/_bdconvert "
      + "(zsh) or ~/.config/fish/completions/bdconvert.fish")
  static let manPages = Option<String>(
    "--man-pages", ValueSpec("DIR", .directories),
    help: "write the man pages (bdconvert.1 and one per command) into DIR")
}

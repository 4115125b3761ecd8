import BirthdayKit

/// Options that several commands share, each declared once (`--today` and `--verbose` with the
/// help each command gives them).
enum CommonOption {
  static let help = Option(flag: "--help", short: "h", help: "show this help")
  static let color = Option<ColorChoice>(
    "--color",
    ValueSpec(
      "WHEN",
      .choices([
        Choice("auto", "on a terminal, unless NO_COLOR is set (default)"),
        Choice("always", ""), Choice("never", ""),
      ])),
    default: .auto, parser: .choice("auto, always or never", suggests: true),
    help: "colour warnings and errors:")
  static let noConfig = Option(
    flag: "--no-config",
    help:
      "ignore the config file, $XDG_CONFIG_HOME/bdconvert/config (default "
      + "~/.config/bdconvert/config): default options, one per line, as 'leap-day = mar1' or "
      + "'anniversaries'; options given here replace its lines")

  /// `--today YYYY-MM-DD`, parsed the same way by every command that takes it.
  static func today(help: String) -> Option<CivilDate> {
    Option("--today", ValueSpec("YYYY-MM-DD"), parser: .isoDate, help: help)
  }

  /// `--threads N`, 1 to 64, by default the number of cores (at most 8).
  static func threads(help: String) -> Option<Int> {
    Option(
      "--threads", ValueSpec("N"), default: ConvertOptions.defaultThreads,
      parser: .integer(in: 1...64, "a number from 1 to 64"), help: help)
  }

  /// `-v`, `--verbose`.
  static func verbose(help: String) -> Option<Bool> {
    Option(flag: "--verbose", short: "v", help: help)
  }

  /// `--verbose` of `list` and `upcoming`.
  static let verboseWarnings = verbose(
    help: "print every warning (without it, 20 of one kind, then a count)")
}

/// `--color WHEN`.
enum ColorChoice: String, CaseIterable, Sendable {
  case auto, always, never
}

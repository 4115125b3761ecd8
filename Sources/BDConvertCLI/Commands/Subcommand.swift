/// A command that reads its own arguments against its ``CommandSpec`` (`delete`, `list`, `merge`,
/// `upcoming`); the conversions and `sync` share ``ConvertOptions`` instead.
protocol Subcommand {
  /// The command's description: options, help, usage.
  static var spec: CommandSpec { get }
}

extension Subcommand {
  /// The usage text printed after a usage error.
  static var usage: String { spec.usageText }

  /// Scans the arguments; when they ask for `--help`, prints the command's help and returns nil.
  static func scanUnlessHelp(_ arguments: [String]) throws(CommandError) -> ArgumentScanner.Result?
  {
    let scanned = try spec.scanner.scan(arguments)
    guard !scanned.has("--help") else {
      StandardStreams.output(HelpFormatter.help(for: spec))
      return nil
    }
    return scanned
  }
}

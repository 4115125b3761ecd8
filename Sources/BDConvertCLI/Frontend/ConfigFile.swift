import BirthdayKit
import Foundation

/// Default options from `$XDG_CONFIG_HOME/bdconvert/config` (`~/.config/bdconvert/config` when
/// `XDG_CONFIG_HOME` is not set), unless `--no-config` is given.
///
/// One option per line, named as on the command line without the dashes: `leap-day = mar1`,
/// `alarm = -1d@18:00` (repeatable options may repeat), `anniversaries` for a flag; `#` starts a
/// comment line. A command takes the lines that name its own options and ignores the others
/// (`json` is for `list`), and the command line wins: an option given there replaces the file's
/// lines for it (`--alarm` and `--no-alarm` replace each other's lines too, as do `-o` and
/// `--output-dir`). A line that names no option of any command is a usage error naming the
/// file and line.
enum ConfigFile {
  /// Options whose lines one another replaces.
  static let exclusiveGroups: [Set<String>] = [
    ["--alarm", "--no-alarm"], ["--output", "--output-dir"],
  ]

  /// Where the file is for `environment`, or `nil` without `XDG_CONFIG_HOME` and `HOME`.
  static func path(environment: [String: String]) -> String? {
    if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
      return base + "/bdconvert/config"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/bdconvert/config"
  }

  /// `arguments` (command first) with the file's options for that command inserted after the
  /// command name; unchanged for `--no-config`, an unknown command, or no file.
  static func expand(_ arguments: [String], environment: [String: String]) throws(CommandError)
    -> [String]
  {
    guard let name = arguments.first, let command = CommandCatalog.command(named: name) else {
      return arguments
    }
    let rest = Array(arguments.dropFirst())
    let beforeDoubleDash = rest.prefix { $0 != "--" }
    if beforeDoubleDash.contains("--no-config") { return arguments }
    guard let path = path(environment: environment),
      let data = FileManager.default.contents(atPath: path)
    else { return arguments }
    let given = Set(((try? command.scanner.scan(rest))?.options ?? []).map(\.name))
    let replaced = given.union(exclusiveGroups.filter { !$0.isDisjoint(with: given) }.joined())
    var inserted: [String] = []
    let lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    for (index, rawLine) in lines.enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let location = SourceLocation(file: path, line: index + 1)
      let (option, value) = try parse(line, at: location, usage: command.usageText)
      guard command.options.contains(where: { $0.long == option.long }),
        !replaced.contains(option.long)
      else { continue }
      inserted += value.map { ["\(option.long)=\($0)"] } ?? [option.long]
    }
    return [name] + inserted + rest
  }

  /// The option a line names and its value.
  private static func parse(_ line: String, at location: SourceLocation, usage: String)
    throws(CommandError) -> (OptionSpec, String?)
  {
    var name = line
    var value: String?
    if let equals = line.firstIndex(of: "=") {
      name = line[..<equals].trimmingCharacters(in: .whitespaces)
      value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    }
    if name.hasPrefix("--") { name.removeFirst(2) }
    let known = CommandCatalog.commands.flatMap(\.options).filter { $0.long != "--help" }
    guard let option = known.first(where: { $0.long == "--" + name }) else {
      throw CommandError(
        status: .usage,
        message: "unknown option '\(name)' in the config file"
          + Suggestions.didYouMean(
            name, among: Array(Set(known.map { String($0.long.dropFirst(2)) }))),
        usage: usage, location: location)
    }
    if option.takesValue, value == nil {
      throw CommandError(
        status: .usage, message: "'\(name)' needs a value in the config file: \(name) = VALUE",
        usage: usage, location: location)
    }
    if !option.takesValue, value != nil {
      throw CommandError(
        status: .usage, message: "'\(name)' takes no value in the config file", usage: usage,
        location: location)
    }
    return (option, value)
  }
}

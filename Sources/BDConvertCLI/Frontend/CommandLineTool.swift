import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `bdconvert` command line: dispatches to a command and turns failures into exit statuses.
///
/// Kept in a library so tests can run commands in-process; the executables only call
/// ``main(_:environment:server:)``.
public enum CommandLineTool {
  /// Runs `bdconvert` with `arguments` (without the program name).
  /// - Parameter server: the CalDAV/CardDAV client (`bdconvert-dav`'s); without one, a command
  ///   given a server URL fails with 69 (`bdconvert` hands those to ``ServerSibling`` first).
  /// - Returns: the process exit status.
  public static func main(
    _ arguments: [String], environment: [String: String], server: (any ServerBackend)? = nil
  ) -> Int32 {
    let expanded: [String]
    do {
      expanded = try ConfigFile.expand(arguments, environment: environment)
    } catch {
      StandardStreams.error(error.rendered)
      return error.status.rawValue
    }
    let style = DiagnosticStyle.resolve(
      arguments: expanded, environment: environment,
      isTerminal: StandardStreams.errorIsTerminal)
    return DiagnosticStyle.$current.withValue(style) {
      runReportingErrors(expanded, environment: environment, server: server)
    }
  }

  private static func runReportingErrors(
    _ arguments: [String], environment: [String: String], server: (any ServerBackend)?
  ) -> Int32 {
    do {
      return try run(arguments, environment: environment, server: server).rawValue
    } catch {
      StandardStreams.error(error.rendered)
      return error.status.rawValue
    }
  }

  private static func run(
    _ arguments: [String], environment: [String: String], server: (any ServerBackend)?
  ) throws(CommandError) -> ExitStatus {
    let tool = CommandCatalog.tool
    guard let first = arguments.first else {
      StandardStreams.error(tool.usageText + "\n")
      return .usage
    }
    if let color = DiagnosticStyle.requestedColor(in: arguments) {
      do throws(ValueError) {
        _ = try CommonOption.color.parser.parse(color)
      } catch {
        throw .invalidValue(
          CommonOption.color.long, color, error,
          usage: CommandCatalog.command(named: first)?.usageText ?? tool.usageText)
      }
    }
    let rest = Array(arguments.dropFirst())
    if let command = CommandCatalog.command(named: first) {
      return try command.execute(
        Invocation(arguments: rest, environment: environment, server: server))
    }
    switch first {
    case "-h", "--help":
      StandardStreams.output(HelpFormatter.toolHelp(tool))
      return .success
    case "-V", "--version":
      StandardStreams.output("bdconvert \(Version.number)\n")
      return .success
    case "help":
      return try help(rest)
    default:
      break
    }
    if first.hasPrefix("-") {
      return try runToolOption(arguments)
    }
    throw .usage(unknownCommandMessage(first), tool.usageText)
  }

  /// `bdconvert help [COMMAND]`.
  private static func help(_ arguments: [String]) throws(CommandError) -> ExitStatus {
    let tool = CommandCatalog.tool
    guard let name = arguments.first else {
      StandardStreams.output(HelpFormatter.toolHelp(tool))
      return .success
    }
    guard arguments.count == 1 else {
      throw .usage("help takes one command name, not \(arguments.count)", tool.usageText)
    }
    guard let command = CommandCatalog.command(named: name) else {
      throw .usage(
        "unknown command '\(name)'"
          + Suggestions.didYouMean(name, among: CommandCatalog.commands.map(\.name)),
        tool.usageText)
    }
    StandardStreams.output(HelpFormatter.help(for: command))
    return .success
  }

  /// `--completion SHELL` and `--man-pages DIR`.
  private static func runToolOption(_ arguments: [String]) throws(CommandError) -> ExitStatus {
    let tool = CommandCatalog.tool
    let scanned = try ArgumentScanner(options: tool.options, usage: tool.usageText).scan(arguments)
    if let operand = scanned.operands.first {
      throw .usage("unexpected '\(operand)' after the options", tool.usageText)
    }
    if scanned.has(ToolOption.help) {
      StandardStreams.output(HelpFormatter.toolHelp(tool))
    } else if scanned.has(ToolOption.version) {
      StandardStreams.output("bdconvert \(Version.number)\n")
    } else if let shell = try scanned.value(ToolOption.completion),
      let script = CompletionScript.script(for: shell, tool: tool)
    {
      StandardStreams.output(script)
    } else if let directory = try scanned.value(ToolOption.manPages) {
      try ManPageWriter.writePages(of: tool, into: directory)
    }
    return .success
  }

  /// `unknown command 'x'`, with the closest command, or the command for a file name.
  static func unknownCommandMessage(_ word: String) -> String {
    let lowered = word.lowercased()
    let suggested: String?
    if [".vcf", ".vcard", ".csv"].contains(where: lowered.hasSuffix) {
      suggested = "convert"
    } else if [".ics", ".ical"].contains(where: lowered.hasSuffix) {
      suggested = "list"
    } else if access(word, F_OK) == 0 {
      suggested = "convert"
    } else {
      suggested = nil
    }
    if let suggested {
      return "'\(word)' is a file, not a command; did you mean 'bdconvert \(suggested) \(word)'?"
    }
    return "unknown command '\(word)'"
      + Suggestions.didYouMean(word, among: CommandCatalog.commands.map(\.name) + ["help"])
  }
}

/// Renders `--help` text from the command descriptions, every line within 80 columns.
enum HelpFormatter {
  /// Where option descriptions start.
  static let descriptionColumn = 26

  /// The help of one command.
  static func help(for command: CommandSpec) -> String {
    var lines = TextWrapping.wrap("bdconvert \(command.name): \(command.abstract).", indent: 2)
    lines.append("")
    lines += command.usageText.split(separator: "\n").dropLast().map(String.init)
    lines.append("")
    lines += blocks(command.discussion)
    for group in command.optionGroups {
      lines.append("\(group.title):")
      for option in group.options { lines += optionLines(option) }
      lines.append("")
    }
    lines += blocks(command.notes)
    if !command.environment.isEmpty {
      lines.append("environment:")
      for variable in command.environment {
        lines += columns(variable.word, variable.help)
      }
      lines.append("")
    }
    lines += exampleLines(command.examples)
    lines += statusLines(command.exitStatuses)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The help of the tool: its commands and global options.
  static func toolHelp(_ tool: ToolSpec) -> String {
    var lines = TextWrapping.wrap("bdconvert: \(tool.abstract).", indent: 2)
    lines += ["", "usage: \(tool.usage)", ""]
    lines.append("commands:")
    for command in tool.commands { lines += columns(command.brief, command.abstract) }
    lines.append("")
    lines += blocks(tool.discussion)
    lines.append("options:")
    for option in tool.options { lines += optionLines(option) }
    lines.append("")
    lines += exampleLines(tool.examples)
    lines += statusLines(tool.exitStatuses)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `  -o, --output PATH       write ...` with the description wrapped, then its choices.
  static func optionLines(_ option: OptionSpec) -> [String] {
    var lines = columns(option.signature, option.help)
    if case .choices(let choices) = option.value?.completion, choices.contains(where: \.isExplained)
    {
      let wordWidth = choices.map(\.word.count).max() ?? 0
      let helpColumn = descriptionColumn + 2 + wordWidth + 2
      for choice in choices {
        var wrapped = TextWrapping.wrap(choice.help, indent: helpColumn)
        wrapped[0] =
          String(repeating: " ", count: descriptionColumn + 2) + choice.word
          + String(repeating: " ", count: wordWidth + 2 - choice.word.count)
          + wrapped[0].dropFirst(helpColumn)
        while wrapped[0].hasSuffix(" ") { wrapped[0].removeLast() }
        lines += wrapped
      }
    }
    return lines
  }

  /// A term and its description in two columns.
  static func columns(_ term: String, _ description: String) -> [String] {
    let left = "  " + term
    if left.count + 2 > descriptionColumn {
      return [left] + TextWrapping.wrap(description, indent: descriptionColumn)
    }
    var lines = TextWrapping.wrap(description, indent: descriptionColumn)
    lines[0] =
      left + String(repeating: " ", count: descriptionColumn - left.count)
      + lines[0].dropFirst(descriptionColumn)
    return lines
  }

  private static func blocks(_ blocks: [HelpBlock]) -> [String] {
    var lines: [String] = []
    for block in blocks {
      switch block {
      case .paragraph(let text): lines += TextWrapping.wrap(text, indent: 0)
      case .literal(let literal): lines += literal.map { "  " + $0 }
      }
      lines.append("")
    }
    return lines
  }

  private static func exampleLines(_ examples: [String]) -> [String] {
    guard !examples.isEmpty else { return [] }
    return ["examples:"] + examples.map { "  " + $0 } + [""]
  }

  /// `exit status:`, then one status a line, its meaning wrapped beside it (a cron job's
  /// author looks a number up here).
  private static func statusLines(_ statuses: [StatusSpec]) -> [String] {
    var lines = ["exit status:"]
    for status in statuses.sorted(by: { $0.status.rawValue < $1.status.rawValue }) {
      var wrapped = TextWrapping.wrap(status.meaning, indent: 7)
      let number = "  \(status.status.rawValue)"
      wrapped[0] =
        number + String(repeating: " ", count: 7 - number.count) + wrapped[0].dropFirst(7)
      lines += wrapped
    }
    return lines + [""]
  }
}

extension Choice {
  /// Whether the help says more than the word itself.
  var isExplained: Bool { !help.isEmpty }
}

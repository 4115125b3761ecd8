/// Splits command-line arguments into options and operands, the way getopt_long users expect.
///
/// Accepts `--name value`, `--name=value`, `-o value`, `-ovalue` and clusters of one-letter
/// flags (`-qo FILE` is `-q -o FILE`); `--` ends the options; a lone `-` is an operand (standard
/// input). Unknown options (with the closest spellings as a suggestion) and missing values are
/// usage errors.
struct ArgumentScanner {
  /// The result: options in the order given, and operands.
  struct Result {
    var options: [(name: String, value: String)] = []
    var operands: [String] = []
    /// The command's usage text, for the usage errors of values read later.
    var usage = ""

    func has(_ name: String) -> Bool { options.contains { $0.name == name } }
    func values(_ name: String) -> [String] { options.filter { $0.name == name }.map(\.value) }
    func last(_ name: String) -> String? { values(name).last }
  }

  /// The options the command accepts.
  let options: [OptionSpec]
  /// The usage text printed after a usage error.
  let usage: String

  /// Scans `arguments` (without the program and command names).
  func scan(_ arguments: [String]) throws(CommandError) -> Result {
    var result = Result(usage: usage)
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        result.operands += arguments[index...]
        break
      }
      if argument.hasPrefix("--") {
        try scanLong(argument, arguments, &index, into: &result)
      } else if argument.hasPrefix("-"), argument != "-" {
        try scanShort(argument, arguments, &index, into: &result)
      } else {
        result.operands.append(argument)
      }
    }
    return result
  }

  private func scanLong(
    _ argument: String, _ arguments: [String], _ index: inout Int, into result: inout Result
  ) throws(CommandError) {
    var spelling = argument
    var inlineValue: String?
    if let equals = argument.firstIndex(of: "=") {
      spelling = String(argument[..<equals])
      inlineValue = String(argument[argument.index(after: equals)...])
    }
    guard let option = options.first(where: { $0.long == spelling }) else {
      throw .usage(
        "unknown option '\(spelling)'"
          + Suggestions.didYouMean(spelling, among: options.map(\.long)), usage)
    }
    if option.takesValue {
      if let inlineValue {
        result.options.append((option.long, inlineValue))
      } else {
        result.options.append((option.long, try nextValue(for: spelling, arguments, &index)))
      }
    } else {
      guard inlineValue == nil else {
        throw .usage("option '\(spelling)' takes no value", usage)
      }
      result.options.append((option.long, ""))
    }
  }

  /// `-o`, `-ovalue`, and clusters such as `-qo FILE`.
  private func scanShort(
    _ argument: String, _ arguments: [String], _ index: inout Int, into result: inout Result
  ) throws(CommandError) {
    var letters = Substring(argument.dropFirst())
    while let letter = letters.first {
      letters = letters.dropFirst()
      guard let option = options.first(where: { $0.short == letter }) else {
        // `-output` is probably `--output` with one dash too few.
        let long = "-" + argument
        let hint =
          options.contains(where: { $0.long == long.prefix { $0 != "=" } })
          ? "; did you mean '\(long)'?" : ""
        throw .usage(
          "unknown option '-\(letter)'" + (letter == argument.dropFirst().first ? hint : ""), usage)
      }
      if option.takesValue {
        if letters.isEmpty {
          result.options.append((option.long, try nextValue(for: "-\(letter)", arguments, &index)))
        } else {
          result.options.append((option.long, String(letters)))
        }
        return
      }
      result.options.append((option.long, ""))
    }
  }

  private func nextValue(for spelling: String, _ arguments: [String], _ index: inout Int)
    throws(CommandError) -> String
  {
    guard index < arguments.count else {
      throw .usage("option '\(spelling)' needs a value", usage)
    }
    index += 1
    return arguments[index - 1]
  }
}

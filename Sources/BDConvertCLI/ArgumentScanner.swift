/// Splits command-line arguments into options and operands, the way getopt_long users expect.
///
/// Accepts `--name value`, `--name=value`, `-o value`, `-ovalue`; `--` ends the options; a lone
/// `-` is an operand (standard input). Unknown options and missing values are usage errors.
struct ArgumentScanner {
  /// One option the command accepts.
  struct Option {
    /// All spellings, e.g. `["-o", "--output"]`; the first long one names it in results.
    var spellings: [String]
    /// Whether it takes a value.
    var takesValue: Bool

    /// The canonical name (the first `--` spelling).
    var name: String { spellings.first { $0.hasPrefix("--") } ?? spellings[0] }
  }

  /// The result: options in the order given, and operands.
  struct Result {
    var options: [(name: String, value: String)] = []
    var operands: [String] = []

    func has(_ name: String) -> Bool { options.contains { $0.name == name } }
    func values(_ name: String) -> [String] { options.filter { $0.name == name }.map(\.value) }
    func last(_ name: String) -> String? { values(name).last }
  }

  let options: [Option]
  let usage: String

  /// Scans `arguments` (without the program and command names).
  func scan(_ arguments: [String]) throws(CommandError) -> Result {
    var result = Result()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        result.operands += arguments[index...]
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        result.operands.append(argument)
        continue
      }
      var spelling = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        spelling = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      } else if !argument.hasPrefix("--"), argument.count > 2 {
        spelling = String(argument.prefix(2))
        inlineValue = String(argument.dropFirst(2))
      }
      guard let option = options.first(where: { $0.spellings.contains(spelling) }) else {
        throw .usage("unknown option '\(spelling)'", usage)
      }
      if option.takesValue {
        if let inlineValue {
          result.options.append((option.name, inlineValue))
        } else if index < arguments.count {
          result.options.append((option.name, arguments[index]))
          index += 1
        } else {
          throw .usage("option '\(spelling)' needs a value", usage)
        }
      } else {
        guard inlineValue == nil else {
          throw .usage("option '\(spelling)' takes no value", usage)
        }
        result.options.append((option.name, ""))
      }
    }
    return result
  }
}

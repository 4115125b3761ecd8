import Testing

@testable import BDConvertCLI

/// getopt_long conventions, in process, for every option of every command.
@Suite struct ArgumentScannerTests {
  /// Every option of every command, with each spelling it accepts.
  static let everyOption: [(command: String, option: String)] = CommandCatalog.commands.flatMap {
    command in command.options.map { (command.name, $0.long) }
  }

  @Test(arguments: everyOption)
  func everyOptionParsesInEveryForm(command: String, option: String) throws {
    let spec = try #require(CommandCatalog.command(named: command))
    let described = try #require(spec.options.first { $0.long == option })
    var forms: [[String]]
    if described.takesValue {
      forms = [[option, "v-1"], ["\(option)=v-1"]]
      if let short = described.short { forms += [["-\(short)", "v-1"], ["-\(short)v-1"]] }
    } else {
      forms = [[option]] + (described.short.map { [["-\($0)"]] } ?? [])
    }
    for form in forms {
      let scanned = try spec.scanner.scan(["in.file"] + form + ["--", "-x"])
      #expect(scanned.has(option), "\(form)")
      #expect(scanned.values(option) == [described.takesValue ? "v-1" : ""], "\(form)")
      #expect(scanned.operands == ["in.file", "-x"], "\(form)")
    }
  }

  @Test(arguments: everyOption)
  func valueOptionsWithoutAValueAreUsageErrors(command: String, option: String) throws {
    let spec = try #require(CommandCatalog.command(named: command))
    let described = try #require(spec.options.first { $0.long == option })
    do {
      _ = try spec.scanner.scan([option])
      #expect(!described.takesValue, "\(option) took no value")
    } catch {
      #expect(error.message == "option '\(option)' needs a value")
      #expect(error.status == .usage)
      #expect(error.usage == spec.usageText)
    }
    if !described.takesValue {
      #expect(throws: CommandError.self) { try spec.scanner.scan(["\(option)=x"]) }
    }
  }

  @Test(arguments: [
    (["-qo", "out.ics"], ["--quiet": [""], "--output": ["out.ics"]]),  // cluster, value next
    (["-qoout.ics"], ["--quiet": [""], "--output": ["out.ics"]]),  // cluster, value attached
    (["-oq"], ["--output": ["q"]]),  // a value option takes the rest
    (["-hq"], ["--help": [""], "--quiet": [""]]),  // two flags
    (["--alarm", "-1d@18:00"], ["--alarm": ["-1d@18:00"]]),  // a value may start with '-'
    (["--alarm=08:00", "--alarm", "09:00"], ["--alarm": ["08:00", "09:00"]]),  // repeatable
    (["--summary="], ["--summary": [""]]),  // an empty value
  ])
  func shortFlagsAndValues(arguments: [String], expected: [String: [String]]) throws {
    let scanned = try CommandSpec.convert.scanner.scan(arguments)
    for (name, values) in expected { #expect(scanned.values(name) == values, "\(name)") }
    #expect(scanned.options.count == expected.values.map(\.count).reduce(0, +))
  }

  @Test func doubleDashEndsOptionsAndLoneDashIsAnOperand() throws {
    let scanned = try CommandSpec.convert.scanner.scan(["-", "--", "--quiet", "-o"])
    #expect(scanned.operands == ["-", "--quiet", "-o"])
    #expect(scanned.options.isEmpty)
  }

  @Test(arguments: [
    (["--ouput", "x"], "unknown option '--ouput'; did you mean '--output'?"),
    (["--leapday", "x"], "unknown option '--leapday'; did you mean '--leap-day'?"),
    (["--aniversaries"], "unknown option '--aniversaries'; did you mean '--anniversaries'?"),
    (["--colour", "never"], "unknown option '--colour'; did you mean '--color'?"),
    (["--zzzzzz"], "unknown option '--zzzzzz'"),
    (["-x"], "unknown option '-x'"),
    (["-qx"], "unknown option '-x'"),
    (["-leap-day", "x"], "unknown option '-l'; did you mean '--leap-day'?"),
    (["--quiet=yes"], "option '--quiet' takes no value"),
  ])
  func unknownOptionsSuggestTheClosest(arguments: [String], message: String) {
    do {
      _ = try CommandSpec.convert.scanner.scan(arguments)
      Issue.record("no error for \(arguments)")
    } catch {
      #expect(error.message == message)
    }
  }

  @Test(arguments: [
    ("vfc-to-ics", ["vcf-to-ics"]), ("cvs-to-ics", ["csv-to-ics"]), ("lst", ["list"]),
    ("delet", ["delete"]), ("mrege", ["merge"]), ("xyzzy", []), ("covnert", ["convert"]),
  ])
  func closestCommand(typed: String, expected: [String]) {
    #expect(
      Suggestions.closest(to: typed, among: CommandCatalog.commands.map(\.name)) == expected)
  }
}

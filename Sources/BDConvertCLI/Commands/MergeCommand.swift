import BirthdayKit

/// `merge`: several iCalendar files into one, one event per UID, through the
/// ``CalendarMerger``.
enum MergeCommand {
  /// Parses the arguments and runs; returns the exit status.
  static func run(_ frontend: Frontend) throws(CommandError) -> ExitStatus {
    let paths = try frontend.inputs()
    let usage = frontend.usage
    var inputs: [InputFile] = []
    defer { for input in inputs { input.close() } }
    for path in paths { inputs.append(try InputFile.open(path)) }
    let output: OutputTarget
    if let path = try frontend.arguments.value(CalendarOption.mergeOutput), path != "-" {
      output = try OutputTarget.file(path, inputs: inputs.compactMap(\.identity), usage: usage)
    } else {
      output = OutputTarget.standardOutput()
    }

    var merger = CalendarMerger()
    do {
      for (index, input) in inputs.enumerated() { try merger.read(input, index: index) }
      var sink = output.sink
      let calendar = merger.calendar()
      try sink.write(calendar.span)
    } catch {
      output.discard()
      throw Frontend.commandError(error)
    }
    try output.commit()
    if !frontend.arguments.has(ConversionOption.quiet) {
      let calendars = inputs.count == 1 ? "1 calendar" : "\(inputs.count) calendars"
      StandardStreams.error(
        "bdconvert: merged \(calendars): \(merger.kept) components, left out "
          + "\(merger.leftOut) duplicate\(merger.leftOut == 1 ? "" : "s") "
          + "(\(merger.differing) differing)\n")
    }
    return .success
  }
}

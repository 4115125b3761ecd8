import BirthdayKit

extension ListCommand {
  /// `list URL`: the events of a calendar collection on a server, listed as one calendar.
  static func listServer(_ text: String, _ frontend: Frontend, today: CivilDate)
    throws(CommandError) -> ExitStatus
  {
    let (access, url) = try frontend.openServer(text)
    let verbose = frontend.arguments.has(CommonOption.verboseWarnings)
    let printer = frontend.printer(verbose: verbose)
    defer { printer.finish() }
    let name = try frontend.arguments.value(ServerOption.calendarName)
    let inputs = try ServerCalendarReader.calendars(
      at: url, name: name, discover: true, access: access,
      diagnostics: printer.handler)
    let json = frontend.arguments.has(O.listJSON)
    var table = !json && StandardStreams.outputIsTerminal ? ListTable() : nil
    var text = ""
    do {
      try CalendarLister.forEachEvent(in: inputs, today: today, diagnostics: printer.handler) {
        event in
        if table != nil {
          table?.add(event.textLine)
        } else {
          text += (json ? event.jsonLine : event.textLine) + "\n"
        }
      }
    } catch {
      throw Frontend.commandError(error)
    }
    table?.finish()
    StandardStreams.output(text)
    if verbose { StandardStreams.error(access.requestSummary) }
    return .success
  }
}

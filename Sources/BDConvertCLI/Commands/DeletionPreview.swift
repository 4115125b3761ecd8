import BirthdayKit

/// `delete --dry-run`: which events `delete` would remove from a file or a server calendar, read
/// as `list` reads it; nothing is written and no DELETE is sent.
///
/// One line per event on standard output, as `sync` prints a removal (with the UID, which is
/// what `delete` is given): `- Birthday: Jane Doe  1985-04-12  [UID]`.
struct DeletionPreview {
  let uids: [String]
  let uidFiles: [String]

  func run(path: String, _ frontend: Frontend) throws(CommandError) -> ExitStatus {
    let verbose = frontend.arguments.has(CalendarOption.deleteVerbose)
    let printer = frontend.printer(verbose: verbose)
    defer { printer.finish() }
    let wanted = Set(uids)
    var found: [String: [CalendarEvent]] = [:]
    let collect = { (event: CalendarEvent) in
      if wanted.contains(event.uid) { found[event.uid, default: []].append(event) }
    }
    let today = LocalDate.today()
    let place: String
    if ServerAccess.isURL(path) {
      let (access, url) = try frontend.openServer(path)
      let name = try frontend.arguments.value(ServerOption.calendarName)
      let calendars = try ServerCalendarReader.calendars(
        at: url, name: name, discover: true, access: access,
        diagnostics: printer.handler)
      do {
        try CalendarLister.forEachEvent(
          in: calendars, today: today, diagnostics: printer.handler, collect)
      } catch {
        throw Frontend.commandError(error)
      }
      place = path
      if verbose { StandardStreams.error(access.requestSummary) }
    } else {
      let file = try InputFile.open(path)
      defer { file.close() }
      do {
        try CalendarLister.forEachEvent(
          in: file.byteSource, fileName: file.displayName, today: today,
          diagnostics: printer.handler, collect)
      } catch {
        throw Frontend.commandError(error)
      }
      place = "the calendar"
    }
    let foundUIDs = Set(found.keys)
    var lines = ""
    var count = 0
    for uid in uids where found[uid] != nil {
      for event in found.removeValue(forKey: uid) ?? [] {
        count += 1
        let change = SyncChange(
          operation: .remove, uid: uid, summary: event.summary,
          date: event.date?.description ?? "-")
        lines += change.planLine(showsUID: true, dryRun: true) + "\n"
      }
    }
    StandardStreams.output(lines)
    for uid in uids where !foundUIDs.contains(uid) {
      StandardStreams.error(
        DiagnosticStyle.current.render("UID '\(uid)' not found in \(place)", at: nil, .warning)
          + "\n")
    }
    if uids.isEmpty {
      StandardStreams.error(DeleteCommand.nothingToDelete(uidFiles))
    } else {
      StandardStreams.error(
        "bdconvert: dry run: would remove \(count) event\(count == 1 ? "" : "s"); nothing was "
          + "changed\n")
    }
    return .success
  }
}

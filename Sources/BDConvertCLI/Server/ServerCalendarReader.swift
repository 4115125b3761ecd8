import BirthdayKit
import Foundation

/// Reads the events of a calendar collection on a server for `list` (and `upcoming`): every
/// resource fetched in batches, each checked by the library's iCalendar reader; a resource that
/// is not a well-formed calendar is skipped with a warning naming it (`/cal/x.ics:3`).
enum ServerCalendarReader {
  /// The resources of the calendar at `url` that are well-formed calendars, with their paths as
  /// names. With `discover`, a server or principal URL leads to its calendar named `name`.
  static func calendars(
    at url: URL, name: String? = nil, discover: Bool, access: ServerAccess,
    diagnostics: DiagnosticHandler
  ) throws(CommandError) -> [(source: MemoryByteSource, fileName: String)] {
    var inputs: [(source: MemoryByteSource, fileName: String)] = []
    do {
      try access.connection.forEachCalendarBatch(url, name: name, discover: discover) { batch in
        for resource in batch {
          let bytes = resource.bytes
          let name = resource.path
          do {
            try CalendarEditor.validate(MemoryByteSource(bytes), fileName: name)
            inputs.append((MemoryByteSource(bytes), name))
          } catch let error as InputFormatError {
            diagnostics(Diagnostic(error.message + " (resource skipped)", at: error.location))
          }
        }
      }
    } catch {
      throw Frontend.commandError(error)
    }
    return inputs
  }
}

import BirthdayDAV
import BirthdayKit
import Foundation

/// Reads the events of a calendar collection on a server for `list` (and `upcoming`): every
/// resource fetched in batches, each checked by the library's iCalendar reader; a resource that
/// is not a well-formed calendar is skipped with a warning naming it (`/cal/x.ics:3`).
enum ServerCalendarReader {
  /// The resources of `collection` that are well-formed calendars, with their paths as names.
  static func calendars(
    of collection: DAVCollection, diagnostics: DiagnosticHandler
  ) throws(CommandError) -> [(source: MemoryByteSource, fileName: String)] {
    var inputs: [(source: MemoryByteSource, fileName: String)] = []
    do {
      try collection.forEachBatch { batch in
        for resource in batch {
          let bytes = [UInt8](resource.data ?? Data())
          let name = resource.url.path
          do {
            try CalendarEditor.validate(MemoryByteSource(bytes), fileName: name)
            inputs.append((MemoryByteSource(bytes), name))
          } catch let error as InputFormatError {
            diagnostics(Diagnostic(error.message + " (resource skipped)", at: error.location))
          }
        }
      }
    } catch let error as DAVError {
      throw ServerAccess.commandError(error)
    } catch {
      throw CalendarInput.commandError(error)
    }
    return inputs
  }
}

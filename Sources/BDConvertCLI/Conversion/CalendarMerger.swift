import BirthdayKit

/// What `merge` does: several iCalendar files into one, one event per UID.
///
/// The calendar properties come from the first file; components follow in input order, copied
/// byte for byte. All components with one UID (an event and its overrides) form one recurrence
/// set (RFC 5545 §3.8.4.7): the first file that has the UID keeps it, later files' copies are
/// left out, with a warning when their content differs (DTSTAMP, SEQUENCE and LAST-MODIFIED
/// aside). A VTIMEZONE is kept once per TZID.
struct CalendarMerger {
  /// Where a UID was first seen, and a fingerprint of its content there.
  private struct Owner {
    var file: Int
    var location: SourceLocation
    var fingerprint: Hasher
  }

  /// A later file's copy of a UID, left out.
  private struct Duplicate {
    var location: SourceLocation
    var fingerprint: Hasher
  }

  /// One top-level component being read.
  private struct Component {
    var raw: [UInt8] = []
    var name: [UInt8] = []
    var key: String?
    var fingerprint = Hasher()
    var lineNumber = 0
  }

  /// Properties whose change does not make two copies different.
  private static let revisionProperties = ["DTSTAMP", "SEQUENCE", "LAST-MODIFIED"]

  private var header: [UInt8] = []
  private var body: [UInt8] = []
  private var owners: [String: Owner] = [:]
  private(set) var kept = 0
  private(set) var leftOut = 0
  private(set) var differing = 0

  /// Reads one input, keeping its components that are not already there.
  mutating func read(_ input: InputFile, index: Int) throws {
    var reader = ICalendarReader(input.byteSource, fileName: input.displayName)
    var component: Component?
    // This file's copies of UIDs an earlier file has, in the order first seen.
    var duplicates: [String: Duplicate] = [:]
    var duplicateOrder: [String] = []
    var calendarsEnded = 0
    while let line = try reader.next() {
      if line.depth == 1, line.kind == .end { calendarsEnded += 1 }
      if line.depth == 1, line.kind == .property, index == 0, calendarsEnded == 0 {
        header += line.raw
        continue
      }
      if line.depth == 2, line.kind == .begin {
        component = Component(name: Array(line.value), lineNumber: line.lineNumber)
      }
      // Taken out while it grows: a copy left in `component` would make each line copy all the
      // component's bytes so far (quadratic in its lines; a bare CR is a line break).
      guard var current = component.take() else { continue }
      current.raw += line.raw
      if line.kind == .property, line.depth == 2 {
        if line.isNamed("UID"), current.key == nil {
          current.key = "UID:" + String(decoding: line.value, as: UTF8.self)
        } else if line.isNamed("TZID"), current.name.elementsEqual("VTIMEZONE".utf8) {
          current.key = "TZID:" + String(decoding: line.value, as: UTF8.self)
        }
      }
      if !(line.kind == .property && Self.revisionProperties.contains(where: line.isNamed)) {
        current.fingerprint.combine(line.content)
      }
      guard line.depth == 2, line.kind == .end else {
        component = current
        continue
      }
      let location = SourceLocation(file: input.displayName, line: current.lineNumber)
      guard let key = current.key else {
        append(current)
        continue
      }
      if let owner = owners[key], owner.file != index {
        leftOut += 1
        if duplicates[key] == nil { duplicateOrder.append(key) }
        duplicates[key, default: Duplicate(location: location, fingerprint: Hasher())]
          .fingerprint.combine(current.fingerprint.finalize())
        continue
      }
      owners[key, default: Owner(file: index, location: location, fingerprint: Hasher())]
        .fingerprint.combine(current.fingerprint.finalize())
      append(current)
    }
    for key in duplicateOrder {
      guard let duplicate = duplicates[key], let owner = owners[key] else { continue }
      if duplicate.fingerprint.finalize() != owner.fingerprint.finalize() {
        differing += 1
        let (kind, value) = Self.split(key)
        StandardStreams.error(
          DiagnosticStyle.current.render(
            "\(kind) '\(value)' differs from the one in \(owner.location); kept that one",
            at: duplicate.location, .warning) + "\n")
      }
    }
  }

  private mutating func append(_ component: Component) {
    body += component.raw
    kept += 1
  }

  /// The merged calendar, CRLF around the copied lines.
  func calendar() -> [UInt8] {
    var text = Array("BEGIN:VCALENDAR\r\n".utf8)
    text += header
    if let last = text.last, last != 0x0A { text += [0x0D, 0x0A] }
    text += body
    if let last = text.last, last != 0x0A { text += [0x0D, 0x0A] }
    return text + Array("END:VCALENDAR\r\n".utf8)
  }

  private static func split(_ key: String) -> (String, String) {
    guard let colon = key.firstIndex(of: ":") else { return ("UID", key) }
    return (String(key[..<colon]), String(key[key.index(after: colon)...]))
  }
}

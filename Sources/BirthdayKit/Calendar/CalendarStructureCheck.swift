/// Checks the structural rules of RFC 5545 that calendar parsers are lenient about but real
/// clients trip over, on the exact bytes of a calendar.
///
/// Used by the tests, the fuzz targets and anyone who wants to vet a calendar before publishing
/// it. Each problem is one line: `line 12: line is 80 octets (more than 75)`.
///
/// Rules: UTF-8 without BOM; CRLF line ends only; no physical line over 75 octets and no UTF-8
/// character split across a fold; every content line is `NAME[;params]:value`; BEGIN/END balanced
/// and properly nested under one VCALENDAR; VCALENDAR has VERSION and PRODID once and no METHOD;
/// every VEVENT has one UID, DTSTAMP and DTSTART, and a UID has one event and at most one
/// override (`RECURRENCE-ID`) per occurrence; every VALARM has ACTION, a
/// relative TRIGGER and, for DISPLAY, a non-empty DESCRIPTION; no control characters other than
/// TAB in any value.
package enum CalendarStructureCheck {
  /// The problems found; empty when the calendar follows every rule.
  package static func problems(in bytes: [UInt8]) -> [String] {
    var problems: [String] = []
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      problems.append("file starts with a byte order mark")
    }

    // Physical lines: CRLF only, at most 75 octets, each valid UTF-8 on its own.
    var logicalLines: [(line: Int, bytes: [UInt8])] = []
    var lines = LineReader(MemoryByteSource(bytes), keepingByteOrderMark: true)
    var bareLineBreak = false
    var lineNumber = 0
    var more = true
    while more, !bareLineBreak {
      more = (try? lines.nextLineWithTerminator(checkPhysicalLine)) != nil
    }
    if bareLineBreak { return problems }
    func checkPhysicalLine(_ raw: Span<UInt8>, _ contentCount: Int) {
      lineNumber += 1
      let lineBreak = Array(copying: raw.extracting(contentCount...))
      let line = Array(copying: raw.extracting(..<contentCount))
      guard lineBreak.elementsEqual([0x0D, 0x0A]) else {
        if let byte = lineBreak.first {
          problems.append(
            "line \(lineNumber): bare \(byte == 0x0A ? "LF" : "CR") (lines must end with CRLF)")
          bareLineBreak = true
        } else {
          problems.append("line \(lineNumber): no CRLF at the end of the file")
        }
        return
      }
      if line.count > 75 {
        problems.append("line \(lineNumber): line is \(line.count) octets (more than 75)")
      }
      if String(validating: line, as: UTF8.self) == nil {
        problems.append(
          "line \(lineNumber): not valid UTF-8 on its own (a fold split a character?)")
      }
      if LineUnfolding.isContinuation(line) {
        if logicalLines.isEmpty {
          problems.append("line \(lineNumber): continuation line with nothing to continue")
        } else {
          LineUnfolding.appendContinuation(line, to: &logicalLines[logicalLines.count - 1].bytes)
        }
      } else {
        logicalLines.append((lineNumber, Array(line)))
      }
    }

    // Content lines and components.
    var stack: [Component] = []
    var sawCalendar = false
    var uids = Set<String>()
    for (line, content) in logicalLines {
      guard let (name, parameters, value) = split(content) else {
        problems.append("line \(line): not a content line NAME[;params]:value")
        continue
      }
      if value.unicodeScalars.contains(where: {
        ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F
      }) {
        problems.append("line \(line): control character in the value of \(name)")
      }
      switch name {
      case "BEGIN":
        if stack.isEmpty {
          if value != "VCALENDAR" || sawCalendar {
            problems.append("line \(line): BEGIN:\(value) outside the calendar")
          }
          sawCalendar = true
        }
        stack.append(Component(name: value, line: line))
      case "END":
        guard let component = stack.popLast(), component.name == value else {
          problems.append("line \(line): END:\(value) does not close the open component")
          return problems
        }
        problems += check(component)
        // One yearly event per UID; its overrides share the UID, one per RECURRENCE-ID.
        if component.name == "VEVENT", let uid = component.uid,
          !uids.insert(uid + "\n" + (component.recurrenceID ?? "")).inserted
        {
          let what = component.recurrenceID.map { "an override for \($0)" } ?? "an event"
          problems.append(
            "line \(component.line): UID \(uid) has \(what) earlier")
        }
      default:
        guard !stack.isEmpty else {
          problems.append("line \(line): property \(name) outside any component")
          continue
        }
        stack[stack.count - 1].properties[name, default: 0] += 1
        if name == "TRIGGER", parameters.uppercased().contains("VALUE=DATE-TIME") {
          stack[stack.count - 1].triggerIsAbsolute = true
        }
        if name == "ACTION" { stack[stack.count - 1].action = value }
        if name == "DESCRIPTION", value.isEmpty {
          stack[stack.count - 1].displayDescriptionEmpty = true
        }
        if name == "UID" { stack[stack.count - 1].uid = value }
        if name == "RECURRENCE-ID" { stack[stack.count - 1].recurrenceID = value }
      }
    }
    for component in stack {
      problems.append("line \(component.line): BEGIN:\(component.name) is never closed")
    }
    if !sawCalendar { problems.append("no VCALENDAR") }
    return problems
  }

  private struct Component {
    var name: String
    var line: Int
    var properties: [String: Int] = [:]
    var triggerIsAbsolute = false
    var displayDescriptionEmpty = false
    var action: String?
    var uid: String?
    var recurrenceID: String?
  }

  /// Required and forbidden properties of a closed component.
  private static func check(_ component: Component) -> [String] {
    var problems: [String] = []
    func requireOnce(_ names: [String]) {
      for name in names where component.properties[name, default: 0] != 1 {
        problems.append(
          "line \(component.line): \(component.name) has \(component.properties[name, default: 0]) \(name) (needs exactly one)"
        )
      }
    }
    switch component.name {
    case "VCALENDAR":
      requireOnce(["VERSION", "PRODID"])
      if component.properties["METHOD"] != nil {
        problems.append("line \(component.line): VCALENDAR has METHOD (a file to import must not)")
      }
    case "VEVENT":
      requireOnce(["UID", "DTSTAMP", "DTSTART"])
    case "VALARM":
      requireOnce(["ACTION", "TRIGGER"])
      if component.triggerIsAbsolute {
        problems.append("line \(component.line): VALARM has an absolute TRIGGER (fires only once)")
      }
      if component.action?.uppercased() == "DISPLAY",
        component.properties["DESCRIPTION", default: 0] != 1 || component.displayDescriptionEmpty
      {
        problems.append("line \(component.line): DISPLAY VALARM needs one non-empty DESCRIPTION")
      }
    default:
      break
    }
    return problems
  }

  /// `NAME;params:value` → (upper-cased NAME, params, value); nil if malformed.
  static func split(_ content: [UInt8]) -> (String, String, String)? {
    guard let parts = ContentLineSyntax.split(content) else { return nil }
    let name = content[..<parts.nameEnd]
    guard !name.isEmpty,
      name.allSatisfy({
        (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
          || $0 == UInt8(ascii: "-")
      })
    else { return nil }
    return (
      String(decoding: name.map(asciiUppercased), as: UTF8.self),
      String(decoding: content[parts.nameEnd..<parts.valueStart - 1], as: UTF8.self),
      String(decoding: content[parts.valueStart...], as: UTF8.self)
    )
  }
}

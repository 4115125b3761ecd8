import Testing

@testable import BirthdayKit

/// The event's properties are one declared list; the compiled programs write its lines in that
/// order, with every run of constant lines joined into one copy.
@Suite struct EventProgramCompilerTests {
  static let options = CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0))

  /// The property names of an event's lines, in order.
  static func names(_ event: String) -> [String] {
    EventRendererTests.lines(event).map { line in
      String(line.prefix { $0 != ":" && $0 != ";" })
    }
  }

  @Test func theLinesFollowTheDeclaredList() throws {
    let celebration = EventRendererTests.celebration(
      try #require(PersonName(formatted: "Ada Lovelace")),
      try #require(CivilDate(year: 1990, month: 12, day: 10)))
    let event = EventRendererTests.events([celebration])[0]
    #expect(
      Self.names(event) == [
        "BEGIN", "UID", "DTSTAMP", "DTSTART", "DTEND", "RRULE", "SUMMARY", "DESCRIPTION",
        "CATEGORIES", "TRANSP", "BEGIN", "ACTION", "TRIGGER", "DESCRIPTION", "END", "END",
      ])
    // The declared order, the alarm's lines in place of `.alarms`.
    var declared: [String] = []
    for property in EventProperty.event {
      switch property {
      case .line(let name, _): declared.append(String(name.prefix { $0 != ";" }))
      case .alarms:
        for case .line(let name, _) in EventProperty.alarm {
          declared.append(String(name.prefix { $0 != ";" }))
        }
      }
    }
    let written = Self.names(event)
    #expect(written.allSatisfy { declared.contains($0) })
    var position = 0
    for name in written {
      guard let found = declared[position...].firstIndex(of: name) else {
        Issue.record("\(name) is out of the declared order")
        return
      }
      position = found + 1
    }
  }

  @Test func eachValueTakesTheConstantLinesBeforeItInOneStep() {
    var compiler = EventProgramCompiler(options: Self.options)
    for shape in EventShape.allCases {
      for kind in CelebrationKind.allCases {
        let steps = compiler.compile(shape: shape, kind: kind) { _ in
          .alarmText(template: 0, repeatsPrevious: false)
        }
        // Only the last step is constants alone; every other one ends with a value.
        for (index, step) in steps.enumerated() {
          if case .none = step.action {
            #expect(index == steps.count - 1, "\(shape) \(kind): constants alone mid-program")
          } else {
            #expect(step.nameCount > 0 && step.nameCount <= step.constants.count)
          }
        }
      }
    }
    // A yearly birthday with one alarm: UID, the two dates, the title, the optional
    // description and the alarm's text, each with the lines before it, then the closing lines.
    let yearly = compiler.compile(shape: .yearly, kind: .birthday) { _ in
      .alarmText(template: 0, repeatsPrevious: false)
    }
    #expect(yearly.count == 7)
    let names = yearly.map { step in
      String(decoding: compiler.constants[step.constants].suffix(step.nameCount), as: UTF8.self)
    }
    #expect(
      names == [
        "UID:", "DTSTART;VALUE=DATE:", "DTEND;VALUE=DATE:", "SUMMARY:", "DESCRIPTION:Born ",
        "DESCRIPTION:", "",
      ])
  }

  @Test func overridesAndSingleEventsHaveNoRule() {
    var compiler = EventProgramCompiler(options: Self.options)
    for shape in [EventShape.override, .single] {
      _ = compiler.compile(shape: shape, kind: .birthday) { _ in
        .alarmText(template: 0, repeatsPrevious: false)
      }
    }
    let text = String(decoding: compiler.constants, as: UTF8.self)
    #expect(!text.contains("RRULE"))
    #expect(text.contains("RECURRENCE-ID;VALUE=DATE:"))
  }
}

import Testing

@testable import BirthdayKit

/// A contact with only a birthday takes a direct path: every combination of dates, options, name
/// and source UID gives what the rules say.
@Suite struct CelebrationBuilderTests {
  @Test func everyCombinationGivesTheEventsOfTheRules() {
    let birthday = CivilDate(year: 1985, month: 4, day: 12)!
    let wedding = CivilDate(month: 6, day: 30)!
    let graduation = LabeledDate(
      label: "Graduation", date: CivilDate(year: 2001, month: 7, day: 1)!)
    let location = SourceLocation(file: "in.csv", line: 7)
    for includeAnniversaries in [false, true] {
      for otherDates in [false, true] {
        var builder = CelebrationBuilder(includeAnniversaries: includeAnniversaries)
        builder.otherDates = otherDates
        for hasBirthday in [false, true] {
          for anniversaries in [[], [wedding]] {
            for others in [[], [graduation]] {
              for name in [nil, PersonName(formatted: "Jane Doe")] {
                for identifier in [nil, "abc-1"] {
                  var contact = Contact(
                    sourceIdentifier: identifier, name: name,
                    birthday: hasBirthday ? birthday : nil, anniversaries: anniversaries,
                    location: location)
                  contact.otherDates = others
                  var diagnostics: [Diagnostic] = []
                  let made = builder.celebrations(of: contact) { diagnostics.append($0) }

                  var dates: [(CelebrationKind, CivilDate, String?)] = []
                  if hasBirthday { dates.append((.birthday, birthday, nil)) }
                  if includeAnniversaries { dates += anniversaries.map { (.anniversary, $0, nil) } }
                  if otherDates { dates += others.map { (.other, $0.date, $0.label) } }
                  let expected: [Celebration] =
                    name.map { name in
                      dates.map { kind, date, label in
                        Celebration(
                          uid: EventIdentity.uuid(
                            kind: kind, sourceIdentifier: identifier, name: name, date: date,
                            label: label
                          ).description, name: name, kind: kind, date: date, location: location,
                          label: label)
                      }
                    } ?? []
                  #expect(made == expected)
                  #expect(diagnostics.count == (name == nil && !dates.isEmpty ? 1 : 0))
                  if let diagnostic = diagnostics.first, let first = dates.first {
                    #expect(
                      diagnostic
                        == Diagnostic(
                          .recordWithoutName(.card, kind: first.0, date: first.1), at: location))
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

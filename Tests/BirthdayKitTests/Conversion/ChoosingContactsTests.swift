import Foundation
import Testing

@testable import BirthdayKit

/// Deceased (vCard 4 DEATHDATE), groups (vCard CATEGORIES, Google and Outlook CSV columns) and
/// exclusions: who becomes an event.
@Suite struct ChoosingContactsTests {
  static func csvGroups(_ text: String) throws -> [[String]] {
    var groups: [[String]] = []
    var reader = CSVContactReader(source: MemoryByteSource(Array(text.utf8)), fileName: "in.csv") {
      _ in
    }
    try reader.forEachContact { groups.append($0.groups) }
    return groups
  }

  @Test func deathDateAndCategoriesFromVCard() throws {
    let result = try readVCard(
      card(version: "4.0", "BDAY:19300105\nDEATHDATE:20200310\nCATEGORIES:Family,Old\\, friends")
        + card(version: "4.0", "BDAY:19500105\nDEATHDATE;VALUE=text:unknown")
        + card(version: "3.0", "BDAY:1985-04-12\nCATEGORIES:Work\nCATEGORIES: Friends "))
    #expect(result.contacts.map(\.isDeceased) == [true, true, false])
    #expect(result.contacts.map { $0.deathDate?.description } == ["2020-03-10", nil, nil])
    #expect(
      result.contacts.map(\.groups) == [["Family", "Old, friends"], [], ["Work", "Friends"]])
    #expect(result.diagnostics.isEmpty)
  }

  @Test(arguments: [
    // Google, current export
    (
      "Name,Birthday,Labels\nJane,1985-04-12,* myContacts ::: Family ::: Friends\n",
      ["myContacts", "Family", "Friends"]
    ),
    // Google, legacy
    (
      "Name,Birthday,Group Membership\nJane,1985-04-12,* My Contacts ::: Family\n",
      ["My Contacts", "Family"]
    ),
    // Outlook
    (
      "First Name,Last Name,Birthday,Categories\nJane,Doe,1985-04-12,Family;Work\n",
      ["Family", "Work"]
    ),
  ])
  func groupsFromCSV(text: String, groups: [String]) throws {
    #expect(try Self.csvGroups(text) == [groups])
  }

  static let people: [Contact] = [
    Contact(
      sourceIdentifier: "joe", name: PersonName(formatted: "Grandpa Joe"),
      birthday: CivilDate(year: 1930, month: 1, day: 5),
      location: SourceLocation(file: "a", line: 1)),
    Contact(
      sourceIdentifier: "jane-1", name: PersonName(formatted: "Jane Doe"),
      birthday: CivilDate(year: 1985, month: 4, day: 12),
      anniversaries: [CivilDate(year: 2011, month: 1, day: 13)!],
      location: SourceLocation(file: "a", line: 2)),
    Contact(
      sourceIdentifier: "bob", name: PersonName(formatted: "Bob Work"),
      birthday: CivilDate(year: 1985, month: 4, day: 13),
      location: SourceLocation(file: "a", line: 3)),
  ]

  static func events(_ builder: CelebrationBuilder, deathDate: CivilDate? = nil) -> [String] {
    var people = Self.people
    people[0].isDeceased = true
    people[0].deathDate = deathDate
    people[0].groups = ["Family"]
    people[1].groups = ["friends", "Work"]
    people[2].groups = ["Work"]
    return people.flatMap { contact in
      builder.celebrations(of: contact, report: { _ in }).map {
        "\($0.kind.rawValue) \($0.name.formatted) \($0.date)"
      }
    }
  }

  @Test func deceasedGetNoWishesOrAMemorial() {
    var builder = CelebrationBuilder(includeAnniversaries: true)
    let death = CivilDate(year: 2020, month: 3, day: 10)!
    #expect(
      Self.events(builder, deathDate: death) == [
        "birthday Jane Doe 1985-04-12", "anniversary Jane Doe 2011-01-13",
        "birthday Bob Work 1985-04-13",
      ])
    #expect(
      builder.leftOutReason(
        of: {
          var joe = Self.people[0]
          joe.isDeceased = true
          return joe
        }()) == .deceased)
    builder.memorials = true
    #expect(Self.events(builder, deathDate: death).first == "memorial Grandpa Joe 2020-03-10")
    // A DEATHDATE that is not a date: still no birthday wishes, and no day to remember.
    #expect(Self.events(builder).first == "birthday Jane Doe 1985-04-12")
  }

  @Test func groupsAndExclusions() {
    var builder = CelebrationBuilder()
    builder.groups = ["FRIENDS", "family"]
    builder.memorials = true
    #expect(
      Self.events(builder, deathDate: CivilDate(year: 2020, month: 3, day: 10)) == [
        "memorial Grandpa Joe 2020-03-10", "birthday Jane Doe 1985-04-12",
      ])
    builder.groups = []
    builder.exclusions = [ExclusionPattern("jane-?"), ExclusionPattern("*WORK")]
    #expect(Self.events(builder) == [])
    builder.exclusions = [ExclusionPattern("jane")]  // the whole name or UID must match
    #expect(Self.events(builder).count == 2)
  }

  @Test(arguments: [
    ("jane*", "Jane Doe", true), ("*doe", "Jane Doe", true), ("j?ne doe", "JANE DOE", true),
    ("jane", "Jane Doe", false), ("*", "", true), ("a*b*c", "aXbYbc", true), ("a*b", "ab", true),
    ("a*b", "abc", false), ("", "x", false),
  ])
  func exclusionPatterns(pattern: String, candidate: String, matches: Bool) {
    #expect(ExclusionPattern(pattern).matches(candidate) == matches)
  }

  @Test func summaryCountsWhoWasLeftOut() throws {
    var statistics = ConversionStatistics()
    statistics.countRecord(events: 0, hadProblems: false, leftOut: .deceased)
    statistics.countRecord(events: 0, hadProblems: false, leftOut: .notChosen)
    statistics.countRecord(events: 1, hadProblems: false)
    statistics.eventsWritten = 1
    #expect(statistics.deceasedLeftOut == 1)
    #expect(statistics.recordsNotChosen == 1)
    #expect(statistics.recordsRead == 3)
  }
}

/// `--other-dates`: Apple's labelled X-ABDATE and Google's Event N other than Anniversary.
@Suite struct OtherDatesTests {
  static let apple =
    "BEGIN:VCARD\nVERSION:3.0\nFN:Jane Doe\nBDAY:1985-04-12\n"
    + "item1.X-ABDATE:2007-06-30\nitem1.X-ABLABEL:Graduation\n"
    + "item2.X-ABDATE:2011-01-13\nitem2.X-ABLABEL:_$!<Anniversary>!$_\n"
    + "item3.X-ABDATE:--09-01\nitem3.X-ABLABEL:_$!<Other>!$_\nEND:VCARD\n"

  @Test func appleLabelledDates() throws {
    let contact = try #require(try readVCard(Self.apple).contacts.first)
    #expect(contact.anniversaries.map(\.description) == ["2011-01-13"])
    #expect(
      contact.otherDates == [
        LabeledDate(label: "Graduation", date: CivilDate(year: 2007, month: 6, day: 30)!),
        LabeledDate(label: "Other", date: CivilDate(month: 9, day: 1)!),
      ])
  }

  @Test func googleEventsAndTheirEvents() throws {
    var contacts: [Contact] = []
    let csv =
      "Name,Birthday,Event 1 - Label,Event 1 - Value,Event 2 - Label,Event 2 - Value\n"
      + "Jane Doe,1985-04-12,Anniversary,2011-01-13,Name day,--07-26\n"
    var reader = CSVContactReader(source: MemoryByteSource(Array(csv.utf8)), fileName: "g.csv") {
      _ in
    }
    try reader.forEachContact { contacts.append($0) }
    #expect(
      contacts.first?.otherDates == [
        LabeledDate(label: "Name day", date: CivilDate(month: 7, day: 26)!)
      ])

    var builder = CelebrationBuilder()
    #expect(builder.celebrations(of: contacts[0], report: { _ in }).count == 1)  // not asked for
    builder.otherDates = true
    let events = builder.celebrations(of: contacts[0], report: { _ in })
    #expect(events.map(\.kind) == [.birthday, .other])
    let text = try ICalendarWriterTests.calendar(events)
    #expect(text.contains("SUMMARY:Name day: Jane Doe\r\n"))
    #expect(text.contains("DESCRIPTION:Name day: Jane Doe today\r\n"))
    #expect(text.contains("CATEGORIES:OTHER\r\n"))
    // Two labels on one day are two events with their own UIDs.
    var twice = contacts[0]
    twice.otherDates.append(LabeledDate(label: "Graduation", date: CivilDate(month: 7, day: 26)!))
    let uids = builder.celebrations(of: twice, report: { _ in }).map(\.uid)
    #expect(Set(uids).count == 3)
  }
}

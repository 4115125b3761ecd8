import Testing

@testable import BirthdayKit

@Suite struct ContactTests {
  @Test func thePublicInitializerLeavesTheRareFieldsEmpty() {
    // It calls the member-wise initializer, which has no default values.
    let location = SourceLocation(file: "a.vcf", line: 3)
    let contact = Contact(
      sourceIdentifier: "x", name: PersonName(formatted: "Ann"),
      birthday: CivilDate(year: 1990, month: 1, day: 2), location: location)
    #expect(
      contact
        == Contact(
          sourceIdentifier: "x", name: PersonName(formatted: "Ann"),
          birthday: CivilDate(year: 1990, month: 1, day: 2), anniversaries: [],
          location: location, isDeceased: false, deathDate: nil, groups: [], isGroup: false,
          memberIdentifiers: [], otherDates: []))
    let grouped = Contact(
      sourceIdentifier: nil, name: nil, birthday: nil, anniversaries: [], location: location,
      groups: ["Family"], otherDates: [])
    #expect(!grouped.isGroup && !grouped.isDeceased && grouped.memberIdentifiers.isEmpty)
    #expect(grouped.groups == ["Family"] && grouped.deathDate == nil)
  }
}

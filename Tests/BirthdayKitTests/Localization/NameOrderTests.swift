import Testing

@testable import BirthdayKit

/// Names in the order people write them (issue 33 item 7).
@Suite struct NameOrderTests {
  static func celebration(_ name: PersonName) throws -> Celebration {
    Celebration(
      uid: "u", name: name, kind: .birthday,
      date: try #require(CivilDate(year: 1985, month: 5, day: 1)))
  }

  /// The default English reminder said "Wish 小龍 李 a Happy Birthday today!".
  @Test func cjkNameInTheDefaultReminder() throws {
    let name = try #require(PersonName(formatted: "李小龍", given: "小龍", family: "李"))
    let message = CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0))
      .messageTemplate(for: .birthday)
    #expect(
      message.render(for: try Self.celebration(name)) == "Wish 李小龍 a Happy Birthday today!")
    // A Western name is as before.
    let jane = try #require(PersonName(formatted: "Jane Doe", given: "Jane", family: "Doe"))
    #expect(
      message.render(for: try Self.celebration(jane)) == "Wish Jane Doe a Happy Birthday today!")
  }

  /// `N:李;小龍` without `FN` is 李小龍; Korean and Japanese alike.
  @Test(arguments: [("小龍", "李", "李小龍"), ("민준", "김", "김민준"), ("太郎", "山田", "山田太郎")])
  func cjkDisplayNameFromParts(given: String, family: String, expected: String) throws {
    let name = try #require(PersonName(formatted: nil, given: given, family: family))
    #expect(name.formatted == expected)
    #expect(name.isFamilyFirstWithoutSpace)
  }

  /// A CJK name built from its parts is shown family name first now, but keeps the UID it had
  /// when it was shown given name first: `sync` updates the title rather than replacing the
  /// event. A name the source formatted itself is hashed as it is.
  @Test(arguments: [("小龍", "李"), ("민준", "김"), ("太郎", "山田")])
  func cjkNameFromPartsKeepsItsUID(given: String, family: String) throws {
    let date = try #require(CivilDate(year: 1940, month: 11, day: 27))
    let parts = try #require(PersonName(formatted: nil, given: given, family: family))
    let before = try #require(PersonName(formatted: "\(given) \(family)"))
    let formatted = try #require(PersonName(formatted: family + given))
    #expect(parts.formatted == family + given)
    func uid(_ name: PersonName) -> String {
      EventIdentity.uid(kind: .birthday, sourceIdentifier: nil, name: name, date: date)
    }
    #expect(uid(parts) == uid(before))
    #expect(uid(formatted) != uid(before))
    #expect(parts.identityKey == before.identityKey)
  }

  @Test func mixedScriptsKeepTheirOrder() throws {
    let name = try #require(PersonName(formatted: nil, given: "Bruce", family: "李"))
    #expect(name.formatted == "Bruce 李")
    #expect(!name.isFamilyFirstWithoutSpace)
  }

  /// `{first}` and `{last}` alone are the given and the family name; together, the whole name
  /// in its order: family first in Hungarian.
  @Test func hungarianFamilyFirst() throws {
    let name = try #require(PersonName(formatted: "Anna Nagy", given: "Anna", family: "Nagy"))
    let celebration = try Self.celebration(name)
    let pair = try EventTextTemplate("{first} {last}!")
    #expect(pair.localized(.hungarian).render(for: celebration) == "Nagy Anna!")
    #expect(pair.localized(.german).render(for: celebration) == "Anna Nagy!")
    let apart = try EventTextTemplate("{last}, {first}")
    #expect(apart.localized(.hungarian).render(for: celebration) == "Nagy, Anna")
  }
}

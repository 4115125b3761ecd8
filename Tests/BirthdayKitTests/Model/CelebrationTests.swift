import Testing

@testable import BirthdayKit

@Suite struct CelebrationTests {
  let name = PersonName(formatted: "Ann")!
  let date = CivilDate(year: 1990, month: 1, day: 2)!

  @Test func aCanonicalUIDIsKeptAsItsUUIDOnly() {
    let text = "7360629c-0f20-5705-b3cb-c0b2e86f311d"
    let celebration = Celebration(uid: text, name: name, kind: .birthday, date: date)
    #expect(celebration.uid == text)
    #expect(celebration.canonicalUUID == NameBasedUUID(text))
    #expect(celebration.uuid == NameBasedUUID(text))
  }

  @Test func anyOtherUIDIsKeptAsWritten() {
    // Upper case parses as a UUID but is not its canonical text: the text is kept.
    for text in ["7360629C-0F20-5705-B3CB-C0B2E86F311D", "ann@example.com", ""] {
      let celebration = Celebration(
        uid: text, name: name, kind: .anniversary, date: date, label: "x")
      #expect(celebration.uid == text)
      #expect(celebration.canonicalUUID == nil)
      #expect(celebration.uuid == NameBasedUUID(text))
      #expect(celebration.label == "x" && celebration.kind == .anniversary)
    }
  }

  @Test func theUUIDInitializerAgreesWithTheUIDOne() {
    let uuid = NameBasedUUID(namespace: EventIdentity.namespace, name: "ann")
    let location = SourceLocation(file: "a.vcf", line: 3)
    let fromUUID = Celebration(
      uuid: uuid, name: name, kind: .other, date: date, location: location, label: "Graduation")
    let fromText = Celebration(
      uid: uuid.description, name: name, kind: .other, date: date, location: location,
      label: "Graduation")
    #expect(fromUUID == fromText)
    #expect(fromUUID.uid == uuid.description && fromUUID.canonicalUUID == uuid)
  }
}

import Testing

@testable import BirthdayKit

@Suite struct UUIDSetTests {
  @Test func agreesWithSetThroughManyGrowths() {
    var compact = UUIDSet(capacity: 16)
    var reference = Set<NameBasedUUID>()
    var generator = SystemRandomNumberGenerator()
    var values: [NameBasedUUID] = [NameBasedUUID(high: 0, low: 0), NameBasedUUID(high: 0, low: 1)]
    for index in 0..<20_000 {
      values.append(NameBasedUUID(namespace: .dns, name: "person \(index)"))
      values.append(NameBasedUUID(high: UInt64(index), low: 0))  // not random: must still spread
      values.append(NameBasedUUID(high: generator.next(), low: generator.next()))
    }
    values += values.prefix(5_000)  // duplicates, including the all-zero UUID
    for value in values.shuffled() {
      #expect(compact.insert(value) == reference.insert(value).inserted)
    }
    #expect(compact.count + 1 == reference.count)  // the all-zero UUID is kept aside
    #expect(values.allSatisfy { compact.contains($0) })
    #expect(!compact.contains(NameBasedUUID(namespace: .dns, name: "someone else")))
  }
}

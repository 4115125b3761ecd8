import Testing

@testable import BirthdayKit

/// A card's kept values live in one storage reused from card to card: positions, not buffers.
@Suite struct VCardValueStorageTests {
  private func start(
    _ storage: inout VCardValueStorage, _ text: String, group: String? = nil,
    parameters: VCardParameters = VCardParameters(), limit: Int = 100
  ) -> VCardRawValue {
    // The group, a dot, and the value, as in a property line.
    let groupBytes = group.map { Array($0.utf8) + [VCardBytes.period] } ?? []
    let line = groupBytes + Array(text.utf8)
    return storage.start(
      line: 3, column: 5, in: line.span,
      group: group == nil ? nil : 0..<(groupBytes.count - 1), parameters: parameters,
      firstLine: groupBytes.count..<line.count, limit: limit)
  }

  private func append(
    _ storage: inout VCardValueStorage, _ text: String, folded: Bool, to value: inout VCardRawValue
  ) {
    storage.appendContinuation(Array(text.utf8).span, folded: folded, to: &value)
  }

  @Test func valuesSideBySideKeepTheirBytesGroupsFoldsAndParameters() {
    var storage = VCardValueStorage()
    var quoted = VCardParameters()
    quoted.isQuotedPrintable = true
    quoted.charset = .isoLatin1
    var first = start(&storage, "Jane", group: "ITEM1")
    append(&storage, " Doe", folded: true, to: &first)
    append(&storage, "  Smith", folded: true, to: &first)
    var second = start(&storage, "J=C3=", parameters: quoted)
    #expect(second.endsWithSoftBreak)
    append(&storage, "=A9r=C3=B4me", folded: false, to: &second)
    #expect(!second.endsWithSoftBreak)
    let third = start(&storage, "0123456789", limit: 4)

    #expect(Array(storage.unfolded(first, .v30)) == Array("JaneDoe Smith".utf8))
    #expect(Array(storage.unfolded(first, .v21)) == Array("Jane Doe  Smith".utf8))
    #expect(storage.group(of: first).map(Array.init) == Array("item1".utf8))
    #expect(storage.parameters(of: first) == VCardParameters())
    #expect(String(decoding: storage.unfolded(second, .v21), as: UTF8.self) == "Jérôme")
    #expect(storage.parameters(of: second) == quoted)
    #expect(storage.group(of: second) == nil)
    #expect(third.isTruncated)
    #expect(Array(storage.unfolded(third, .v30)) == Array("0123".utf8))
  }

  @Test func theNextCardReusesTheBuffersCapacity() {
    var storage = VCardValueStorage()
    _ = start(&storage, String(repeating: "x", count: 90))
    let capacity = storage.bytes.capacity
    storage.removeAll()
    #expect(storage.bytes.isEmpty)
    #expect(storage.bytes.capacity == capacity)
    let value = start(&storage, "Anne")
    #expect(value.bytes == 0..<4)
    #expect(Array(storage.unfolded(value, .v40)) == Array("Anne".utf8))
  }
}

import Testing

@testable import BirthdayKit

/// The property line splitter's fast paths (letters skipped with one comparison, unquoted
/// parameters ended by their first colon) against the plain byte-by-byte rules they replace.
@Suite struct VCardPropertyLineTests {
  /// The rules as first written: the name up to `:` or `;` (the first `.` ends a group), then
  /// the first colon outside double quotes, else the first colon at all.
  private static func reference(_ line: [UInt8]) -> (Range<Int>?, Range<Int>, Int, Int?)? {
    var index = 0
    var nameStart = 0
    var group: Range<Int>?
    while index < line.count {
      let byte = line[index]
      if byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") { break }
      if byte == UInt8(ascii: "."), group == nil {
        group = 0..<index
        nameStart = index + 1
      }
      index += 1
    }
    guard index > nameStart else { return nil }
    let name = nameStart..<index
    if index < line.count, line[index] == UInt8(ascii: ":") { return (group, name, index, index) }
    var inQuotes = false
    var firstColon: Int?
    var scan = index
    while scan < line.count {
      let byte = line[scan]
      if byte == UInt8(ascii: ":"), firstColon == nil { firstColon = scan }
      if byte == UInt8(ascii: "\"") {
        inQuotes.toggle()
      } else if byte == UInt8(ascii: ":"), !inQuotes {
        return (group, name, index, scan)
      }
      scan += 1
    }
    return (group, name, index, firstColon)
  }

  private static func split(_ line: [UInt8]) -> (Range<Int>?, Range<Int>, Int, Int?)? {
    VCardPropertyLine(line.span).map { ($0.group, $0.name, $0.parametersStart, $0.colon) }
  }

  private static func same(_ line: [UInt8]) -> Bool {
    let (expected, actual) = (reference(line), split(line))
    guard let expected, let actual else { return expected == nil && actual == nil }
    return expected.0 == actual.0 && expected.1 == actual.1 && expected.2 == actual.2
      && expected.3 == actual.3
  }

  @Test(arguments: [
    "FN:Jane Doe", "item1.X-ABDATE;type=pref:2010-06-01", "TEL;TYPE=work:+1-555-0100",
    #"BDAY;X-LABEL="a:b;c":19850412"#, #"X-A;P="a:b:c"#, #"X-A;P="x";Q=y:v"#, "NOTE;A=b",
    ":value", ";A=b:c", "item1.:x", "a.b.c;d:e", "X-NAME-2:v", "N\u{E9}:x", "BDAY", "",
    #"X;A="unbalanced:value"#, "X;A=b\"c:d\":e",
  ])
  func knownLines(line: String) {
    #expect(Self.same(Array(line.utf8)))
  }

  @Test func everyShortLineOverTheSyntaxBytes() {
    // Every line of up to five bytes over the bytes that matter, and letters, digits,
    // non-ASCII: the fast paths must split them exactly like the reference.
    let alphabet: [UInt8] = Array("A1.:;\"=-".utf8) + [0xC3]
    var lines: [[UInt8]] = [[]]
    var differing: [[UInt8]] = []
    for _ in 0..<5 {
      lines = lines.flatMap { line in alphabet.map { line + [$0] } }
      differing += lines.filter { !Self.same($0) }
    }
    #expect(differing.isEmpty, "\(differing.prefix(5))")
  }
}

import TestSupport
import Testing

@testable import BirthdayKit

/// The splitter's fast paths must split exactly as the plain RFC 4180 rule below, which is the
/// reader's documented behaviour: quotes open a quoted field only at the start of a field, `""`
/// inside quotes is one quote, text after a closing quote is kept, line breaks inside quotes stay.
@Suite struct CSVFieldSplitterTests {
  static func referenceSplit(_ record: [UInt8], delimiter: UInt8) -> [[UInt8]] {
    var fields: [[UInt8]] = [[]]
    var index = 0
    var atFieldStart = true
    var inQuotes = false
    while index < record.count {
      let byte = record[index]
      index += 1
      if inQuotes {
        if byte == 0x22 {
          if index < record.count, record[index] == 0x22 {
            fields[fields.count - 1].append(0x22)
            index += 1
          } else {
            inQuotes = false
          }
        } else {
          fields[fields.count - 1].append(byte)
        }
        continue
      }
      if byte == delimiter {
        fields.append([])
        atFieldStart = true
      } else if byte == 0x22, atFieldStart {
        inQuotes = true
        atFieldStart = false
      } else {
        atFieldStart = false
        fields[fields.count - 1].append(byte)
      }
    }
    return fields
  }

  static func split(_ record: [UInt8], delimiter: UInt8, neededFields: Int) -> (
    count: Int, fields: [[UInt8]]
  ) {
    var splitter = CSVFieldSplitter()
    let data = record.span
    splitter.split(data, delimiter: delimiter, neededFields: neededFields)
    let kept = min(splitter.count, neededFields)
    var fields: [[UInt8]] = []
    for index in 0..<kept {
      fields.append(
        splitter.withField(index, of: data) { field in field.indices.map { field[$0] } })
    }
    return (splitter.count, fields)
  }

  @Test func randomRecordsSplitAsTheReferenceRule() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [0x22, 0x2C, 0x3B, 0x0A, 0x0D, 0x20, 0x61, 0x62, 0xC3, 0xA9]
    for _ in 0..<3000 {
      let length = Int.random(in: 0..<60, using: &generator)
      let record = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
      for delimiter: UInt8 in [0x2C, 0x3B] {
        let expected = Self.referenceSplit(record, delimiter: delimiter)
        for needed in [1, 2, 3, 7, Int.max] {
          let (count, fields) = Self.split(record, delimiter: delimiter, neededFields: needed)
          #expect(count == expected.count, "\(record) needed \(needed)")
          #expect(fields == Array(expected.prefix(needed)), "\(record) needed \(needed)")
        }
      }
    }
  }

  /// Every record of up to seven bytes over quotes, delimiters, a line break and a letter: the
  /// quoted path walks quotes and delimiters eight bytes at a time, so short records end in its
  /// byte-by-byte tail and longer ones (below) cross its words.
  @Test(.tags(.slow), .slowTimeLimit) func everyShortRecordSplitsAsTheReferenceRule() {
    let alphabet: [UInt8] = [0x22, 0x2C, 0x61, 0x0A]
    var records: [[UInt8]] = [[]]
    var last: [[UInt8]] = [[]]
    for _ in 1...7 {
      last = last.flatMap { record in alphabet.map { record + [$0] } }
      records += last
    }
    for record in records {
      let expected = Self.referenceSplit(record, delimiter: 0x2C)
      for needed in [0, 1, 2, 3, Int.max] {
        let (count, fields) = Self.split(record, delimiter: 0x2C, neededFields: needed)
        #expect(count == expected.count, "\(record) needed \(needed)")
        #expect(fields == Array(expected.prefix(needed)), "\(record) needed \(needed)")
      }
      // Across word boundaries: the same record after 13 plain bytes and a delimiter.
      let shifted = Array("abcdefghijklm,".utf8) + record
      let (count, fields) = Self.split(shifted, delimiter: 0x2C, neededFields: .max)
      #expect(count == expected.count + 1 && Array(fields.dropFirst()) == expected, "\(record)")
    }
  }

  @Test func typicalRows() {
    let row = Array(#"Ann,"Lee, Jr.","say ""hi""",x"y,"a"b,,"#.utf8)
    let (count, fields) = Self.split(row, delimiter: 0x2C, neededFields: .max)
    #expect(count == 7)
    #expect(
      fields.map { String(decoding: $0, as: UTF8.self) } == [
        "Ann", "Lee, Jr.", #"say "hi""#, #"x"y"#, "ab", "", "",
      ])
  }
}

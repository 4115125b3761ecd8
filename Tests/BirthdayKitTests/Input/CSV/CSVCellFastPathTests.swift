import Foundation
import Testing

@testable import BirthdayKit

/// The byte-level readings of group and date cells (issue 16: they took half of a CSV
/// conversion through Foundation) agree with the character-level definitions they replace.
@Suite struct CSVCellFastPathTests {
  /// The definition: `:::` and `;` separate names, each on one line, without Google's `* `.
  static func referenceGroupNames(_ cell: String) -> [String] {
    cell.replacingOccurrences(of: ":::", with: ";").split(separator: ";").compactMap { part in
      var name = TextSanitizer.singleLine(String(part))
      if name.hasPrefix("* ") { name.removeFirst(2) }
      return name.isEmpty ? nil : name
    }
  }

  static func referenceHasTwoDigitYear(_ text: String) -> Bool {
    let parts = TextSanitizer.singleLine(text).split(whereSeparator: { "/.-".contains($0) })
    return parts.count == 3 && parts[0].count <= 2 && parts[2].count == 2
  }

  static let groupCells = [
    "", "* myContacts", "* myContacts ::: Family ::: Friends", "Family;Friends", ";;", ":::",
    "::::", ":::::::", "a::b", "* ", "*  Starred", " Family ; Friends ", "a\tb;c\r\nd",
    "Family:::;Friends", "* myContacts ::: Família", "Ünïcödé;* Ⅻ ::: e\u{301};x",
    ";\u{301}Family", "* myContacts:::", "x:::y:::z", "Work\u{2028}Team", "a;;b;;;c",
  ]

  @Test(arguments: groupCells)
  func groupNamesMatchTheDefinition(_ cell: String) {
    #expect(CSVRow.groupNames(in: cell) == Self.referenceGroupNames(cell))
  }

  /// Every cell of up to six characters over the separators, `*`, space, TAB and a letter: the
  /// ASCII path takes names already on one line without sanitizing them.
  @Test func everyShortASCIICellMatchesTheDefinition() {
    let alphabet: [Character] = ["*", " ", ":", ";", "a", "\t"]
    var cells: [String] = [""]
    var last: [String] = [""]
    for _ in 1...6 {
      last = last.flatMap { cell in alphabet.map { cell + String($0) } }
      cells += last
    }
    for cell in cells {
      #expect(CSVRow.groupNames(in: cell) == Self.referenceGroupNames(cell), "\(cell)")
    }
  }

  static let dateCells = [
    "5/10/71", "05/10/1971", "1971-05-10", "10.5.71", "5/10/71/", "/5/10/71", "5//10//71",
    "123/10/71", "5/10/7", " 5/10/71 ", "5-10-71", "--05-10", "5/10", "5/10/71/2", "٥/١٠/٧١",
    "5/10/７１", "", "---", "5 / 10 / 71", "5/10/71\u{301}", "1993-08-08", "1971/5/10",
    "1993-08-71", "1993\u{202A}-08-08", "19\u{202A}93-08-08", "2023-1-1", "0000-00-00",
    "1993 - 08 - 71", "12345", "1234", "123",
  ]

  @Test(arguments: dateCells)
  func twoDigitYearsMatchTheDefinition(_ text: String) {
    #expect(CSVDateValue.hasTwoDigitYear(text) == Self.referenceHasTwoDigitYear(text))
  }

  /// Every cell of up to six characters over digits, separators and spaces: cells that start
  /// with four digits are answered before the text is cleaned.
  @Test func everyShortDateCellMatchesTheDefinition() {
    let alphabet: [Character] = ["1", "7", "/", "-", " "]
    var last: [String] = [""]
    for _ in 1...6 {
      last = last.flatMap { cell in alphabet.map { cell + String($0) } }
      for cell in last {
        #expect(
          CSVDateValue.hasTwoDigitYear(cell) == Self.referenceHasTwoDigitYear(cell), "\(cell)")
      }
    }
  }

  /// `YYYY-MM-DD` cells are read in place; with a leading space the same cell goes the general
  /// way (cleaned, then read): both readings agree for every year form, month and day, valid or
  /// not, and for cells that only look like the form.
  @Test func extendedDateCellsReadAsTheGeneralPathReadsThem() {
    var cells: [String] = []
    for year in ["0000", "0001", "1604", "1900", "1972", "1985", "2000", "2023", "2024", "9999"] {
      for month in 0...13 {
        for day in [0, 1, 9, 10, 28, 29, 30, 31, 32] {
          cells.append(year + "-" + twoDigits(month) + "-" + twoDigits(day))
        }
      }
    }
    cells += ["1985-04-1x", "198a-04-12", "1985/04/12", "1985-0412-", "1985-04-12T", "-985-04-12"]
    for cell in cells {
      for order in [nil, DateOrder.mdy, .dmy, .ymd] {
        #expect(
          CSVDateValue.parse(cell, order: order) == CSVDateValue.parse(" " + cell, order: order),
          "\(cell)")
      }
    }
  }

  /// The common forms read in place (``DateValueParser/parseCommonForm(_:)``: `YYYYMMDD`,
  /// `YYYY-MM-DD`, `--MMDD`) give what the general path gives: every cell of six and eight
  /// characters over `0 1 9 - /` (the lengths the fast path reads), and random ten-character
  /// cells over those and `2 3 5`, in every order.
  @Test func commonFormCellsReadAsTheGeneralPathReadsThem() {
    let alphabet: [Character] = ["0", "1", "9", "-", "/"]
    var cells: [String] = [""]
    for length in 1...8 {
      cells = cells.flatMap { cell in alphabet.map { cell + String($0) } }
      guard length == 6 || length == 8 else { continue }
      for cell in cells {
        #expect(
          CSVDateValue.parse(cell, order: nil) == CSVDateValue.parseInGeneral(cell, order: nil),
          "\(cell)")
      }
    }
    var generator = SystemRandomNumberGenerator()
    let wide: [Character] = ["0", "1", "2", "3", "5", "9", "-", "/"]
    for _ in 0..<20_000 {
      var cell = String((0..<10).map { _ in wide.randomElement(using: &generator)! })
      if Bool.random(using: &generator) {  // mostly the form's shape, so that dates come up
        cell =
          String(cell.prefix(4)) + "-" + String(cell.dropFirst(5).prefix(2)) + "-"
          + String(cell.suffix(2))
      }
      for order in [nil, DateOrder.mdy, .dmy, .ymd] {
        #expect(
          CSVDateValue.parse(cell, order: order) == CSVDateValue.parseInGeneral(cell, order: order),
          "\(cell)")
      }
    }
  }

  /// A date cell's position counts the line breaks of quoted fields before it (LF, CRLF, CR).
  @Test(arguments: [
    ("Jane,\"ab\",1990-13-45\n", "in.csv:2:11:"),
    ("Jane,\"a\nb\r\nc\",1990-13-45\n", "in.csv:4:4:"),
    ("Jane,\"a\rb\",1990-13-45\n", "in.csv:3:4:"),
    ("\"J\nane\",\"ab\",1990-13-45\n", "in.csv:3:11:"),
    ("Jane,x,1990-13-45,\"a\nb\"\n", "in.csv:2:8:"),  // the first quote after the date
    ("Jane,x\"y,1990-13-45,\"a\nb\"\n", "in.csv:2:10:"),  // a quote inside a field is text
  ])
  func dateCellPositionsCountLineBreaks(row: String, location: String) throws {
    let result = try readCSV("Name,Notes,Birthday,Address\n" + row)
    #expect(result.diagnostics.contains { $0.hasPrefix(location) }, "\(result.diagnostics)")
  }

  /// Rows that repeat the previous row's group cell get the same names as rows that do not.
  @Test func repeatedGroupCellsGiveTheSameNames() throws {
    let cells = [
      "* myContacts", "* myContacts", "Family ::: * myContacts", "", "* myContacts", "",
      "Friends;Family", "Friends;Family", "* myContacts",
    ]
    let csv =
      "First Name,Birthday,Labels\n"
      + cells.enumerated().map { "P\($0.offset),1990-01-02,\($0.element)\n" }.joined()
    var groups: [[String]] = []
    var reader = CSVContactReader(
      source: MemoryByteSource(Array(csv.utf8)), fileName: "in.csv", options: .init()
    ) { _ in }
    try reader.forEachContact { groups.append($0.groups) }
    #expect(groups == cells.map(Self.referenceGroupNames))
  }
}

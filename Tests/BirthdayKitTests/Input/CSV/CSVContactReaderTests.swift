import Foundation
import Testing

@testable import BirthdayKit

/// Reads CSV bytes; returns "name|birthday|anniversaries@line" per contact and the diagnostics.
func readCSV(_ bytes: [UInt8], options: CSVReadOptions = .init(), file: String = "in.csv") throws
  -> (
    contacts: [String], diagnostics: [String]
  )
{
  var diagnostics: [String] = []
  var contacts: [String] = []
  var reader = CSVContactReader(source: MemoryByteSource(bytes), fileName: file, options: options) {
    diagnostics.append($0.description)
  }
  try reader.forEachContact { contact in
    let dates = contact.anniversaries.map(\.description).joined(separator: ",")
    contacts.append(
      "\(contact.name?.formatted ?? "-")|\(contact.birthday?.description ?? "-")|\(dates)@\(contact.location.line)"
    )
  }
  return (contacts, diagnostics)
}

func readCSV(_ text: String, options: CSVReadOptions = .init()) throws -> (
  contacts: [String], diagnostics: [String]
) {
  try readCSV(Array(text.utf8), options: options)
}

@Suite struct CSVLayoutTests {
  @Test(arguments: [
    (
      "First Name,Middle Name,Last Name,Birthday,Event 1 - Label,Event 1 - Value\nJane,Q,Doe,1985-04-12,Anniversary,2011-01-13\n",
      ["Jane Q Doe|1985-04-12|2011-01-13@2"]
    ),  // Google Contacts, current layout
    (
      "Name,Given Name,Additional Name,Family Name,Birthday\nJane Doe,Jane,,Doe,--04-12\n",
      ["Jane Doe|--04-12|@2"]
    ),  // Google Contacts, legacy layout
    (
      "\"Title\",\"First Name\",\"Middle Name\",\"Last Name\",\"Anniversary\",\"Birthday\"\n\"\",\"Jane\",\"\",\"Doe\",\"\",\"1985-04-12\"\n",
      ["Jane Doe|1985-04-12|@2"]
    ),  // Outlook export, everything quoted
    ("name,dob\nJane Doe,19850412\n", ["Jane Doe|1985-04-12|@2"]),  // plain spreadsheet
    ("Surname;Firstname;Date of Birth\nDoe;Jane;--0412\n", ["Jane Doe|--04-12|@2"]),  // semicolons
    ("full name\tbirthdate\nJane Doe\t04-12\n", ["Jane Doe|--04-12|@2"]),  // tabs, MM-DD
    (
      "Notes:\n\"Exported from LinkedIn\"\n\nName,Birthday\nJane,1985-04-12\n",
      ["Jane|1985-04-12|@5"]
    ),  // preamble
    (
      "\"Name\",\"Year\",\"Month\",\"Day\"\nJane,null,4,12\nBob,1970,1,2\n",
      ["Jane|--04-12|@2", "Bob|1970-01-02|@3"]
    ),  // Facebook extractor
  ])
  func headerLayouts(csv: String, expected: [String]) throws {
    let result = try readCSV(csv)
    #expect(result.contacts == expected)
    #expect(result.diagnostics.isEmpty)
  }

  @Test func columnOverrideMapsAHeaderByHand() throws {
    let csv = "Wer,Geburtstag\nJane,1985-04-12\n"
    let result = try readCSV(
      csv, options: CSVReadOptions(columnOverrides: [.name: "wer", .birthday: "GEBURTSTAG"]))
    #expect(result.contacts == ["Jane|1985-04-12|@2"])
    #expect(throws: InputFormatError.self) {
      try readCSV(csv, options: CSVReadOptions(columnOverrides: [.birthday: "Birthday"]))
    }
  }

  @Test func missingBirthdayColumnListsTheHeaders() {
    #expect(
      throws: InputFormatError(
        .csvNoBirthdayColumn(headers: ["First Name", "Last Name", "E-mail"]),
        at: SourceLocation(file: "in.csv", line: 1))
    ) { try readCSV("First Name,Last Name,E-mail\nJane,Doe,j@x\n") }
  }

  @Test func noHeaderRowAtAll() throws {
    #expect(throws: InputFormatError.self) { try readCSV("1,2,3\n4,5,6\n") }
    #expect(try readCSV("").contacts.isEmpty)  // an empty file has no contacts and no error
  }
}

@Suite struct CSVQuotingTests {
  @Test(arguments: ["\r\n", "\n", "\r"])
  func quotedFieldsKeepDelimitersQuotesAndLineBreaks(lineEnding: String) throws {
    let csv = [
      "Name,Notes,Birthday",
      "\"Doe, Jane\",\"said \"\"hi\"\"\(lineEnding)on two lines\",1985-04-12",
      "Bob,plain,1970-01-02",
    ].joined(separator: lineEnding)  // no final line break
    let result = try readCSV(csv)
    #expect(result.contacts == ["Doe, Jane|1985-04-12|@2", "Bob|1970-01-02|@4"])
  }

  @Test func raggedRowsAreReportedAndStillRead() throws {
    let result = try readCSV("Name,Birthday,Notes\nJane,1985-04-12\nBob,1970-01-02,x,extra\n")
    #expect(result.contacts == ["Jane|1985-04-12|@2", "Bob|1970-01-02|@3"])
    #expect(
      result.diagnostics == [
        "in.csv:2: warning: row has 2 fields, the header has 3",
        "in.csv:3: warning: row has 4 fields, the header has 3",
      ])
  }

  @Test func unterminatedQuoteIsReported() throws {
    let result = try readCSV("Name,Birthday\nJane,1985-04-12\n\"Bob,1970-01-02\nmore\n")
    #expect(result.contacts.first == "Jane|1985-04-12|@2")
    #expect(
      result.diagnostics.contains(
        "in.csv:3: warning: unterminated quoted field: the file ends inside quotes opened on this row"
      ))
  }

  @Test func runawayCellsAreCutWithANotice() throws {
    let result = try readCSV(
      "Name,Birthday\n\"" + String(repeating: "é", count: 10_000) + "\",1985-04-12\n")
    #expect(result.contacts.count == 1)
    #expect(result.contacts[0].hasSuffix("|1985-04-12|@2"))
    #expect(result.contacts[0].utf8.count <= 16 * 1024 + 20)
    #expect(
      result.diagnostics == [
        "in.csv:2: warning: a field longer than 16 KiB was cut to its first 16 KiB"
      ])
  }

  @Test(arguments: [UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")])
  func forcedDelimiter(delimiter: UInt8) throws {
    let d = String(UnicodeScalar(delimiter))
    let csv = "Name\(d)Birthday\nDoe, Jane\(d)1985-04-12\n"
    #expect(
      try readCSV(csv, options: CSVReadOptions(delimiter: delimiter)).contacts == [
        "Doe, Jane|1985-04-12|@2"
      ])
  }
}

@Suite struct CSVEncodingTests {
  static let text = "Name,Birthday\nZoë €uro,1985-04-12\n"

  @Test func utf8WithAndWithoutByteOrderMark() throws {
    #expect(try readCSV(Array(Self.text.utf8)).contacts == ["Zoë €uro|1985-04-12|@2"])
    #expect(
      try readCSV([0xEF, 0xBB, 0xBF] + Array(Self.text.utf8)).contacts == ["Zoë €uro|1985-04-12|@2"]
    )
  }

  @Test(arguments: [true, false])
  func utf16WithoutByteOrderMark(littleEndian: Bool) throws {
    let bytes = utf16Bytes(Self.text, littleEndian: littleEndian, byteOrderMark: false)
    #expect(try readCSV(bytes).contacts == ["Zoë €uro|1985-04-12|@2"])
  }

  @Test(arguments: [true, false])
  func utf16WithByteOrderMark(littleEndian: Bool) throws {
    var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
    for unit in (Self.text + "Emoji 🎂,--02-29\n").utf16 {
      let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      bytes += littleEndian ? pair : pair.reversed()
    }
    #expect(try readCSV(bytes).contacts == ["Zoë €uro|1985-04-12|@2", "Emoji 🎂|--02-29|@3"])
  }

  @Test func windows1252FallsBackWithOneNotice() throws {
    // "Zoë €uro" in Windows-1252: ë = EB, € = 80.
    let bytes =
      Array("Name,Birthday\nZo".utf8) + [0xEB, 0x20, 0x80] + Array("uro,1985-04-12\nM".utf8) + [
        0xFC
      ]
      + Array("ller,1970-01-02\n".utf8)
    let result = try readCSV(bytes)
    #expect(result.contacts == ["Zoë €uro|1985-04-12|@2", "Müller|1970-01-02|@3"])
    #expect(
      result.diagnostics == [
        "in.csv:2: warning: the file is not valid UTF-8; reading it as Windows-1252"
      ])
  }
}

@Suite struct CSVDateTests {
  @Test(arguments: [
    ("1985-04-12", "1985-04-12"),  // Google
    ("19850412", "1985-04-12"),
    ("--04-12", "--04-12"),  // Google, year-less
    ("--0412", "--04-12"),
    (" --04-12 ", "--04-12"),  // padded
    ("04-12", "--04-12"),  // MM-DD
    ("1985/04/12", "1985-04-12"),  // year first needs no order
    ("4/4/1985", "1985-04-04"),  // same either way
    ("", "-"),  // blank: no birthday, no warning
    ("0/0/00", "-"),  // Outlook's empty date
    ("0/0/0000", "-"),
  ])
  func acceptedWithoutOrder(value: String, expected: String) throws {
    let result = try readCSV("Name,Birthday\nJane,\(value)\n")
    #expect(result.contacts == ["Jane|\(expected)|@2"])
    #expect(result.diagnostics.isEmpty)
  }

  @Test(arguments: ["garbage", "13/13/1985", "March 30 1987"])
  func rejectedWithAWarning(value: String) throws {
    let result = try readCSV("Name,Birthday\nJane,\(value)\n")
    #expect(result.contacts == ["Jane|-|@2"])
    #expect(
      result.diagnostics == [
        "in.csv:2:6: warning: column 'Birthday': invalid date '\(value)' (expected YYYY-MM-DD, --MM-DD, or a numeric date in the date order)"
      ])
  }

  @Test(arguments: [
    ("1985-02-30", "February 1985 has 28 days"), ("1985-13-01", "there is no month 13"),
    ("--04-31", "April has 30 days"),
  ])
  func impossibleDateSaysWhy(value: String, reason: String) throws {
    let result = try readCSV("Name,Birthday\nJane,\(value)\n")
    #expect(
      result.diagnostics == [
        "in.csv:2:6: warning: column 'Birthday': invalid date '\(value)': \(reason)"
      ])
  }

  @Test func orderGivenByOption() throws {
    let csv = "Name,Birthday\nA,5/10/1971\nB,10.05.1971\n"
    #expect(
      try readCSV(csv, options: .init(dateOrder: .mdy)).contacts == [
        "A|1971-05-10|@2", "B|1971-10-05|@3",
      ])
    #expect(
      try readCSV(csv, options: .init(dateOrder: .dmy)).contacts == [
        "A|1971-10-05|@2", "B|1971-05-10|@3",
      ])
  }

  @Test func orderProvenByTheFileAppliesToEarlierRowsInOrder() throws {
    let dayFirst = try readCSV("Name,Birthday\nA,5/10/1971\nB,1985-01-01\nC,31/12/1980\n")
    #expect(dayFirst.contacts == ["A|1971-10-05|@2", "B|1985-01-01|@3", "C|1980-12-31|@4"])
    let monthFirst = try readCSV("Name,Birthday\nA,5/10/1971\nC,12/31/1980\n")
    #expect(monthFirst.contacts == ["A|1971-05-10|@2", "C|1980-12-31|@3"])
  }

  @Test func ambiguousFileAsksForTheOrder() {
    #expect(
      throws: InputFormatError(
        .csvAmbiguousDateOrder(value: "5/10/1971", column: "Birthday"),
        at: SourceLocation(file: "in.csv", line: 2))
    ) { try readCSV("Name,Birthday\nA,5/10/1971\nB,6/11/1972\n") }
  }

  @Test func conflictingProofIsAnError() {
    #expect(throws: InputFormatError.self) {
      try readCSV("Name,Birthday\nA,12/31/1972\nB,31/12/1972\n")
    }
  }
}

@Suite struct CSVSampleTests {
  @Test func sampleFileReadsToTheExpectedContacts() throws {
    let url = packageRootURL().appendingPathComponent("Samples/contacts.csv")
    let result = try readCSV(Array(try Data(contentsOf: url)), file: "contacts.csv")
    #expect(
      result.contacts == [
        "Jane Doe|1985-04-12|@2", "Zoë Ångström|--05-09|@3", "José Luis Müller|1964-02-29|@4",
        "Grace Hopper|1906-12-09|1930-06-15@5", "Sam Lee|-|@7", "山田太郎|1990-11-03|@8",
        "Ola Nordmann|--12-24|@9", "Tomás O'Brien|2000-01-01|@10",
      ])
    #expect(result.diagnostics.isEmpty)
  }
}

/// The package root, for Samples/: the nearest folder above this file with a Package.swift, so
/// that moving the file does not move the root.
func packageRootURL() -> URL {
  var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
    url.pathComponents.count > 1
  {
    url.deleteLastPathComponent()
  }
  return url
}

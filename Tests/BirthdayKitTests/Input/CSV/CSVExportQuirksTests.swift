import Testing

@testable import BirthdayKit

/// Real exports that lost birthdays (issue 12, items 3–5).
@Suite struct CSVExportQuirksTests {
  /// Thunderbird's header, as in comm-central `mailnews/addrbook/test/unit/data/export.csv`.
  static let thunderbirdHeader =
    "First Name,Last Name,Display Name,Nickname,Primary Email,Secondary Email,Screen Name,Work Phone,Home Phone,Fax Number,Pager Number,Mobile Number,Home Address,Home Address 2,Home City,Home State,Home ZipCode,Home Country,Work Address,Work Address 2,Work City,Work State,Work ZipCode,Work Country,Job Title,Department,Organization,Web Page 1,Web Page 2,Birth Year,Birth Month,Birth Day,Custom 1,Custom 2,Custom 3,Custom 4,Notes"

  /// A Thunderbird row: the 37 columns with names, e-mail and the three birth columns filled.
  static func thunderbirdRow(
    _ first: String, _ last: String, year: String, month: String, day: String
  )
    -> String
  {
    var cells = Array(repeating: "", count: 37)
    cells[0] = first
    cells[1] = last
    cells[2] = "\(first) \(last)"
    cells[4] = "\(first.lowercased())@invalid"
    cells[29] = year
    cells[30] = month
    cells[31] = day
    return cells.joined(separator: ",")
  }

  @Test func thunderbirdBirthColumnsAreOneDate() throws {
    let csv =
      [
        Self.thunderbirdHeader,
        Self.thunderbirdRow("Anne", "One", year: "1971", month: "5", day: "10"),
        Self.thunderbirdRow("Bob", "Two", year: "", month: "12", day: "24"),
        Self.thunderbirdRow("Carl", "Three", year: "", month: "", day: ""),
        Self.thunderbirdRow("Dora", "Four", year: "2001", month: "02", day: "30"),
      ].joined(separator: "\r\n") + "\r\n"
    let result = try readCSV(csv)
    #expect(
      result.contacts == [
        "Anne One|1971-05-10|@2", "Bob Two|--12-24|@3", "Carl Three|-|@4", "Dora Four|-|@5",
      ])
    #expect(
      result.diagnostics == [
        "in.csv:5: warning: columns 'Birth Year', 'Birth Month', 'Birth Day': invalid date '2001-02-30'"
      ])
  }

  @Test func aBirthDayColumnAloneIsStillAWholeDate() throws {
    let result = try readCSV("Name,Birth Day\nJane,1985-04-12\n")
    #expect(result.contacts == ["Jane|1985-04-12|@2"])
  }

  @Test(arguments: [
    ("5/10/71", "--10-05"),  // day first, proven by the next row
    ("31/12/99", "--12-31"),
  ])
  func twoDigitYearsKeepDayAndMonthWithAWarning(value: String, expected: String) throws {
    let result = try readCSV("Name,Birthday\nJane,\(value)\nBob,31/12/1980\n")
    #expect(result.contacts.first == "Jane|\(expected)|@2")
    #expect(
      result.diagnostics == [
        "in.csv:2:6: warning: column 'Birthday': two-digit year in '\(value)': day and month kept, year unknown (write the year with four digits to keep it)"
      ])
  }

  @Test func twoDigitYearUsesTheGivenOrder() throws {
    let result = try readCSV("Name,Birthday\nJane,5/10/71\n", options: .init(dateOrder: .mdy))
    #expect(result.contacts == ["Jane|--05-10|@2"])
    #expect(result.diagnostics.count == 1)
  }

  @Test func twoDigitYearInAYearColumn() throws {
    let result = try readCSV("Name,Year,Month,Day\nJane,71,5,10\n")
    #expect(result.contacts == ["Jane|--05-10|@2"])
    #expect(
      result.diagnostics == [
        "in.csv:2: warning: columns 'Year', 'Month', 'Day': two-digit year '71': day and month kept, year unknown (write the year with four digits to keep it)"
      ])
  }

  @Test(arguments: ["0000-00-00", "next tuesday", "1985-00-00", "n/a", "?"])
  func valuesThatAreNotDatesWarn(value: String) throws {
    let result = try readCSV("Name,Birthday\nJane,\(value)\n")
    #expect(result.contacts == ["Jane|-|@2"])
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.contains("invalid date '\(value)'") == true)
  }

  /// The silent "no date" values the README lists.
  @Test(arguments: ["", "  ", "0/0/00", "0/0/0000", "00.00.0000", "00-00-00"])
  func knownPlaceholdersStaySilent(value: String) throws {
    let result = try readCSV("Name,Birthday\nJane,\(value)\n")
    #expect(result.contacts == ["Jane|-|@2"])
    #expect(result.diagnostics.isEmpty)
  }

  /// Localized Outlook exports (issue 12, item 13): the start of a German Outlook header row,
  /// its date form (day first) and its empty date.
  @Test func germanOutlookExport() throws {
    let csv =
      "\"Anrede\",\"Vorname\",\"Weitere Vornamen\",\"Nachname\",\"Suffix\",\"Firma\",\"Abteilung\",\"Position\",\"Straße geschäftlich\",\"Geburtstag\",\"Jahrestag\",\"E-Mail-Adresse\"\r\n"
      + "\"\",\"Jürgen\",\"\",\"Müller\",\"\",\"\",\"\",\"\",\"\",\"24.12.1970\",\"0.0.00\",\"j@example.de\"\r\n"
      + "\"Frau\",\"Anna\",\"Maria\",\"Schmidt\",\"\",\"\",\"\",\"\",\"\",\"0.0.00\",\"5.6.2001\",\"\"\r\n"
    let result = try readCSV(csv)
    #expect(
      result.contacts == ["Jürgen Müller|1970-12-24|@2", "Anna Maria Schmidt|-|2001-06-05@3"])
    #expect(result.diagnostics.isEmpty)
  }

  @Test(arguments: [
    ("Prénom;Deuxième prénom;Nom;Anniversaire;Anniversaire de mariage", "fr"),
    ("Nombre;Segundo nombre;Apellidos;Cumpleaños;Aniversario", "es"),
    ("Nome;Secondo nome;Cognome;Compleanno;Anniversario", "it"),
    ("Voornaam;Middelste naam;Achternaam;Verjaardag;Jubileum", "nl"),
    ("Nome;Segundo Nome;Sobrenome;Aniversário;Aniversário de casamento", "pt"),
    ("Imię;Drugie imię;Nazwisko;Urodziny;Rocznica", "pl"),
    ("Förnamn;Mellannamn;Efternamn;Födelsedag;Årsdag", "sv"),
    ("Имя;Отчество;Фамилия;День рождения;Годовщина", "ru"),
    ("名;中间名;姓;生日;纪念日", "zh-Hans"),
  ])
  func localizedOutlookHeaders(header: String, language: String) throws {
    let result = try readCSV(header + "\nAna;Q;Silva;1985-04-12;2010-09-18\n")
    #expect(result.contacts == ["Ana Q Silva|1985-04-12|2010-09-18@2"], "\(language)")
  }

  /// A Chinese Outlook export's name columns: 李 and 小龍 are 李小龍, family name first with no
  /// space (issue 33 item 7).
  @Test func chineseOutlookNameOrder() throws {
    let result = try readCSV("名,中间名,姓,生日\n小龍,,李,1940-11-27\n")
    #expect(result.contacts == ["李小龍|1940-11-27|@2"])
  }

  @Test func noHeaderMessageIsShortAndNamesColumn() {
    let header = (1...90).map { "Feld \($0) mit einem recht langen Namen" }.joined(separator: ",")
    #expect(
      throws: InputFormatError(
        .csvNoHeader(
          shown: (1...5).map { "'Feld \($0) mit einem recht langen…'" }, columns: 90),
        at: SourceLocation(file: "in.csv", line: 1))
    ) { try readCSV(header + "\n" + header + "\n") }
  }
}

import Testing

@testable import BirthdayKit

@Suite struct VCardSyntaxTests {
  @Test(arguments: [
    ("\n", "LF"),  // Unix exports
    ("\r\n", "CRLF"),  // RFC 6350 §3.2
    ("\r", "CR"),  // classic Mac OS
    ("\r\r\n", "CR CR LF"),  // ez-vcard John_Doe_IPHONE.vcf
  ])
  func lineEndings(ending: String, label: String) throws {
    let lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:Jane Doe", "", "BDAY:1985-04-12", "END:VCARD"]
    let result = try readVCard(lines.joined(separator: ending) + ending)
    #expect(result.name == "Jane Doe")
    #expect(result.birthday == "1985-04-12")
    #expect(result.diagnostics.isEmpty)
  }

  @Test func byteOrderMarkIsSkipped() throws {
    let result = try readVCard(
      [0xEF, 0xBB, 0xBF] + Array(card(version: "3.0", "BDAY:19850412").utf8))
    #expect(result.birthday == "1985-04-12")
    #expect(result.diagnostics.isEmpty)
  }

  @Test(arguments: [
    ("3.0", "FN:Jane\r\n  Doe", "Jane Doe"),  // RFC 2426 §2.6: one white space removed
    ("4.0", "FN:Jane \r\n\tDoe", "Jane Doe"),  // RFC 6350 §3.2: HTAB fold
    ("4.0", "FN:Ja\r\n ne Doe", "Jane Doe"),  // fold inside a word
    ("2.1", "FN:Jane\r\n Doe", "Jane Doe"),  // vCard 2.1 §2.1.3: white space kept
    ("2.1", "FN:Jane\r\n   Doe", "Jane Doe"),  // 2.1: several white spaces (collapsed later)
    ("2.1", "FN:Ja\r\n ne", "Ja ne"),  // 2.1: the kept space stays in the word
    ("4.0", "FN:Zo\u{C3}\r\n \u{AB}", "Zoë"),  // fold between UTF-8 bytes: reassembled first
  ])
  func foldingPerVersion(version: String, lines: String, expected: String) throws {
    let text = "BEGIN:VCARD\r\n\(lines)\r\nVERSION:\(version)\r\nEND:VCARD\r\n"
    // Put the raw bytes in: the 4.0 case splits a UTF-8 sequence across the fold.
    var bytes: [UInt8] = []
    for scalar in text.unicodeScalars {
      if scalar.value == 0xC3 || scalar.value == 0xAB {
        bytes.append(UInt8(scalar.value))
      } else {
        bytes.append(contentsOf: Array(String(scalar).utf8))
      }
    }
    let result = try readVCard(bytes)
    #expect(result.name == expected)
    #expect(result.diagnostics.isEmpty)
  }

  @Test(arguments: [
    (
      "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;Jos=C3=A9;;;",
      "José Müller", "Müller"
    ),  // Android AOSP 2.1 QP
    (
      "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=B1=B1=E7=94=B0;=E5=A4=AA=\r\n=E9=83=8E;;;",
      "山田太郎", "山田"
    ),  // soft break between UTF-8 bytes, continuation without white space; family name first
    // Outlook bare QP
    ("N;CHARSET=Windows-1252;QUOTED-PRINTABLE:B=F6rnig;Anke;;;", "Anke Börnig", "Börnig"),
    (
      "N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Fran=E7ois;Ren=\r\n=E9;;;", "René François",
      "François"
    ),  // Latin-1
    // 0x80 is €
    ("N;ENCODING=QUOTED-PRINTABLE;CHARSET=Windows-1252:=80uro;Anna;;;", "Anna €uro", "€uro"),
    // lower-case params
    ("N;charset=utf-8;encoding=quoted-printable:Doe;Jo=\r\nhn;;;", "John Doe", "Doe"),
  ])
  func quotedPrintable(line: String, expected: String, family: String) throws {
    let text = "BEGIN:VCARD\r\nVERSION:2.1\r\n\(line)\r\nBDAY:19800101\r\nEND:VCARD\r\n"
    let result = try readVCard(text)
    #expect(result.name == expected)
    #expect(result.contacts.first?.name?.family == family)
    #expect(result.birthday == "1980-01-01")
    #expect(result.diagnostics.isEmpty)
  }

  @Test func quotedPrintableSoftBreakInSkippedProperty() throws {
    let text = """
      BEGIN:VCARD\r
      VERSION:2.1\r
      NOTE;ENCODING=QUOTED-PRINTABLE:line one=0D=0A=\r
      BDAY:not a property, a continuation=\r
      =20still the note\r
      FN:Jane Doe\r
      BDAY:19850412\r
      END:VCARD\r

      """
    let result = try readVCard(text)
    #expect(result.name == "Jane Doe")
    #expect(result.birthday == "1985-04-12")
    #expect(result.diagnostics.isEmpty)
  }

  @Test func undeclaredWindows1252FallsBackWithANotice() throws {
    // "Zoë" saved as Windows-1252 without CHARSET.
    let bytes = Array("BEGIN:VCARD\nVERSION:3.0\nFN:Zo".utf8) + [0xEB] + Array("\nEND:VCARD\n".utf8)
    let result = try readVCard(bytes)
    #expect(result.name == "Zoë")
    #expect(
      result.rendered == [
        "test.vcf:3:4: warning: FN value is not valid UTF-8, read as Windows-1252"
      ])
    #expect(result.diagnostics.first?.isConversionFailure == false)
  }

  @Test(arguments: [
    ("3.0", #"FN:Mr. John Q. Public\, Esq."#, "Mr. John Q. Public, Esq."),  // RFC 2426 §3.1.1
    // Gmail: never split FN
    ("3.0", "FN:Mr. John Richter, James Doe Sr.", "Mr. John Richter, James Doe Sr."),
    ("2.1", "FN:Mr. John Q. Public, Esq.", "Mr. John Q. Public, Esq."),  // vCard 2.1 §2.1.3
    ("3.0", #"FN:A\;B\\C\nD"#, #"A;B\C D"#),  // 3.0 escapes; line break made a space
    ("4.0", #"FN:Dr\. Who\:"#, "Dr. Who:"),  // Apple-style needless escapes
    ("2.1", #"FN:A\;B\\C\nD"#, #"A;B\\C\nD"#),  // 2.1: only \; is an escape
  ])
  func textEscapesPerVersion(version: String, line: String, expected: String) throws {
    let result = try readVCard("BEGIN:VCARD\nVERSION:\(version)\n\(line)\nEND:VCARD\n")
    #expect(result.name == expected)
  }

  @Test(
    arguments: [
      // RFC 2426 §3.1.2
      ("3.0", "N:Doe;Jane;Anne,Marie;Dr.;Jr.", "Dr. Jane Anne Marie Doe Jr.", "Jane", "Doe"),
      // escaped ; inside a component
      ("3.0", #"N:O\;Brien;Pat;;;"#, "Pat O;Brien", "Pat", "O;Brien"),
      ("2.1", "N:Doe;Jane,Anne;;;", "Jane,Anne Doe", "Jane,Anne", "Doe"),  // 2.1: commas literal
      ("4.0", "N:Doe;;;;", "Doe", nil, "Doe"),  // family only
      ("3.0", "ORG:ACME Inc.;Sales", "ACME Inc.", nil, nil),  // ORG only: first component
      ("3.0", "N:;;;;\nORG:Umbrella", "Umbrella", nil, nil),  // empty N falls back to ORG
    ] as [(String, String, String, String?, String?)])
  func nameWithoutFN(
    version: String, lines: String, formatted: String, given: String?, family: String?
  )
    throws
  {
    let result = try readVCard("BEGIN:VCARD\nVERSION:\(version)\n\(lines)\nEND:VCARD\n")
    #expect(result.name == formatted)
    #expect(result.contacts.first?.name?.given == given)
    #expect(result.contacts.first?.name?.family == family)
  }

  @Test func cardWithoutAnyNameHasNone() throws {
    let result = try readVCard("BEGIN:VCARD\nVERSION:3.0\nFN:\nBDAY:19850412\nEND:VCARD\n")
    #expect(result.contacts.first?.name == nil)
    #expect(result.birthday == "1985-04-12")
  }

  @Test(
    arguments: [
      (
        "UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1",
        "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1"
      ),  // 4.0
      (#"UID:  abc\,def  "#, "abc,def"),  // unescaped and trimmed
      ("UID:", nil),  // empty
      ("UID:\\n\tabc def\t\\n ", "abc def"),  // escaped line breaks and tabs trimmed too
      // CR LF is one Character, neither "\r" nor "\n": kept.
      ("UID;ENCODING=QUOTED-PRINTABLE:=0D=0Aabc=0D=0A", "\r\nabc\r\n"),
      ("UID:\u{20}\u{301}abc", "\u{20}\u{301}abc"),  // a space with a combining mark is no blank
    ] as [(String, String?)])
  func sourceIdentifier(line: String, expected: String?) throws {
    let result = try readVCard(card(version: "4.0", line))
    #expect(result.contacts.first?.sourceIdentifier == expected)
  }

  @Test(arguments: [
    #"BDAY;X-LABEL="a:b;c":19850412"#,  // 4.0 quoted value with : and ;
    #"BDAY;TYPE="work,home";VALUE=date:19850412"#,  // 4.0 quoted list
    "BDAY;TYPE=a,b;TYPE=c:19850412",  // 3.0 repeated TYPE
    "BDAY;X-NOTE=^'quoted^' ^^ ^n:19850412",  // RFC 6868 caret escapes
    "bday;value=DATE:19850412",  // case-insensitive name and params
    "item7.BDAY:19850412",  // grouped BDAY
  ])
  func parameterSyntax(line: String) throws {
    let result = try readVCard(card(version: "4.0", line))
    #expect(result.birthday == "1985-04-12")
    #expect(result.diagnostics.isEmpty)
  }

  @Test func altIDUsesCaretDecodedValues() throws {
    let result = try readVCard(
      card(version: "4.0", "BDAY;ALTID=\"a^'b\";VALUE=text:unknown\nBDAY;ALTID=a^'b:19850412"))
    #expect(result.birthday == "1985-04-12")
    #expect(result.diagnostics.isEmpty)
  }

  @Test func versionAfterPropertiesStillDecidesUnfolding() throws {
    // Thunderbird extension output puts N before VERSION.
    let result = try readVCard("BEGIN:VCARD\nFN:Ja\n ne\nVERSION:2.1\nEND:VCARD\n")
    #expect(result.name == "Ja ne")
  }

  @Test func bareTypeParametersOf21AreSkipped() throws {
    let result = try readVCard(
      card(
        version: "2.1",
        "TEL;WORK;VOICE:+1 555 0100\nADR;DOM;HOME:;;1 Main St;Town;;;\nBDAY:19800322"))
    #expect(result.birthday == "1980-03-22")
    #expect(result.diagnostics.isEmpty)
  }
}

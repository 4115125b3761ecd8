import Foundation
import Testing

@testable import BirthdayKit

/// Whole exports modelled on what each exporter writes (INTEROP A.1/A.2), written for this
/// project.
@Suite struct VCardFixtureTests {
  /// `name | birthday | anniversaries | UID` of a contact, for compact expectations.
  static func summary(_ contact: Contact) -> String {
    [
      contact.name?.formatted ?? "-", contact.birthday?.description ?? "-",
      contact.anniversaries.map(\.description).joined(separator: ","),
      contact.sourceIdentifier ?? "-",
    ].joined(separator: " | ")
  }

  @Test(arguments: [
    (
      "apple",
      [
        "Johnny Appleseed | --05-09 | 2012-06-06 | 0B4F1C7E-7C2A-4E0B-9B7F-2F2D6B0C8A11",
        "Lena Leap | 1972-02-29 |  | 5C6A0D3E-9F0B-4C1B-8D52-0E2B1C4A7F90:ABPerson",
        "Otto Old | --11-30 |  | -",
      ]
    ),  // X-APPLE-OMIT-YEAR, X-ABDATE labels, PHOTO, iOS 12.4 year 1604
    (
      "google",
      [
        "Mr. John Richter, James Doe Sr. | --04-14 | 1975-03-01 | -",
        "Grace Hopper | 1906-12-09 |  | -",
      ]
    ),  // --MMDD in 3.0, FN with commas, custom X-ABDATE label ignored
    (
      "android",
      ["Zoë Ångström | --12-24 |  | -", "山田太郎 | 1988-07-01 |  | -"]
    ),  // 2.1 QP UTF-8 with soft breaks, --MM-DD in 2.1, base64 block ended by a blank line
    // 2.1 Windows-1252, X-MS-ANNIVERSARY, KEY
    ("outlook", ["Anke Börnig | 1980-03-22 | 2011-01-13 | -"]),
    // X-EVOLUTION-ANNIVERSARY
    ("evolution", ["Jane Doe | 1980-03-22 | 2005-06-18 | pas-id-5C7F2A1B00000001"]),
    (
      "thunderbird",
      [
        "José Müller | 1970-09-21 | 1990-04-30 | -",
        "Ada Lovelace | 1815-12-10 | --07-08 | 6b8c2d1e-0f3a-4b5c-9d7e-1a2b3c4d5e6f",
      ]
    ),  // N before VERSION, CHARSET in 3.0, LF only; CardBook 4.0 quoted params
  ])
  func exporterFixture(name: String, expected: [String]) throws {
    let result = try readVCard(try vcardFixture(name), fileName: "\(name).vcf")
    #expect(result.contacts.map(Self.summary) == expected)
    #expect(result.rendered == [])
  }

  @Test func samplesContactsFile() throws {
    let url = packageRootURL().appendingPathComponent("Samples/contacts.vcf")
    let bytes = Array(try Data(contentsOf: url))
    #expect(bytes.starts(with: Array("BEGIN:VCARD\r\n".utf8)))
    let result = try readVCard(bytes, fileName: "contacts.vcf")
    #expect(
      result.contacts.map(Self.summary) == [
        "Jane Doe | 1985-04-12 |  | 9f3b2c1a-5d4e-4f60-8a7b-1c2d3e4f5a6b",
        "Zoë Ångström | --05-09 |  | -",
        "José Müller | 1964-02-29 |  | -",
        "Grace Hopper | 1906-12-09 | 1930-06-15 | -",
        "山田太郎 | 1990-11-03 |  | -",
        "Marie Curie | 1867-11-07 | 1895-07-26 | -",
        "Ola Nordmann | --12-24 |  | -",
        "Sam Lee | - |  | -",
        "Anke Börnig | 1980-03-22 |  | -",
        "Tomás O'Brien | 2000-01-01 | --10-05 | -",
      ])
    #expect(result.rendered == [])
  }
}

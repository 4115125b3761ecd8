import TestSupport
import Testing

@testable import BDConvertCLI

/// vCard files of 1 MiB and CSV files of 8 MB or more are converted on several threads: through
/// the real binary, the calendar, the warnings (with their line numbers) and the exit status must
/// not depend on `--threads`.
@Suite(.tags(.slow), .slowTimeLimit) struct ThreadsCommandTests {
  /// About 9 MB of Google-layout rows with what produces warnings spread through the file:
  /// invalid dates, rows without a name, repeated people (duplicate UIDs), short rows, quoted
  /// fields with line breaks.
  static func largeCSV() -> String {
    var rows = ["First Name,Last Name,Birthday,Notes,Organization Name,Labels"]
    let padding = String(repeating: "x", count: 120)
    for index in 0..<60_000 {
      switch index % 997 {
      case 1: rows.append("Bad\(index),Date,1985-02-30,,\(padding),* myContacts")
      case 2: rows.append(",,1990-01-01,,\(padding),* myContacts")
      case 3: rows.append("Same,Person,1970-07-07,,\(padding),* myContacts")
      case 4: rows.append("Short\(index),Row")
      case 5: rows.append("Quote\(index),\"Two\nLines\",2001-09-11,\"note, with comma\",,")
      default:
        rows.append(
          "Given\(index),Family,19\(50 + index % 50)-0\(1 + index % 9)-1\(index % 10),,\(padding),* myContacts"
        )
      }
    }
    return rows.joined(separator: "\r\n") + "\r\n"
  }

  /// About 9 MB of vCard 3.0 cards, with the same kinds of problems and a card cut off by the
  /// next BEGIN:VCARD, so that line numbers in messages cross segment boundaries.
  static func largeVCard(cards count: Int = 50_000) -> String {
    var cards: [String] = []
    let note = "NOTE:" + String(repeating: "padding ", count: 12)
    for index in 0..<count {
      var lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:Person \(index)", note]
      switch index % 811 {
      case 1: lines.append("BDAY:1985-02-30")
      case 2: lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:Same Person", "BDAY:1970-07-07"]
      case 3: lines.append("BDAY:--0229")
      default: lines.append("BDAY:19\(50 + index % 50)-0\(1 + index % 9)-1\(index % 10)")
      }
      if index % 811 != 4 { lines.append("END:VCARD") }  // cut off by the next card
      cards.append(lines.joined(separator: "\r\n"))
    }
    return cards.joined(separator: "\r\n") + "\r\n"
  }

  @Test(arguments: ["csv-to-ics", "vcf-to-ics"])
  func outputAndWarningsDoNotDependOnThreads(_ command: String) throws {
    let folder = try TemporaryDirectory()
    let text = command == "csv-to-ics" ? Self.largeCSV() : Self.largeVCard()
    #expect(text.utf8.count > 8 << 20)  // large enough for the parallel path
    let input = try folder.write(command == "csv-to-ics" ? "big.csv" : "big.vcf", text)
    let one = try runBDConvert([command, input, "--threads", "1"])
    let two = try runBDConvert([command, input, "--threads", "2"])
    let three = try runBDConvert([command, input, "--threads", "3"])
    #expect(one.status == 0)
    #expect(one.stderr.contains("warning:"))
    #expect(one.stdoutBytes.count > 1_000_000)
    for other in [two, three] {
      #expect(other.status == one.status)
      #expect(other.stdoutBytes == one.stdoutBytes)
      #expect(other.stderr == one.stderr)
    }
  }
  /// A vCard file of 2 MB is converted on several threads too (vCard's threshold is 1 MiB, so
  /// that 10k contacts, 7 MB, take half the time on two cores), with the same output.
  @Test func aSmallerVCardFileIsTheSameOnSeveralThreads() throws {
    let text = Self.largeVCard(cards: 12_000)
    #expect(text.utf8.count > 2_000_000 && text.utf8.count < 8 << 20)
    #expect(ConversionEngine.parallelThreshold(.vCard) < text.utf8.count)
    let folder = try TemporaryDirectory()
    let input = try folder.write("medium.vcf", text)
    let one = try runBDConvert(["vcf-to-ics", input, "--threads", "1"])
    let two = try runBDConvert(["vcf-to-ics", input, "--threads", "2"])
    #expect(one.status == 0)
    #expect(one.stderr.contains("missing END:VCARD"))
    #expect(two.status == one.status)
    #expect(two.stdoutBytes == one.stdoutBytes)
    #expect(two.stderr == one.stderr)
  }
}

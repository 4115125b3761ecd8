import Foundation
import TestSupport
import Testing

/// A year of weekly syncs of a Google CSV export without UIDs (issue 30's scenario), and random
/// edit sequences: in process, so that hundreds of syncs take seconds.
@Suite(.tags(.slow), .slowTimeLimit) struct SyncScenarioTests {
  struct Person: Hashable {
    var first: String
    var last: String
    var date: String

    var title: String { "Birthday: \(first) \(last)" }
  }

  static let firstNames = [
    "Ada", "Bruno", "Chloe", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kira",
    "Lars", "Maya", "Nils", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tara", "Ugo", "Vera",
    "Wim", "Xenia", "Yusuf", "Zora", "Amir", "Bianca", "Cyril", "Dana", "Emil", "Fiona", "Gideon",
    "Hana", "Ivo", "Julia", "Kemal", "Lena", "Marek", "Nora", "Oskar", "Petra", "Rafael", "Sanna",
    "Tomas", "Ulla", "Viktor", "Wanda", "Yara", "Zeno",
  ]
  static let lastNames = [
    "Abbott", "Brandt", "Costa", "Dvorak", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanova",
    "Jensen", "Kowalski", "Lindqvist", "Moreau", "Novak", "Okafor", "Petrov", "Quist", "Rossi",
    "Schmidt", "Tanaka", "Urbano", "Varga", "Weiss", "Xu", "Yilmaz", "Zimmer", "Aalto", "Berg",
    "Cruz", "Dahl", "Engel", "Fontaine", "Gruber", "Hansen", "Ito", "Jovanovic", "Keller", "Lund",
    "Meier", "Nagy", "Olsen", "Popescu", "Ramos", "Sato", "Toth", "Ueda", "Vogel", "Wagner",
    "Young", "Zeller",
  ]

  static func csv(_ people: [Person], unreadable: [Int: String] = [:]) -> String {
    "First Name,Last Name,Birthday\n"
      + people.enumerated().map { index, person in
        "\(person.first),\(person.last),\(unreadable[index] ?? person.date)\n"
      }.joined()
  }

  struct Step {
    var status: Int32
    var ops: [String: Int]
    var titles: [String]
    var stderr: String
  }

  /// One sync in process, with the plan as JSON; the calendar's titles after it.
  static func sync(_ sources: [String], to target: String, week: Int, _ extra: [String] = [])
    throws -> Step
  {
    let result = runInProcess(
      ["sync"] + sources + ["--to", target, "--json"] + extra,
      environment: ["SOURCE_DATE_EPOCH": "\(1_767_225_600 + week * 7 * 86_400)"])
    var ops: [String: Int] = [:]
    for line in result.stdout.split(separator: "\n") {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      ops[object["op"] as? String ?? "?", default: 0] += 1
    }
    let calendar = (try? String(contentsOfFile: target, encoding: .utf8)) ?? ""
    let titles = calendar.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") }
      .map { String($0.dropFirst("SUMMARY:".count)) }
    return Step(status: result.status, ops: ops, titles: titles, stderr: result.stderr)
  }

  @Test func aYearOfWeeklySyncsOfAGoogleExport() throws {
    let folder = try TemporaryDirectory()
    var people = (0..<50).map { index in
      Person(
        first: Self.firstNames[index], last: Self.lastNames[index],
        date: "\(1950 + index)-\(String(format: "%02d", index % 12 + 1))-"
          + String(format: "%02d", index % 27 + 1))
    }
    let source = folder.url.appendingPathComponent("google.csv").path
    let target = folder.url.appendingPathComponent("birthdays.ics").path
    var second: String?
    var secondPeople: [Person] = []

    for week in 1...52 {
      var unreadable: [Int: String] = [:]
      var expected: [String: Int] = [:]
      var expectedStatus: Int32 = 0
      var empty = false
      switch week {
      case 1:
        expected = ["add": 50]
      case 3...12:  // ten renames: a married name, a spelling fixed
        let index = (week - 3) * 4
        people[index].last += week % 2 == 0 ? "-Lee" : "e"
        expected = ["replace": 1]
      case 14...18:  // five date fixes
        let index = (week - 14) * 4 + 2
        people[index].date = String(people[index].date.dropLast(2)) + "28"
        expected = ["replace": 1]
      case 20, 21:  // deletions
        people.removeLast()
        expected = ["remove": 1]
      case 24:  // an unreadable row appears: its event stays (a `keep` line), exit 65
        unreadable[5] = "1983-02-29"
        expected = ["keep": 1]
        expectedStatus = 65
      case 25:  // a second one, and a third deletion that goes ahead
        unreadable[5] = "1983-02-29"
        unreadable[9] = "31.31.1990"
        people.remove(at: 30)
        expected = ["remove": 1, "keep": 2]
        expectedStatus = 65
      case 26:  // both fixed
        break
      case 30:  // an empty export: refused, nothing changed
        empty = true
        expectedStatus = 65
      case 32:  // a second source, sharing five people, adding two
        secondPeople =
          [people[1], people[3], people[6], people[7], people[11]]
          + [
            Person(first: "Mira", last: "Solberg", date: "1999-09-09"),
            Person(first: "Noah", last: "Brenner", date: "2001-10-10"),
          ]
        second = try folder.write("family.csv", Self.csv(secondPeople))
        expected = ["add": 2]
      default:
        break
      }
      try Data(
        (empty ? "First Name,Last Name,Birthday\n" : Self.csv(people, unreadable: unreadable)).utf8
      ).write(to: URL(fileURLWithPath: source))
      let step = try Self.sync([source] + (second.map { [$0] } ?? []), to: target, week: week)
      #expect(step.status == expectedStatus, "week \(week): \(step.stderr)")
      #expect(step.ops == expected, "week \(week): \(step.stderr)")
      if !unreadable.isEmpty {
        #expect(step.stderr.contains("held back"), "week \(week)")
      }
      // Never two events for one person, never one for someone gone.
      #expect(Set(step.titles).count == step.titles.count, "week \(week)")
    }
    let living = Set(people.map(\.title) + secondPeople.map(\.title))
    let final = try Self.sync([source, try #require(second)], to: target, week: 53)
    #expect(final.ops.isEmpty)
    #expect(final.titles.count == living.count)
    #expect(Set(final.titles) == living)
  }

  /// SplitMix64: a seeded generator, so that a failure can be replayed.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9e37_79b9_7f4a_7c15
      var value = state
      value = (value ^ value >> 30) &* 0xbf58_476d_1ce4_e5b9
      value = (value ^ value >> 27) &* 0x94d0_49bb_1331_11eb
      return value ^ value >> 31
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func randomEditsNeverDuplicateNorDropAPerson(seed: UInt64) throws {
    var random = SeededGenerator(state: seed)
    let folder = try TemporaryDirectory()
    let source = folder.url.appendingPathComponent("contacts.csv").path
    let target = folder.url.appendingPathComponent("birthdays.ics").path
    var usedDates = Set<String>()
    var serial = 0
    func newPerson() -> Person {
      serial += 1
      var date: String
      repeat {
        date =
          "\(Int.random(in: 1940...2010, using: &random))-"
          + String(
            format: "%02d-%02d", Int.random(in: 1...12, using: &random),
            Int.random(in: 1...28, using: &random))
      } while !usedDates.insert(date).inserted
      return Person(
        first: Self.firstNames.randomElement(using: &random) ?? "A",
        last: (Self.lastNames.randomElement(using: &random) ?? "B") + "\(serial)", date: date)
    }
    var people = (0..<20).map { _ in newPerson() }
    for step in 0..<30 {
      for _ in 0..<Int.random(in: 1...3, using: &random) where !people.isEmpty {
        let index = Int.random(in: 0..<people.count, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: people[index].last += "-Tran"  // renamed
        case 1 where people[index].first.count > 3:  // a typo fixed
          people[index].first = String(people[index].first.dropLast())
        case 2:  // date fixed
          var date: String
          repeat {
            date =
              String(people[index].date.dropLast(2))
              + String(format: "%02d", Int.random(in: 1...28, using: &random))
          } while usedDates.contains(date)
          usedDates.insert(date)
          people[index].date = date
        case 3: people.remove(at: index)
        default: people.append(newPerson())
        }
      }
      try Data(Self.csv(people).utf8).write(to: URL(fileURLWithPath: source))
      let result = try Self.sync([source], to: target, week: step, ["--force"])
      #expect(result.status == 0, "seed \(seed) step \(step): \(result.stderr)")
      // Exactly the people of the source, each once.
      #expect(result.titles.count == people.count, "seed \(seed) step \(step)")
      #expect(Set(result.titles) == Set(people.map(\.title)), "seed \(seed) step \(step)")
    }
  }
}

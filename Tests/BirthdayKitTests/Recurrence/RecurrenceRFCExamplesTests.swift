import Testing

@testable import BirthdayKit

/// One example of RFC 5545 §3.8.5.3 ("Recurrence Rule", pages 123-131): DTSTART (every example
/// is in America/New_York; UTC `UNTIL`s are brought onto that clock as the engine requires),
/// the rule, and the occurrences the RFC lists (`YYYYMMDD` at the start's time, or a full
/// DATE-TIME). `first` compares only that many occurrences of a rule without end.
struct RFCExample: CustomTestStringConvertible, Sendable {
  var title: String
  var start: String
  var rule: String
  var expected: [String]
  var first: Int?
  var exclusions: [String] = []

  var testDescription: String { title }
}

private let rfcExamples: [RFCExample] = [
  .init(
    title: "Daily for 10 occurrences", start: "19970902T090000", rule: "FREQ=DAILY;COUNT=10",
    expected: (2...11).map { "199709" + ($0 < 10 ? "0\($0)" : "\($0)") }),
  .init(
    title: "Daily until December 24, 1997", start: "19970902T090000",
    rule: "FREQ=DAILY;UNTIL=19971224T000000Z",
    expected: days(from: "19970902", through: "19971223")),
  .init(
    title: "Every other day - forever", start: "19970902T090000", rule: "FREQ=DAILY;INTERVAL=2",
    expected: ["19970902", "19970904", "19970906", "19970908", "19970910", "19970912"], first: 6),
  .init(
    title: "Every 10 days, 5 occurrences", start: "19970902T090000",
    rule: "FREQ=DAILY;INTERVAL=10;COUNT=5",
    expected: ["19970902", "19970912", "19970922", "19971002", "19971012"]),
  .init(
    title: "Every day in January, for 3 years (yearly)", start: "19980101T090000",
    rule: "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
    expected: days(from: "19980101", through: "19980131")
      + days(from: "19990101", through: "19990131")
      + days(from: "20000101", through: "20000131")),
  .init(
    title: "Every day in January, for 3 years (daily)", start: "19980101T090000",
    rule: "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1",
    expected: days(from: "19980101", through: "19980131")
      + days(from: "19990101", through: "19990131")
      + days(from: "20000101", through: "20000131")),
  .init(
    title: "Weekly for 10 occurrences", start: "19970902T090000", rule: "FREQ=WEEKLY;COUNT=10",
    expected: [
      "19970902", "19970909", "19970916", "19970923", "19970930", "19971007", "19971014",
      "19971021", "19971028", "19971104",
    ]),
  .init(
    title: "Weekly until December 24, 1997", start: "19970902T090000",
    rule: "FREQ=WEEKLY;UNTIL=19971224T000000Z",
    expected: [
      "19970902", "19970909", "19970916", "19970923", "19970930", "19971007", "19971014",
      "19971021", "19971028", "19971104", "19971111", "19971118", "19971125", "19971202",
      "19971209", "19971216", "19971223",
    ]),
  .init(
    title: "Every other week - forever", start: "19970902T090000",
    rule: "FREQ=WEEKLY;INTERVAL=2;WKST=SU",
    expected: [
      "19970902", "19970916", "19970930", "19971014", "19971028", "19971111", "19971125",
      "19971209", "19971223", "19980106", "19980120", "19980203", "19980217",
    ], first: 13),
  .init(
    title: "Weekly on Tuesday and Thursday for five weeks (UNTIL)", start: "19970902T090000",
    rule: "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH",
    expected: [
      "19970902", "19970904", "19970909", "19970911", "19970916", "19970918", "19970923",
      "19970925", "19970930", "19971002",
    ]),
  .init(
    title: "Weekly on Tuesday and Thursday for five weeks (COUNT)", start: "19970902T090000",
    rule: "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH",
    expected: [
      "19970902", "19970904", "19970909", "19970911", "19970916", "19970918", "19970923",
      "19970925", "19970930", "19971002",
    ]),
  .init(
    title: "Every other week on Monday, Wednesday, and Friday until December 24, 1997",
    start: "19970901T090000",
    rule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
    expected: [
      "19970901", "19970903", "19970905", "19970915", "19970917", "19970919", "19970929",
      "19971001", "19971003", "19971013", "19971015", "19971017", "19971027", "19971029",
      "19971031", "19971110", "19971112", "19971114", "19971124", "19971126", "19971128",
      "19971208", "19971210", "19971212", "19971222",
    ]),
  .init(
    title: "Every other week on Tuesday and Thursday, for 8 occurrences", start: "19970902T090000",
    rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
    expected: [
      "19970902", "19970904", "19970916", "19970918", "19970930", "19971002", "19971014",
      "19971016",
    ]),
  .init(
    title: "Monthly on the first Friday for 10 occurrences", start: "19970905T090000",
    rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
    expected: [
      "19970905", "19971003", "19971107", "19971205", "19980102", "19980206", "19980306",
      "19980403", "19980501", "19980605",
    ]),
  .init(
    title: "Monthly on the first Friday until December 24, 1997", start: "19970905T090000",
    rule: "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR",
    expected: ["19970905", "19971003", "19971107", "19971205"]),
  .init(
    title: "Every other month on the first and last Sunday, 10 occurrences",
    start: "19970907T090000", rule: "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
    expected: [
      "19970907", "19970928", "19971102", "19971130", "19980104", "19980125", "19980301",
      "19980329", "19980503", "19980531",
    ]),
  .init(
    title: "Monthly on the second-to-last Monday for 6 months", start: "19970922T090000",
    rule: "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
    expected: ["19970922", "19971020", "19971117", "19971222", "19980119", "19980216"]),
  .init(
    title: "Monthly on the third-to-the-last day of the month, forever",
    start: "19970928T090000", rule: "FREQ=MONTHLY;BYMONTHDAY=-3",
    expected: ["19970928", "19971029", "19971128", "19971229", "19980129", "19980226"], first: 6),
  .init(
    title: "Monthly on the 2nd and 15th for 10 occurrences", start: "19970902T090000",
    rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
    expected: [
      "19970902", "19970915", "19971002", "19971015", "19971102", "19971115", "19971202",
      "19971215", "19980102", "19980115",
    ]),
  .init(
    title: "Monthly on the first and last day for 10 occurrences", start: "19970930T090000",
    rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
    expected: [
      "19970930", "19971001", "19971031", "19971101", "19971130", "19971201", "19971231",
      "19980101", "19980131", "19980201",
    ]),
  .init(
    title: "Every 18 months on the 10th thru 15th, 10 occurrences", start: "19970910T090000",
    rule: "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
    expected: days(from: "19970910", through: "19970915")
      + days(from: "19990310", through: "19990313")),
  .init(
    title: "Every Tuesday, every other month", start: "19970902T090000",
    rule: "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU",
    expected: [
      "19970902", "19970909", "19970916", "19970923", "19970930", "19971104", "19971111",
      "19971118", "19971125", "19980106", "19980113", "19980120", "19980127", "19980303",
      "19980310", "19980317", "19980324", "19980331",
    ], first: 18),
  .init(
    title: "Yearly in June and July for 10 occurrences", start: "19970610T090000",
    rule: "FREQ=YEARLY;COUNT=10;BYMONTH=6,7",
    expected: (1997...2001).flatMap { ["\($0)0610", "\($0)0710"] }),
  .init(
    title: "Every other year on January, February, and March for 10 occurrences",
    start: "19970310T090000", rule: "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3",
    expected: [
      "19970310", "19990110", "19990210", "19990310", "20010110", "20010210", "20010310",
      "20030110", "20030210", "20030310",
    ]),
  .init(
    title: "Every third year on the 1st, 100th, and 200th day for 10 occurrences",
    start: "19970101T090000", rule: "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
    expected: [
      "19970101", "19970410", "19970719", "20000101", "20000409", "20000718", "20030101",
      "20030410", "20030719", "20060101",
    ]),
  .init(
    title: "Every 20th Monday of the year, forever", start: "19970519T090000",
    rule: "FREQ=YEARLY;BYDAY=20MO", expected: ["19970519", "19980518", "19990517"], first: 3),
  .init(
    title: "Monday of week number 20, forever", start: "19970512T090000",
    rule: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", expected: ["19970512", "19980511", "19990517"],
    first: 3),
  .init(
    title: "Every Thursday in March, forever", start: "19970313T090000",
    rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
    expected: [
      "19970313", "19970320", "19970327", "19980305", "19980312", "19980319", "19980326",
      "19990304", "19990311", "19990318", "19990325",
    ], first: 11),
  .init(
    title: "Every Thursday, but only during June, July, and August, forever",
    start: "19970605T090000", rule: "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8",
    expected: [
      "19970605", "19970612", "19970619", "19970626", "19970703", "19970710", "19970717",
      "19970724", "19970731", "19970807", "19970814", "19970821", "19970828", "19980604",
      "19980611", "19980618", "19980625", "19980702", "19980709", "19980716", "19980723",
      "19980730", "19980806", "19980813", "19980820", "19980827", "19990603", "19990610",
      "19990617", "19990624", "19990701", "19990708", "19990715", "19990722", "19990729",
      "19990805", "19990812", "19990819", "19990826",
    ], first: 39),
  .init(
    title: "Every Friday the 13th, forever (DTSTART excluded)", start: "19970902T090000",
    rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
    expected: ["19980213", "19980313", "19981113", "19990813", "20001013"], first: 5,
    exclusions: ["19970902T090000"]),
  .init(
    title: "The first Saturday that follows the first Sunday of the month, forever",
    start: "19970913T090000", rule: "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
    expected: [
      "19970913", "19971011", "19971108", "19971213", "19980110", "19980207", "19980307",
      "19980411", "19980509", "19980613",
    ], first: 10),
  .init(
    title: "Every 4 years, the first Tuesday after a Monday in November (U.S. elections)",
    start: "19961105T090000",
    rule: "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
    expected: ["19961105", "20001107", "20041102"], first: 3),
  .init(
    title: "The third instance of Tuesday, Wednesday, or Thursday, for the next 3 months",
    start: "19970904T090000", rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
    expected: ["19970904", "19971007", "19971106"]),
  .init(
    title: "The second-to-last weekday of the month", start: "19970929T090000",
    rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
    expected: ["19970929", "19971030", "19971127", "19971230", "19980129", "19980226", "19980330"],
    first: 7),
  // The RFC lists 09:00, 12:00 and 15:00 here, but its UNTIL (17:00Z) is 13:00 in New York
  // (EDT): every implementation that applies the zone stops after 12:00 (RFC errata 3883).
  .init(
    title: "Every 3 hours from 09:00 to 17:00 on a specific day", start: "19970902T090000",
    rule: "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z",
    expected: ["19970902T090000", "19970902T120000"]),
  .init(
    title: "Every 15 minutes for 6 occurrences", start: "19970902T090000",
    rule: "FREQ=MINUTELY;INTERVAL=15;COUNT=6",
    expected: [
      "19970902T090000", "19970902T091500", "19970902T093000", "19970902T094500",
      "19970902T100000", "19970902T101500",
    ]),
  .init(
    title: "Every hour and a half for 4 occurrences", start: "19970902T090000",
    rule: "FREQ=MINUTELY;INTERVAL=90;COUNT=4",
    expected: ["19970902T090000", "19970902T103000", "19970902T120000", "19970902T133000"]),
  .init(
    title: "Every 20 minutes from 9:00 AM to 4:40 PM every day (DAILY)", start: "19970902T090000",
    rule: "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40",
    expected: twentyMinutes(days: ["19970902", "19970903"]), first: 48),
  .init(
    title: "Every 20 minutes from 9:00 AM to 4:40 PM every day (MINUTELY)",
    start: "19970902T090000", rule: "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16",
    expected: twentyMinutes(days: ["19970902", "19970903"]), first: 48),
  .init(
    title: "WKST=MO changes the weeks of an every-other-week rule", start: "19970805T090000",
    rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
    expected: ["19970805", "19970810", "19970819", "19970824"]),
  .init(
    title: "WKST=SU changes the weeks of an every-other-week rule", start: "19970805T090000",
    rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
    expected: ["19970805", "19970817", "19970819", "19970831"]),
  .init(
    title: "An invalid date (February 30) is skipped", start: "20070115T090000",
    rule: "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
    expected: ["20070115", "20070130", "20070215", "20070315", "20070330"]),
]

private func days(from first: String, through last: String) -> [String] {
  let low = DateTimeValue(bytes: first.utf8)!.local.dayNumber
  let high = DateTimeValue(bytes: last.utf8)!.local.dayNumber
  return (low...high).map { String(LocalDateTime(seconds: $0 * 86_400).description.prefix(8)) }
}

private func twentyMinutes(days: [String]) -> [String] {
  var result: [String] = []
  for day in days {
    for hour in 9...16 {
      let hourText = hour < 10 ? "0\(hour)" : "\(hour)"
      for minute in ["00", "20", "40"] { result.append(day + "T" + hourText + minute + "00") }
    }
  }
  return result
}

@Suite struct RecurrenceRFCExamplesTests {
  @Test(arguments: rfcExamples)
  func expandsAsTheRFCLists(example: RFCExample) throws {
    let newYork = try #require(RecurrenceTimeZone(tzid: "America/New_York"))
    let start = try #require(DateTimeValue(bytes: example.start.utf8)).local
    var rule = try RecurrenceRule(parsing: example.rule)
    if let until = rule.until, until.isUTC {
      rule.until = DateTimeValue(
        local: RecurrenceTimeZone.convert(until, from: nil, to: newYork))
    }
    var set = RecurrenceSet(start: start, rules: [rule])
    set.exclusions = example.exclusions.compactMap { DateTimeValue(bytes: $0.utf8) }
    let end = try #require(LocalDateTime(year: 2010, month: 1, day: 1))
    var found = try set.occurrences(in: DateRange(from: start, upTo: end))
    if let first = example.first { found = Array(found.prefix(first)) }
    let time = example.start.dropFirst(8)
    let expected = example.expected.map { $0.count == 8 ? $0 + time : $0 }
    #expect(found.map(\.description) == expected)
  }

  @Test func nextFollowsTheSameExpansion() throws {
    // The 20th Monday: searching from 1998-05-19 skips to 1999 without expanding 1997.
    let set = RecurrenceSet(
      start: try #require(LocalDateTime(year: 1997, month: 5, day: 19, hour: 9)),
      rules: [try RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=20MO")])
    let next = try set.next(onOrAfter: try #require(LocalDateTime(year: 1998, month: 5, day: 19)))
    #expect(next?.description == "19990517T090000")
  }
}

extension LanguageTexts {
  /// Swedish (sv). A name ending in s takes no genitive s ("Hans födelsedag"), so the name follows
  /// a colon or "för".
  package static let swedish = LanguageTexts(
    // Title: "Birthday: Anna".
    birthdayTitle: "Födelsedag: {name}",
    // Title: "Anniversary: Anna".
    anniversaryTitle: "Årsdag: {name}",
    // Title: "In memory of Anna".
    memorialTitle: "Till minne av {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today Anna has her birthday!" (fyller år: no pronoun).
    birthdayToday: "I dag fyller {name} år!",
    // Reminder on the day: "Today: anniversary for Anna".
    anniversaryToday: "I dag: årsdag för {name}",
    // Reminder on the day: "Today we remember Anna".
    memorialToday: "I dag minns vi {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – i dag",
    // Reminder before the day: "Birthday: Anna – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "i morgon",
    // "in 3 days".
    inDays: PluralText(.oneOther, one: "om {days} dag", other: "om {days} dagar"),
    // Description: "Born: 1980-05-01".
    born: "Född: ",
    // Description: "Since 2001-06-01".
    since: "Sedan ",
    // Description: "Died: 2019-02-03".
    died: "Död: ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "kinesiska kalendern",
    koreanCalendar: "koreanska kalendern",
    hebrewCalendar: "judiska kalendern",
    islamicCalendar: "islamiska kalendern",
    persianCalendar: "persiska kalendern",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "i dag",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "DATUM",
    // Table heading: the day of the week.
    dayHeading: "DAG",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "NÄR",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "NAMN",
    // Table heading: the age turned (years married).
    ageHeading: "ÅLDER",
    // Table heading: what kind of day.
    kindHeading: "TYP",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "födelsedag",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "årsdag",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "minnesdag",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "annat datum"
  )
}

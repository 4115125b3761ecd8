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
    persianCalendar: "persiska kalendern"
  )
}

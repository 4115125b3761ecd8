extension LanguageTexts {
  /// Dutch (nl). "Annas verjaardag" needs an apostrophe after some names ("Hans’"), so the name
  /// follows a colon or "van".
  package static let dutch = LanguageTexts(
    // Title: "Birthday: Anna".
    birthdayTitle: "Verjaardag: {name}",
    // Title: "Anniversary: Anna" (jubileum: any yearly day, not only a wedding).
    anniversaryTitle: "Jubileum: {name}",
    // Title: "In memory of Anna".
    memorialTitle: "Ter nagedachtenis aan {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is Anna's birthday!" (jarig: no pronoun, no gender).
    birthdayToday: "Vandaag is {name} jarig!",
    // Reminder on the day: "Today: anniversary of Anna".
    anniversaryToday: "Vandaag: jubileum van {name}",
    // Reminder on the day: "Today we remember Anna".
    memorialToday: "Vandaag gedenken we {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – vandaag",
    // Reminder before the day: "Birthday: Anna – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "morgen",
    // "in 3 days".
    inDays: PluralText(.oneOther, one: "over {days} dag", other: "over {days} dagen"),
    // Description: "Born: 1980-05-01".
    born: "Geboren: ",
    // Description: "Since 2001-06-01".
    since: "Sinds ",
    // Description: "Died: 2019-02-03".
    died: "Overleden: ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "Chinese kalender",
    koreanCalendar: "Koreaanse kalender",
    hebrewCalendar: "Joodse kalender",
    islamicCalendar: "islamitische kalender",
    persianCalendar: "Perzische kalender",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "vandaag",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "DATUM",
    // Table heading: the day of the week.
    dayHeading: "DAG",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "WANNEER",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "NAAM",
    // Table heading: the age turned (years married).
    ageHeading: "LEEFTIJD",
    // Table heading: what kind of day.
    kindHeading: "SOORT",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "verjaardag",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "jubileum",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "herdenking",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "andere datum"
  )
}

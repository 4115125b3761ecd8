extension LanguageTexts {
  /// Italian (it). "di" takes any name unchanged.
  package static let italian = LanguageTexts(
    // Title: "Birthday: Anna".
    birthdayTitle: "Compleanno: {name}",
    // Title: "Anniversary: Anna".
    anniversaryTitle: "Anniversario: {name}",
    // Title: "In memory of Anna".
    memorialTitle: "In memoria di {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is Anna's birthday".
    birthdayToday: "Oggi è il compleanno di {name}",
    // Reminder on the day: "Today is Anna's anniversary".
    anniversaryToday: "Oggi è l’anniversario di {name}",
    // Reminder on the day: "Today we remember Anna".
    memorialToday: "Oggi ricordiamo {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – oggi",
    // Reminder before the day: "Birthday: Anna – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "domani",
    // "in 3 days".
    inDays: PluralText(.oneOther, one: "tra {days} giorno", other: "tra {days} giorni"),
    // Description: "Birth: 1980-05-01".
    born: "Nascita: ",
    // Description: "Since 2001-06-01" ("dal": "since the").
    since: "Dal ",
    // Description: "Death: 2019-02-03".
    died: "Decesso: ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "calendario cinese",
    koreanCalendar: "calendario coreano",
    hebrewCalendar: "calendario ebraico",
    islamicCalendar: "calendario islamico",
    persianCalendar: "calendario persiano",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "oggi",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "DATA",
    // Table heading: the day of the week.
    dayHeading: "GIORNO",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "QUANDO",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "NOME",
    // Table heading: the age turned (years married).
    ageHeading: "ETÀ",
    // Table heading: what kind of day.
    kindHeading: "TIPO",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "compleanno",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "anniversario",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "commemorazione",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "altra data"
  )
}

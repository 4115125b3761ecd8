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
    persianCalendar: "calendario persiano"
  )
}

extension LanguageTexts {
  /// Polish (pl). Names decline (Anna, Anny, Annie), so every text puts the name in the nominative
  /// after a colon; "Data urodzenia" avoids the gendered "urodził(a) się".
  package static let polish = LanguageTexts(
    // Title: "Birthday: Anna".
    birthdayTitle: "Urodziny: {name}",
    // Title: "Anniversary: Anna".
    anniversaryTitle: "Rocznica: {name}",
    // Title: "Remembrance: Anna" ("pamięci Anny" would need the genitive).
    memorialTitle: "Wspomnienie: {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Birthday today: Anna".
    birthdayToday: "Dziś urodziny: {name}",
    // Reminder on the day: "Anniversary today: Anna".
    anniversaryToday: "Dziś rocznica: {name}",
    // Reminder on the day: "Remembrance today: Anna".
    memorialToday: "Dziś wspomnienie: {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – dziś",
    // Reminder before the day: "Birthday: Anna – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "jutro",
    // "in 3 days": dzień for 1, dni for the rest (2, 5, 22 and 25 alike).
    inDays: PluralText(
      .polish, one: "za {days} dzień", few: "za {days} dni", many: "za {days} dni",
      other: "za {days} dnia"),
    // Description: "Date of birth: 1980-05-01".
    born: "Data urodzenia: ",
    // Description: "Since 2001-06-01".
    since: "Od ",
    // Description: "Date of death: 2019-02-03".
    died: "Data śmierci: ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "kalendarz chiński",
    koreanCalendar: "kalendarz koreański",
    hebrewCalendar: "kalendarz żydowski",
    islamicCalendar: "kalendarz muzułmański",
    persianCalendar: "kalendarz perski",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "dzisiaj",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "DATA",
    // Table heading: the day of the week.
    dayHeading: "DZIEŃ",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "KIEDY",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "OSOBA",
    // Table heading: the age turned (years married).
    ageHeading: "WIEK",
    // Table heading: what kind of day.
    kindHeading: "RODZAJ",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "urodziny",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "rocznica",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "wspomnienie",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "inna data"
  )
}

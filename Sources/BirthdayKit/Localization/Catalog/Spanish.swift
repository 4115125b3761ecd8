extension LanguageTexts {
  /// Spanish (es). "de" takes any name unchanged, so the reminders read naturally.
  package static let spanish = LanguageTexts(
    // Title: "Birthday: Ana".
    birthdayTitle: "Cumpleaños: {name}",
    // Title: "Anniversary: Ana".
    anniversaryTitle: "Aniversario: {name}",
    // Title: "In memory of Ana".
    memorialTitle: "En memoria de {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is Ana's birthday".
    birthdayToday: "Hoy es el cumpleaños de {name}",
    // Reminder on the day: "Today is Ana's anniversary".
    anniversaryToday: "Hoy es el aniversario de {name}",
    // Reminder on the day: "Today we remember Ana" ("a" before a person).
    memorialToday: "Hoy recordamos a {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – hoy",
    // Reminder before the day: "Birthday: Ana – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "mañana",
    // "in 3 days".
    inDays: PluralText(.oneOther, one: "dentro de {days} día", other: "dentro de {days} días"),
    // Description: "Birth: 1980-05-01".
    born: "Nacimiento: ",
    // Description: "Since 2001-06-01".
    since: "Desde ",
    // Description: "Death: 2019-02-03".
    died: "Fallecimiento: ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "calendario chino",
    koreanCalendar: "calendario coreano",
    hebrewCalendar: "calendario hebreo",
    islamicCalendar: "calendario islámico",
    persianCalendar: "calendario persa"
  )
}

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
    persianCalendar: "calendario persa",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "hoy",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "FECHA",
    // Table heading: the day of the week.
    dayHeading: "DÍA",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "CUÁNDO",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "NOMBRE",
    // Table heading: the age turned (years married).
    ageHeading: "EDAD",
    // Table heading: what kind of day.
    kindHeading: "TIPO",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "cumpleaños",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "aniversario",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "conmemoración",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "otra fecha"
  )
}

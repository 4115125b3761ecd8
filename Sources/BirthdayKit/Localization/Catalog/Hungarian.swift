extension LanguageTexts {
  /// Hungarian (hu). Case endings follow the name’s vowels ("Annának", "Péternek"), so the name
  /// stands alone after a colon. Names are written family name first ("Nagy Anna"), and `{first}
  /// {last}` follows that in this language.
  package static let hungarian = LanguageTexts(
    // Title: "Birthday: Nagy Anna".
    birthdayTitle: "Születésnap: {name}",
    // Title: "Anniversary: Nagy Anna".
    anniversaryTitle: "Évforduló: {name}",
    // Title: "Remembrance: Nagy Anna".
    memorialTitle: "Emlékezés: {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Birthday today: Nagy Anna".
    birthdayToday: "Ma születésnap: {name}",
    // Reminder on the day: "Anniversary today: Nagy Anna".
    anniversaryToday: "Ma évforduló: {name}",
    // Reminder on the day: "Remembrance today: Nagy Anna".
    memorialToday: "Ma emlékezés: {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – ma",
    // Reminder before the day: "Birthday: Nagy Anna – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "holnap",
    // "in 3 days" (a noun after a number stays singular).
    inDays: PluralText(.none, other: "{days} nap múlva"),
    // Description: "Born: 1980-05-01".
    born: "Született: ",
    // Description: "Start: 2001-06-01".
    since: "Kezdete: ",
    // Description: "Died: 2019-02-03".
    died: "Elhunyt: ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "kínai naptár",
    koreanCalendar: "koreai naptár",
    hebrewCalendar: "zsidó naptár",
    islamicCalendar: "iszlám naptár",
    persianCalendar: "perzsa naptár",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "ma",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "DÁTUM",
    // Table heading: the day of the week.
    dayHeading: "NAP",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "MIKOR",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "NÉV",
    // Table heading: the age turned (years married).
    ageHeading: "KOR",
    // Table heading: what kind of day.
    kindHeading: "FAJTA",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "születésnap",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "évforduló",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "emlékezés",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "más dátum"
  )
}

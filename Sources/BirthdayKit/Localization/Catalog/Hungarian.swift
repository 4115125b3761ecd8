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
    persianCalendar: "perzsa naptár"
  )
}

extension LanguageTexts {
  /// French (fr). The name follows a colon: "l’anniversaire de Anne" would need the elision
  /// "d’Anne" before a vowel, which a template cannot know.
  package static let french = LanguageTexts(
    // Title: "Birthday: Anne" (anniversaire is a birthday in French).
    birthdayTitle: "Anniversaire : {name}",
    // Title: "Wedding anniversary: Anne".
    anniversaryTitle: "Anniversaire de mariage : {name}",
    // Title: "In memory: Anne" (no "de", which elides).
    memorialTitle: "En mémoire : {name}",
    // Title of an other date.
    otherTitle: "{label} : {name}",
    // Reminder on the day: "Today, birthday: Anne".
    birthdayToday: "Aujourd’hui, anniversaire : {name}",
    // Reminder on the day: "Today, wedding anniversary: Anne".
    anniversaryToday: "Aujourd’hui, anniversaire de mariage : {name}",
    // Reminder on the day: "Today, in memory: Anne".
    memorialToday: "Aujourd’hui, en mémoire : {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label} : {name} – aujourd’hui",
    // Reminder before the day: "Birthday: Anne – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "demain",
    // "in 3 days".
    inDays: PluralText(.zeroOneOther, one: "dans {days} jour", other: "dans {days} jours"),
    // Description: "Birth: 1980-05-01".
    born: "Naissance : ",
    // Description: "Since 2001-06-01".
    since: "Depuis le ",
    // Description: "Death: 2019-02-03".
    died: "Décès : ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "calendrier chinois",
    koreanCalendar: "calendrier coréen",
    hebrewCalendar: "calendrier hébraïque",
    islamicCalendar: "calendrier hégirien",
    persianCalendar: "calendrier persan",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "aujourd’hui",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "DATE",
    // Table heading: the day of the week.
    dayHeading: "JOUR",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "QUAND",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "NOM",
    // Table heading: the age turned (years married).
    ageHeading: "ÂGE",
    // Table heading: what kind of day.
    kindHeading: "TYPE",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "anniversaire",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "anniversaire de mariage",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "commémoration",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "autre date"
  )
}

extension LanguageTexts {
  /// German (de). Titles put the name after a colon: "Annas Geburtstag" would need an apostrophe
  /// after names ending in s, x or z ("Hans’ Geburtstag"), and "von" reads stiff in a title.
  package static let german = LanguageTexts(
    // Title: "Birthday: Anna".
    birthdayTitle: "Geburtstag: {name}",
    // Title: "Anniversary: Anna" (Jahrestag: of a wedding or any other date).
    anniversaryTitle: "Jahrestag: {name}",
    // Title: "In memory of Anna" ("an" takes the name as it is).
    memorialTitle: "In Erinnerung an {name}",
    // Title of an other date: "Name day: Anna".
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is Anna's birthday: congratulations!" ("hat Geburtstag"
    // takes any name).
    birthdayToday: "Heute hat {name} Geburtstag – herzlichen Glückwunsch!",
    // Reminder on the day: "Today: anniversary of Anna".
    anniversaryToday: "Heute: Jahrestag von {name}",
    // Reminder on the day: "Today in memory of Anna".
    memorialToday: "Heute in Erinnerung an {name}",
    // Reminder on the day of an other date: "Name day: Anna – today".
    otherToday: "{label}: {name} – heute",
    // Reminder before the day: "Birthday: Anna – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "morgen",
    // "in 3 days".
    inDays: PluralText(.oneOther, one: "in {days} Tag", other: "in {days} Tagen"),
    // Description: "Born: 1980-05-01".
    born: "Geboren: ",
    // Description: "Since 2001-06-01".
    since: "Seit ",
    // Description: "Died: 2019-02-03".
    died: "Gestorben: ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "chinesischer Kalender",
    koreanCalendar: "koreanischer Kalender",
    hebrewCalendar: "jüdischer Kalender",
    islamicCalendar: "islamischer Kalender",
    persianCalendar: "persischer Kalender",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "heute",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "DATUM",
    // Table heading: the day of the week.
    dayHeading: "TAG",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "WANN",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "NAME",
    // Table heading: the age turned (years married).
    ageHeading: "ALTER",
    // Table heading: what kind of day.
    kindHeading: "ART",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "Geburtstag",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "Jahrestag",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "Gedenktag",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "anderer Tag"
  )
}

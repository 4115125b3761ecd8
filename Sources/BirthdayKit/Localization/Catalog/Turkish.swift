extension LanguageTexts {
  /// Turkish (tr). Suffixes on a name follow its vowels after an apostrophe ("Ayşe’nin",
  /// "Ali’nin"), so the name stands alone after a colon.
  package static let turkish = LanguageTexts(
    // Title: "Birthday: Ayşe".
    birthdayTitle: "Doğum günü: {name}",
    // Title: "Anniversary: Ayşe".
    anniversaryTitle: "Yıl dönümü: {name}",
    // Title: "Remembrance: Ayşe".
    memorialTitle: "Anma: {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Birthday today: Ayşe".
    birthdayToday: "Bugün doğum günü: {name}",
    // Reminder on the day: "Anniversary today: Ayşe".
    anniversaryToday: "Bugün yıl dönümü: {name}",
    // Reminder on the day: "Day of remembrance today: Ayşe".
    memorialToday: "Bugün anma günü: {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – bugün",
    // Reminder before the day: "Birthday: Ayşe – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "yarın",
    // "in 3 days" (a noun after a number stays singular).
    inDays: PluralText(.none, other: "{days} gün sonra"),
    // Description: "Date of birth: 1980-05-01".
    born: "Doğum tarihi: ",
    // Description: "Start: 2001-06-01".
    since: "Başlangıç: ",
    // Description: "Date of death: 2019-02-03".
    died: "Ölüm tarihi: ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "Çin takvimi",
    koreanCalendar: "Kore takvimi",
    hebrewCalendar: "İbrani takvimi",
    islamicCalendar: "Hicri takvim",
    persianCalendar: "İran takvimi",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "bugün",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "TARİH",
    // Table heading: the day of the week.
    dayHeading: "GÜN",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "NE ZAMAN",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "AD",
    // Table heading: the age turned (years married).
    ageHeading: "YAŞ",
    // Table heading: what kind of day.
    kindHeading: "TÜR",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "doğum günü",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "yıl dönümü",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "anma",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "diğer tarih"
  )
}

extension LanguageTexts {
  /// Persian (fa), right to left. The ezafe that joins a noun to the name is not written ("تولد
  /// سارا"), so any name fits. The zero-width non-joiner in "کره‌ای" is spelling, not a direction
  /// mark.
  package static let persian = LanguageTexts(
    // Title: "Sara's birthday".
    birthdayTitle: "تولد {name}",
    // Title: "Sara's wedding anniversary".
    anniversaryTitle: "سالگرد ازدواج {name}",
    // Title: "In memory of Sara".
    memorialTitle: "به یاد {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is Sara's birthday".
    birthdayToday: "امروز تولد {name} است",
    // Reminder on the day: "Today is Sara's wedding anniversary".
    anniversaryToday: "امروز سالگرد ازدواج {name} است",
    // Reminder on the day: "Today, in memory of Sara".
    memorialToday: "امروز به یاد {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – امروز",
    // Reminder before the day: "Sara's birthday – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "فردا",
    // "in 3 days" (literally "3 more days"; a noun after a number stays singular).
    inDays: PluralText(.none, other: "{days} روز دیگر"),
    // Description: "Date of birth: 1980-05-01".
    born: "تاریخ تولد: ",
    // Description: "Since 2001-06-01".
    since: "از ",
    // Description: "Date of death: 2019-02-03".
    died: "تاریخ درگذشت: ",
    // The calendars of a date kept in another calendar: Chinese, Korean, Hebrew, lunar Hijri,
    // solar Hijri (the Iranian calendar).
    chineseCalendar: "تقویم چینی",
    koreanCalendar: "تقویم کره‌ای",
    hebrewCalendar: "تقویم عبری",
    islamicCalendar: "تقویم هجری قمری",
    persianCalendar: "تقویم هجری شمسی",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "امروز",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "تاریخ",
    // Table heading: the day of the week.
    dayHeading: "روز",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "کی",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "نام",
    // Table heading: the age turned (years married).
    ageHeading: "سن",
    // Table heading: what kind of day.
    kindHeading: "نوع",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "تولد",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "سالگرد ازدواج",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "سالگرد درگذشت",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "تاریخ دیگر"
  )
}

extension LanguageTexts {
  /// Russian (ru). Names decline in six cases ("день рождения Анны"), so the name stays in the
  /// nominative after a colon; dates of birth and death are nouns, not the gendered
  /// "родился/родилась".
  package static let russian = LanguageTexts(
    // Title: "Birthday: Anna".
    birthdayTitle: "День рождения: {name}",
    // Title: "Anniversary: Anna".
    anniversaryTitle: "Годовщина: {name}",
    // Title: "Remembrance: Anna".
    memorialTitle: "Память: {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is the birthday: Anna".
    birthdayToday: "Сегодня день рождения: {name}",
    // Reminder on the day: "Today is the anniversary: Anna".
    anniversaryToday: "Сегодня годовщина: {name}",
    // Reminder on the day: "Today is the day of remembrance: Anna".
    memorialToday: "Сегодня день памяти: {name}",
    // Reminder on the day of an other date: "… — today".
    otherToday: "{label}: {name} — сегодня",
    // Reminder before the day: "Birthday: Anna — tomorrow".
    before: "{title} — {when}",
    // "tomorrow".
    tomorrow: "завтра",
    // "in 3 days": 1 день, 2-4 дня, 5 дней; 21 день, 22 дня.
    inDays: PluralText(
      .eastSlavic, one: "через {days} день", few: "через {days} дня", many: "через {days} дней",
      other: "через {days} дня"),
    // Description: "Date of birth: 1980-05-01".
    born: "Дата рождения: ",
    // Description: "Since 2001-06-01".
    since: "С ",
    // Description: "Date of death: 2019-02-03".
    died: "Дата смерти: ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "китайский календарь",
    koreanCalendar: "корейский календарь",
    hebrewCalendar: "еврейский календарь",
    islamicCalendar: "исламский календарь",
    persianCalendar: "персидский календарь",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "сегодня",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "ДАТА",
    // Table heading: the day of the week.
    dayHeading: "ДЕНЬ",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "КОГДА",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "ИМЯ",
    // Table heading: the age turned (years married).
    ageHeading: "ВОЗРАСТ",
    // Table heading: what kind of day.
    kindHeading: "ТИП",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "день рождения",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "годовщина",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "память",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "другая дата"
  )
}

extension LanguageTexts {
  /// Ukrainian (uk). Names decline in seven cases, so the name stays in the nominative after a
  /// colon; dates are nouns, not the gendered "народився/народилася".
  package static let ukrainian = LanguageTexts(
    // Title: "Birthday: Hanna".
    birthdayTitle: "День народження: {name}",
    // Title: "Anniversary: Hanna".
    anniversaryTitle: "Річниця: {name}",
    // Title: "Remembrance: Hanna".
    memorialTitle: "Пам’ять: {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is the birthday: Hanna".
    birthdayToday: "Сьогодні день народження: {name}",
    // Reminder on the day: "Today is the anniversary: Hanna".
    anniversaryToday: "Сьогодні річниця: {name}",
    // Reminder on the day: "Today is the day of remembrance: Hanna".
    memorialToday: "Сьогодні день пам’яті: {name}",
    // Reminder on the day of an other date: "… — today".
    otherToday: "{label}: {name} — сьогодні",
    // Reminder before the day: "Birthday: Hanna — tomorrow".
    before: "{title} — {when}",
    // "tomorrow".
    tomorrow: "завтра",
    // "in 3 days": 1 день, 2-4 дні, 5 днів; 21 день, 22 дні.
    inDays: PluralText(
      .eastSlavic, one: "через {days} день", few: "через {days} дні", many: "через {days} днів",
      other: "через {days} дня"),
    // Description: "Date of birth: 1980-05-01".
    born: "Дата народження: ",
    // Description: "Since 2001-06-01".
    since: "З ",
    // Description: "Date of death: 2019-02-03".
    died: "Дата смерті: ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "китайський календар",
    koreanCalendar: "корейський календар",
    hebrewCalendar: "єврейський календар",
    islamicCalendar: "ісламський календар",
    persianCalendar: "перський календар",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "сьогодні",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "ДАТА",
    // Table heading: the day of the week.
    dayHeading: "ДЕНЬ",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "КОЛИ",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "ІМ’Я",
    // Table heading: the age turned (years married).
    ageHeading: "ВІК",
    // Table heading: what kind of day.
    kindHeading: "ТИП",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "день народження",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "річниця",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "пам’ять",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "інша дата"
  )
}

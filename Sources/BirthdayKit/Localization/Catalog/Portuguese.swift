extension LanguageTexts {
  /// Portuguese (pt), one text for Brazil and Portugal: words both write alike ("aniversário" is a
  /// birthday in both). "de" takes any name unchanged.
  package static let portuguese = LanguageTexts(
    // Title: "Birthday: Ana".
    birthdayTitle: "Aniversário: {name}",
    // Title: "Wedding anniversary: Ana".
    anniversaryTitle: "Aniversário de casamento: {name}",
    // Title: "In memory of Ana".
    memorialTitle: "Em memória de {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is Ana's birthday".
    birthdayToday: "Hoje é o aniversário de {name}",
    // Reminder on the day: "Today is Ana's wedding anniversary".
    anniversaryToday: "Hoje é o aniversário de casamento de {name}",
    // Reminder on the day: "Today, in memory of Ana".
    memorialToday: "Hoje, em memória de {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – hoje",
    // Reminder before the day: "Birthday: Ana – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "amanhã",
    // "in 3 days" (both countries say "daqui a").
    inDays: PluralText(.zeroOneOther, one: "daqui a {days} dia", other: "daqui a {days} dias"),
    // Description: "Birth: 1980-05-01".
    born: "Nascimento: ",
    // Description: "Since 2001-06-01".
    since: "Desde ",
    // Description: "Death: 2019-02-03".
    died: "Falecimento: ",
    // The calendars of a date kept in another calendar.
    chineseCalendar: "calendário chinês",
    koreanCalendar: "calendário coreano",
    hebrewCalendar: "calendário hebraico",
    islamicCalendar: "calendário islâmico",
    persianCalendar: "calendário persa",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "hoje",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "DATA",
    // Table heading: the day of the week.
    dayHeading: "DIA",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "QUANDO",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "NOME",
    // Table heading: the age turned (years married).
    ageHeading: "IDADE",
    // Table heading: what kind of day.
    kindHeading: "TIPO",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "aniversário",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "aniversário de casamento",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "memória",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "outra data"
  )
}

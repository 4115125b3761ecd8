extension LanguageTexts {
  /// Hebrew (he), right to left. "של" takes any name; the prefixes ל־ and ב־ would attach to it. No
  /// direction marks: clients lay the text out by the Unicode bidirectional algorithm, and a mark
  /// would be shown raw by some. Nouns instead of the gendered "נולד/נולדה".
  package static let hebrew = LanguageTexts(
    // Title: "Birthday: Dana".
    birthdayTitle: "יום הולדת: {name}",
    // Title: "Wedding anniversary: Dana".
    anniversaryTitle: "יום נישואין: {name}",
    // Title: "In memory of Dana" (לזכר is a word of its own).
    memorialTitle: "לזכר {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is Dana's birthday".
    birthdayToday: "היום יום ההולדת של {name}",
    // Reminder on the day: "Today is Dana's wedding anniversary".
    anniversaryToday: "היום יום הנישואין של {name}",
    // Reminder on the day: "Today is the day of remembrance of Dana".
    memorialToday: "היום יום הזיכרון של {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – היום",
    // Reminder before the day: "Birthday: Dana – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "מחר",
    // "in 3 days"; two days is the dual יומיים.
    inDays: PluralText(.hebrew, two: "בעוד יומיים", other: "בעוד {days} ימים"),
    // Description: "Date of birth: 1980-05-01".
    born: "תאריך לידה: ",
    // Description: "Since 2001-06-01".
    since: "מאז ",
    // Description: "Date of death: 2019-02-03".
    died: "תאריך פטירה: ",
    // The calendars of a date kept in another calendar: Chinese, Korean, Hebrew, Muslim
    // (Hijri), Persian.
    chineseCalendar: "הלוח הסיני",
    koreanCalendar: "הלוח הקוריאני",
    hebrewCalendar: "הלוח העברי",
    islamicCalendar: "הלוח המוסלמי",
    persianCalendar: "הלוח הפרסי",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "היום",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "תאריך",
    // Table heading: the day of the week.
    dayHeading: "יום",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "מתי",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "שם",
    // Table heading: the age turned (years married).
    ageHeading: "גיל",
    // Table heading: what kind of day.
    kindHeading: "סוג",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "יום הולדת",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "יום נישואין",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "יום זיכרון",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "תאריך אחר"
  )
}

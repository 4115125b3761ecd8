extension LanguageTexts {
  /// Arabic (ar), right to left. The name follows the noun it belongs to (iḍāfa: "عيد ميلاد سارة"),
  /// which needs no change to the name. No direction marks (see Hebrew).
  package static let arabic = LanguageTexts(
    // Title: "Sara's birthday".
    birthdayTitle: "عيد ميلاد {name}",
    // Title: "Sara's wedding anniversary".
    anniversaryTitle: "ذكرى زواج {name}",
    // Title: "In memory of Sara".
    memorialTitle: "في ذكرى {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is Sara's birthday".
    birthdayToday: "اليوم عيد ميلاد {name}",
    // Reminder on the day: "Today is Sara's wedding anniversary".
    anniversaryToday: "اليوم ذكرى زواج {name}",
    // Reminder on the day: "Today, in memory of Sara".
    memorialToday: "اليوم في ذكرى {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – اليوم",
    // Reminder before the day: "Sara's birthday – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "غدًا",
    // "in 3 days": the dual for 2, a plural for 3-10, the singular accusative for 11-99, the
    // singular genitive for 100, 101, 102.
    inDays: PluralText(
      .arabic, one: "بعد يوم واحد", two: "بعد يومين", few: "بعد {days} أيام",
      many: "بعد {days} يومًا", other: "بعد {days} يوم"),
    // Description: "Date of birth: 1980-05-01".
    born: "تاريخ الميلاد: ",
    // Description: "Since 2001-06-01".
    since: "منذ ",
    // Description: "Date of death: 2019-02-03".
    died: "تاريخ الوفاة: ",
    // The calendars of a date kept in another calendar: Chinese, Korean, Hebrew, Hijri, Persian.
    chineseCalendar: "التقويم الصيني",
    koreanCalendar: "التقويم الكوري",
    hebrewCalendar: "التقويم العبري",
    islamicCalendar: "التقويم الهجري",
    persianCalendar: "التقويم الفارسي",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "اليوم",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "التاريخ",
    // Table heading: the day of the week.
    dayHeading: "يوم الأسبوع",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "متى",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "الاسم",
    // Table heading: the age turned (years married).
    ageHeading: "العمر",
    // Table heading: what kind of day.
    kindHeading: "النوع",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "عيد ميلاد",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "ذكرى زواج",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "ذكرى وفاة",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "تاريخ آخر"
  )
}

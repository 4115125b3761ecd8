extension LanguageTexts {
  /// Vietnamese (vi). Vietnamese does not inflect; the name follows the noun it belongs to ("Sinh
  /// nhật Lan").
  package static let vietnamese = LanguageTexts(
    // Title: "Birthday of Lan".
    birthdayTitle: "Sinh nhật {name}",
    // Title: "Anniversary: Lan".
    anniversaryTitle: "Ngày kỷ niệm: {name}",
    // Title: "In memory of Lan".
    memorialTitle: "Tưởng nhớ {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is Lan's birthday".
    birthdayToday: "Hôm nay là sinh nhật {name}",
    // Reminder on the day: "Today is Lan's anniversary".
    anniversaryToday: "Hôm nay là ngày kỷ niệm của {name}",
    // Reminder on the day: "Today we remember Lan".
    memorialToday: "Hôm nay tưởng nhớ {name}",
    // Reminder on the day of an other date: "… – today".
    otherToday: "{label}: {name} – hôm nay",
    // Reminder before the day: "Birthday of Lan – tomorrow".
    before: "{title} – {when}",
    // "tomorrow".
    tomorrow: "ngày mai",
    // "in 3 days" (literally "3 more days").
    inDays: PluralText(.none, other: "{days} ngày nữa"),
    // Description: "Date of birth: 1980-05-01".
    born: "Ngày sinh: ",
    // Description: "Since 2001-06-01".
    since: "Từ ngày ",
    // Description: "Date of death: 2019-02-03".
    died: "Ngày mất: ",
    // The calendars of a date kept in another calendar: the lunar calendar (âm lịch), the
    // Korean lunar calendar, the Jewish, Islamic and Persian calendars.
    chineseCalendar: "âm lịch",
    koreanCalendar: "âm lịch Hàn Quốc",
    hebrewCalendar: "lịch Do Thái",
    islamicCalendar: "lịch Hồi giáo",
    persianCalendar: "lịch Ba Tư"
  )
}

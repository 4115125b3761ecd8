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
    persianCalendar: "lịch Ba Tư",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "hôm nay",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "NGÀY",
    // Table heading: the day of the week.
    dayHeading: "THỨ",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "KHI NÀO",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "TÊN",
    // Table heading: the age turned (years married).
    ageHeading: "TUỔI",
    // Table heading: what kind of day.
    kindHeading: "LOẠI",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "sinh nhật",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "ngày kỷ niệm",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "ngày giỗ",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "ngày khác"
  )
}

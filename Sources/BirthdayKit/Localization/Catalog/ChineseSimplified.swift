extension LanguageTexts {
  /// Chinese, Simplified (zh-Hans). Chinese does not inflect, and 的 joins any name to what is his
  /// or hers ("李小龙的生日"); punctuation is full-width, with no spaces.
  package static let chineseSimplified = LanguageTexts(
    // Title: "Li Xiaolong's birthday".
    birthdayTitle: "{name}的生日",
    // Title: "Li Xiaolong's anniversary".
    anniversaryTitle: "{name}的纪念日",
    // Title: "In memory of Li Xiaolong".
    memorialTitle: "纪念{name}",
    // Title of an other date.
    otherTitle: "{label}：{name}",
    // Reminder on the day: "Today is Li Xiaolong's birthday, remember to send your wishes!".
    birthdayToday: "今天是{name}的生日，记得送上祝福！",
    // Reminder on the day: "Today is Li Xiaolong's anniversary".
    anniversaryToday: "今天是{name}的纪念日",
    // Reminder on the day: "Today we remember Li Xiaolong".
    memorialToday: "今天纪念{name}",
    // Reminder on the day of an other date: "… (today)".
    otherToday: "{label}：{name}（今天）",
    // Reminder before the day: "Li Xiaolong's birthday (tomorrow)".
    before: "{title}（{when}）",
    // "tomorrow".
    tomorrow: "明天",
    // "in 3 days" (literally "3 days later").
    inDays: PluralText(.none, other: "{days}天后"),
    // Description: "Date of birth: 1980-05-01".
    born: "出生日期：",
    // Description: "Start date: 2001-06-01".
    since: "起始日期：",
    // Description: "Date of death: 2019-02-03".
    died: "逝世日期：",
    // The calendars of a date kept in another calendar: the lunar calendar (nónglì), the Korean
    // lunar calendar, the Hebrew, Islamic and Persian calendars.
    chineseCalendar: "农历",
    koreanCalendar: "韩国农历",
    hebrewCalendar: "希伯来历",
    islamicCalendar: "伊斯兰历",
    persianCalendar: "波斯历",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "今天",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "日期",
    // Table heading: the day of the week.
    dayHeading: "星期",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "时间",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "姓名",
    // Table heading: the age turned (years married).
    ageHeading: "年龄",
    // Table heading: what kind of day.
    kindHeading: "类型",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "生日",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "纪念日",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "忌日",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "其他日子"
  )
}

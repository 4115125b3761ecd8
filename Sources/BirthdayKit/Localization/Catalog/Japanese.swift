extension LanguageTexts {
  /// Japanese (ja). の joins any name ("山田太郎の誕生日"); no honorific (さん would be odd for one's own
  /// family), full-width punctuation.
  package static let japanese = LanguageTexts(
    // Title: "Yamada Taro's birthday".
    birthdayTitle: "{name}の誕生日",
    // Title: "Yamada Taro's anniversary".
    anniversaryTitle: "{name}の記念日",
    // Title: "In memory of Yamada Taro".
    memorialTitle: "{name}を偲んで",
    // Title of an other date.
    otherTitle: "{label}：{name}",
    // Reminder on the day: "Today is Yamada Taro's birthday".
    birthdayToday: "今日は{name}の誕生日です",
    // Reminder on the day: "Today is Yamada Taro's anniversary".
    anniversaryToday: "今日は{name}の記念日です",
    // Reminder on the day: "Today is the day to remember Yamada Taro".
    memorialToday: "今日は{name}を偲ぶ日です",
    // Reminder on the day of an other date: "… (today)".
    otherToday: "{label}：{name}（今日）",
    // Reminder before the day: "Yamada Taro's birthday (tomorrow)".
    before: "{title}（{when}）",
    // "tomorrow".
    tomorrow: "明日",
    // "in 3 days" (literally "3 days later").
    inDays: PluralText(.none, other: "{days}日後"),
    // Description: "Date of birth: 1980-05-01".
    born: "生年月日：",
    // Description: "Start date: 2001-06-01".
    since: "開始日：",
    // Description: "Date of death: 2019-02-03".
    died: "命日：",
    // The calendars of a date kept in another calendar: the Chinese lunar calendar, the Korean
    // lunar calendar, the Jewish, Islamic and Persian calendars.
    chineseCalendar: "中国の旧暦",
    koreanCalendar: "韓国の旧暦",
    hebrewCalendar: "ユダヤ暦",
    islamicCalendar: "イスラム暦",
    persianCalendar: "ペルシャ暦",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "今日",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "日付",
    // Table heading: the day of the week.
    dayHeading: "曜日",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "いつ",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "名前",
    // Table heading: the age turned (years married).
    ageHeading: "年齢",
    // Table heading: what kind of day.
    kindHeading: "種類",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "誕生日",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "記念日",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "命日",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "その他"
  )
}

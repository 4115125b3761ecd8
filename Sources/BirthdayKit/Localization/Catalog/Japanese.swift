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
    persianCalendar: "ペルシャ暦"
  )
}

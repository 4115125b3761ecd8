extension LanguageTexts {
  /// Korean (ko). Particles such as 이/가 and 은/는 change with the name's last syllable; 의 does not,
  /// so titles read "김민준의 생일".
  package static let korean = LanguageTexts(
    // Title: "Kim Minjun's birthday".
    birthdayTitle: "{name}의 생일",
    // Title: "Kim Minjun's anniversary".
    anniversaryTitle: "{name}의 기념일",
    // Title: "Remembrance: Kim Minjun".
    memorialTitle: "추모: {name}",
    // Title of an other date.
    otherTitle: "{label}: {name}",
    // Reminder on the day: "Today is Kim Minjun's birthday".
    birthdayToday: "오늘은 {name}의 생일입니다",
    // Reminder on the day: "Today is Kim Minjun's anniversary".
    anniversaryToday: "오늘은 {name}의 기념일입니다",
    // Reminder on the day: "Remembrance today: Kim Minjun".
    memorialToday: "오늘 추모: {name}",
    // Reminder on the day of an other date: "… (today)".
    otherToday: "{label}: {name} (오늘)",
    // Reminder before the day: "Kim Minjun's birthday (tomorrow)".
    before: "{title} ({when})",
    // "tomorrow".
    tomorrow: "내일",
    // "in 3 days" (literally "3 days later").
    inDays: PluralText(.none, other: "{days}일 후"),
    // Description: "Date of birth: 1980-05-01".
    born: "생년월일: ",
    // Description: "Start date: 2001-06-01".
    since: "시작일: ",
    // Description: "Date of death: 2019-02-03".
    died: "기일: ",
    // The calendars of a date kept in another calendar: the Chinese lunar calendar, the lunar
    // calendar (eumnyeok), the Jewish, Islamic and Persian calendars.
    chineseCalendar: "중국 음력",
    koreanCalendar: "음력",
    hebrewCalendar: "유대력",
    islamicCalendar: "이슬람력",
    persianCalendar: "페르시아력",
    // `upcoming`: the day is today ("today", as "tomorrow" above).
    today: "오늘",
    // `upcoming`'s table heading on a terminal (upper case where the script has case): the date.
    dateHeading: "날짜",
    // Table heading: the day of the week.
    dayHeading: "요일",
    // Table heading: when ("today", "in 3 days").
    whenHeading: "언제",
    // Table heading: whose day it is (a name or an event's title).
    nameHeading: "이름",
    // Table heading: the age turned (years married).
    ageHeading: "나이",
    // Table heading: what kind of day.
    kindHeading: "종류",
    // `upcoming`'s kind of day, in a line and a table: a birthday.
    birthdayKind: "생일",
    // Kind of day: an anniversary (of a wedding or another date).
    anniversaryKind: "기념일",
    // Kind of day: a day of remembrance (of a death, --memorials).
    memorialKind: "기일",
    // Kind of day: an other date (--other-dates) without a label of its own.
    otherKind: "기타"
  )
}

/// Which column holds what, found from the header row by name (case-insensitive, aliases of the
/// Google, Outlook and spreadsheet layouts) or mapped by hand with `--column`.
struct CSVColumnMap {
  var name: Int?
  var first: Int?
  var middle: Int?
  var last: Int?
  var birthday: Int?
  var anniversary: Int?
  var uid: Int?
  /// Google's `Event N - Label` / `Event N - Value` pairs: (label column, value column).
  var events: [(label: Int, value: Int)] = []
  /// Group columns: Google's `Labels` (current) and `Group Membership` (legacy), Outlook's
  /// `Categories`.
  var groups: [Int] = []
  /// Separate year, month and day columns: the Facebook-extractor layout (`Year`, `Month`,
  /// `Day`) and Thunderbird's (`Birth Year`, `Birth Month`, `Birth Day`, the year optional).
  var yearMonthDay: (year: Int?, month: Int, day: Int)?
  /// Columns whose first non-empty value is the contact's ``ContactIdentityKey``: e-mail
  /// addresses (Google's `E-mail N - Value`, Outlook's `E-mail Address`), phone numbers, and an
  /// entry id (Outlook's `Entry ID`, Google's `Photo` address). Read for `sync` only.
  var emails: [Int] = []
  var phones: [Int] = []
  var entries: [Int] = []
  /// A lunar-birthday column ("Lunar Birthday", "农历生日", "음력 생일"), read in its calendar.
  var lunarBirthday: (index: Int, system: CalendarSystem)?

  /// Header names by field: English first, then the contact field names of localized Outlook
  /// exports (German, French, Spanish, Italian, Dutch, Portuguese, Polish, Swedish: the names
  /// Outlook shows for its First Name, Middle Name, Last Name, Birthday and Anniversary fields
  /// in that language, which its CSV export writes as the header). French and Portuguese
  /// `Anniversaire`/`Aniversário` mean birthday. Russian (Имя, Отчество, Фамилия, День
  /// рождения, Годовщина) and Simplified Chinese (名, 中间名, 姓, 生日, 纪念日) as the header
  /// lines of those Outlook exports read, found in public exporters that write them byte for
  /// byte to be read back by Outlook (a Grails contact exporter writing the Windows-1251
  /// Russian header, a Node.js exporter writing the GB 2312 Chinese one; see
  /// docs/languages.md).
  static let aliases: [CSVField: [String]] = [
    .name: ["name", "full name", "display name", "fn", "contact name"],
    .first: [
      "first name", "given name", "firstname", "first", "given", "forename",
      "vorname", "prénom", "nombre", "nome", "voornaam", "nome próprio", "imię", "förnamn",
      "имя", "名",
    ],
    .middle: [
      "middle name", "additional name", "middlename", "middle",
      "weitere vornamen", "deuxième prénom", "segundo nombre", "secondo nome", "middelste naam",
      "segundo nome", "drugie imię", "mellannamn", "отчество", "中间名",
    ],
    .last: [
      "last name", "family name", "surname", "lastname", "last",
      "nachname", "nom", "apellidos", "cognome", "achternaam", "apelido", "sobrenome",
      "apelidos", "nazwisko", "efternamn", "фамилия", "姓",
    ],
    .birthday: [
      "birthday", "birthdate", "birth date", "date of birth", "dob", "bday", "birth day",
      "geburtstag", "anniversaire", "date de naissance", "cumpleaños", "fecha de nacimiento",
      "compleanno", "data di nascita", "verjaardag", "geboortedatum", "aniversário",
      "data de nascimento", "urodziny", "data urodzenia", "födelsedag", "födelsedatum",
      "день рождения", "生日",
    ],
    .anniversary: [
      "anniversary", "wedding anniversary",
      "jahrestag", "anniversaire de mariage", "aniversario", "anniversario", "jubileum",
      "aniversário de casamento", "rocznica", "årsdag", "годовщина", "纪念日",
    ],
    .uid: ["uid", "id", "contact id"],
  ]

  /// Normalizes header text for matching: trimmed, lower-cased, inner white space collapsed.
  static func key(_ header: String) -> String {
    TextSanitizer.singleLine(header).lowercased()
  }

  /// Maps `headers`; `nil` when no column is recognized at all (not a header row).
  /// - Throws: ``InputFormatError`` when an override names a header that does not exist.
  static func map(
    headers: [String], overrides: [CSVField: String], location: SourceLocation
  ) throws -> CSVColumnMap? {
    let keys = headers.map(key)
    var map = CSVColumnMap()
    var recognized = 0
    func set(_ field: CSVField, _ index: Int?) {
      guard let index else { return }
      recognized += 1
      switch field {
      case .name: map.name = index
      case .first: map.first = index
      case .middle: map.middle = index
      case .last: map.last = index
      case .birthday: map.birthday = index
      case .anniversary: map.anniversary = index
      case .uid: map.uid = index
      }
    }
    for field in CSVField.allCases {
      if let header = overrides[field] {
        guard let index = keys.firstIndex(of: key(header)) else {
          throw InputFormatError(
            .csvNoSuchColumn(field: field, header: header, headers: headers), at: location)
        }
        set(field, index)
      } else {
        set(field, aliases[field, default: []].lazy.compactMap { keys.firstIndex(of: $0) }.first)
      }
    }
    map.groups = ["labels", "group membership", "categories", "groups"].compactMap {
      keys.firstIndex(of: $0)
    }
    for (index, key) in keys.enumerated() {
      if key.hasPrefix("e-mail") || key.hasPrefix("email") {
        if !key.hasSuffix("type") && !key.hasSuffix("label") && !key.contains("display") {
          map.emails.append(index)
        }
      } else if key.contains("phone") || key.hasPrefix("mobile") {
        if !key.hasSuffix("type") && !key.hasSuffix("label") { map.phones.append(index) }
      } else if ["entry id", "entryid", "resource name", "photo"].contains(key) {
        map.entries.append(index)
      }
    }
    for number in 1...20 {
      guard let label = keys.firstIndex(of: "event \(number) - label"),
        let value = keys.firstIndex(of: "event \(number) - value")
      else { continue }
      map.events.append((label, value))
    }
    if overrides[.birthday] == nil, let month = keys.firstIndex(of: "birth month"),
      let day = keys.firstIndex(of: "birth day")
    {
      // Thunderbird: `Birth Day` is the day of the month here, not a whole date.
      map.birthday = nil
      map.yearMonthDay = (keys.firstIndex(of: "birth year"), month, day)
    } else if map.birthday == nil, let year = keys.firstIndex(of: "year"),
      let month = keys.firstIndex(of: "month"),
      let day = keys.firstIndex(of: "day")
    {
      map.yearMonthDay = (year, month, day)
      recognized += 1
    }
    map.lunarBirthday = lunarBirthdayColumn(keys)
    if map.lunarBirthday != nil { recognized += 1 }
    return recognized > 0 ? map : nil
  }

  /// Whether the file can give birthdays at all.
  var hasBirthday: Bool { birthday != nil || yearMonthDay != nil || lunarBirthday != nil }

  /// The columns that must be decoded for a row.
  var usedColumns: [Int] {
    [name, first, middle, last, birthday, anniversary, uid, lunarBirthday?.index].compactMap { $0 }
      + emails + phones + entries
      + events.flatMap { [$0.label, $0.value] } + groups
      + (yearMonthDay.map { [$0.year, $0.month, $0.day].compactMap { $0 } } ?? [])
  }
}

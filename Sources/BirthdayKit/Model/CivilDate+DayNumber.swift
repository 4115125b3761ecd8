// Day numbers: the calendar arithmetic behind DTSTAMP formatting and recurrence expansion.

/// Days since 1970-01-01 (proleptic Gregorian).
package func dayNumber(_ date: CivilDate) -> Int {
  dayNumber(year: date.year ?? 1972, month: date.month, day: date.day)
}

/// Days since 1970-01-01 (proleptic Gregorian), after H. Hinnant's `days_from_civil`.
package func dayNumber(year: Int, month: Int, day: Int) -> Int {
  let y = month <= 2 ? year - 1 : year
  let era = (y >= 0 ? y : y - 399) / 400
  let yearOfEra = y - era * 400
  let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
  let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
  return era * 146097 + dayOfEra - 719468
}

/// The inverse of ``dayNumber(year:month:day:)``.
func civilDate(dayNumber: Int) -> CivilDate {
  let z = dayNumber + 719468
  let era = (z >= 0 ? z : z - 146096) / 146097
  let dayOfEra = z - era * 146097
  let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
  let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
  let shifted = (5 * dayOfYear + 2) / 153
  let day = dayOfYear - (153 * shifted + 2) / 5 + 1
  let month = shifted < 10 ? shifted + 3 : shifted - 9
  let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  // Valid by construction for the years handled here (1...9999).
  guard let date = CivilDate(year: year, month: month, day: day) else {
    preconditionFailure("day number \(dayNumber) is out of range")
  }
  return date
}

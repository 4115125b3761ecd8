import BirthdayKit

/// `YYYY-MM-DD` for `--today`.
enum ISODateArgument {
  /// The date, or `nil` unless `text` is a valid `YYYY-MM-DD`.
  static func parse(_ text: String) -> CivilDate? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return nil
    }
    var digits: [Int] = []
    for index in [0, 1, 2, 3, 5, 6, 8, 9] {
      guard bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
      digits.append(Int(bytes[index] - 0x30))
    }
    let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
    return CivilDate(year: year, month: digits[4] * 10 + digits[5], day: digits[6] * 10 + digits[7])
  }
}

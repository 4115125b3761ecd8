extension PersonName {
  /// Whether the name is written family name first with no space between the parts, as
  /// Chinese, Japanese and Korean names are (李小龍, 山田太郎, 김민준): both parts are in those
  /// scripts. A name with a part in another script keeps the order its source gave.
  package var isFamilyFirstWithoutSpace: Bool {
    guard let given, let family else { return false }
    return Self.isCJK(family) && Self.isCJK(given)
  }

  /// Whether every letter of `text` is a Han character, kana or hangul (spaces and the
  /// middle dot of transcribed names aside).
  static func isCJK(_ text: String) -> Bool {
    // A Latin name is the common case: its first byte settles it.
    guard let first = text.utf8.first, first >= 0xE1 else { return false }
    var letters = 0
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x20, 0x30FB, 0xB7: continue
      case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA960...0xA97F, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x3134F:
        letters += 1
      default: return false
      }
    }
    return letters > 0
  }

  /// `family + given` with no space, for a name ``isFamilyFirstWithoutSpace``.
  static func familyFirst(_ given: String, _ family: String) -> String { family + given }
}

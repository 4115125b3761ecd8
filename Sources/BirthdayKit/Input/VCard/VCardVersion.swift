/// The vCard version a card declares, which decides how its lines unfold and its text unescapes.
enum VCardVersion: Hashable, Sendable {
  /// vCard 2.1: folding keeps the whitespace, only `\;` is an escape.
  case v21
  /// vCard 3.0 (RFC 2426).
  case v30
  /// vCard 4.0 (RFC 6350).
  case v40
  /// No or an unknown `VERSION`: read with the 3.0/4.0 rules, which real files mostly follow.
  case lenient

  /// Reads a `VERSION` value (`2.1`, `3.0`, `4.0`, surrounding blanks allowed).
  init(value: Span<UInt8>) {
    var start = 0
    var end = value.count
    while start < end, VCardBytes.isBlank(value[start]) { start += 1 }
    while end > start, VCardBytes.isBlank(value[end - 1]) { end -= 1 }
    let trimmed = value.extracting(start..<end)
    guard trimmed.count == 3, trimmed[1] == UInt8(ascii: ".") else {
      self = .lenient
      return
    }
    switch (trimmed[0], trimmed[2]) {
    case (UInt8(ascii: "2"), UInt8(ascii: "1")): self = .v21
    case (UInt8(ascii: "3"), UInt8(ascii: "0")): self = .v30
    case (UInt8(ascii: "4"), UInt8(ascii: "0")): self = .v40
    default: self = .lenient
    }
  }

  /// True when a folded line's leading white space belongs to the value (vCard 2.1, RFC 822 style).
  var keepsFoldingWhitespace: Bool { self == .v21 }
}

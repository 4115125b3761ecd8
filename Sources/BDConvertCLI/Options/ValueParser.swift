import BirthdayKit

/// Makes an option's value from its text; what it expects is said in the one message form of
/// ``CommandError/invalidValue(_:_:_:usage:)``.
struct ValueParser<Value: Sendable>: Sendable {
  /// The value, or why the text is not one.
  let parse: @Sendable (String) throws(ValueError) -> Value

  init(_ parse: @escaping @Sendable (String) throws(ValueError) -> Value) {
    self.parse = parse
  }
}

/// Why an option's text is not a value.
enum ValueError: Error, Sendable {
  /// `invalid --days 'x' (expected ...)`, with the closest of `suggestions` when one is close.
  case expected(String, suggestions: [String] = [])
  /// A message of its own (a library error that names the value).
  case message(String)
}

extension ValueParser where Value == String {
  /// Any text.
  static var text: ValueParser { ValueParser { text throws(ValueError) in text } }

  /// Any text but the empty one, which is refused with `message`.
  static func nonEmpty(_ message: String) -> ValueParser {
    ValueParser { text throws(ValueError) in
      guard !text.isEmpty else { throw .message(message) }
      return text
    }
  }
}

extension ValueParser where Value == Int {
  /// A whole number in `range`; `expected` says it in words.
  static func integer(in range: ClosedRange<Int>, _ expected: String) -> ValueParser {
    ValueParser { text throws(ValueError) in
      guard let number = Int(text), range.contains(number) else { throw .expected(expected) }
      return number
    }
  }
}

extension ValueParser where Value == Double {
  /// Seconds, more than 0 and at most `limit`.
  static func seconds(upTo limit: Double) -> ValueParser {
    ValueParser { text throws(ValueError) in
      guard let seconds = Double(text), seconds > 0, seconds <= limit else {
        throw .expected("seconds from 0 to \(Int(limit))")
      }
      return seconds
    }
  }
}

extension ValueParser where Value == CivilDate {
  /// `YYYY-MM-DD`, a real date.
  static var isoDate: ValueParser {
    ValueParser { text throws(ValueError) in
      guard let date = DateValueParser.parseExtendedDate(text) else {
        throw .expected("YYYY-MM-DD")
      }
      return date
    }
  }
}

extension ValueParser {
  /// One of the words of a `String` enumeration, case ignored.
  /// - Parameters:
  ///   - expected: the words as a message lists them.
  ///   - suggests: whether the closest word is suggested.
  static func choice(_ expected: String, suggests: Bool = false) -> ValueParser
  where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    ValueParser { text throws(ValueError) in
      guard let value = Value(rawValue: text.lowercased()) else {
        throw .expected(expected, suggestions: suggests ? Value.allCases.map(\.rawValue) : [])
      }
      return value
    }
  }
}

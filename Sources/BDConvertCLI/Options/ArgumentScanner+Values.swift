extension ArgumentScanner.Result {
  /// Whether `option` was given (a flag: whether it is set).
  func has<Value>(_ option: Option<Value>) -> Bool {
    options.contains { $0.name == option.long }
  }

  /// The text of the last `option` given, as typed.
  func text<Value>(_ option: Option<Value>) -> String? {
    options.last { $0.name == option.long }?.value
  }

  /// The value of the last `option` given, else its default.
  /// - Throws: a usage error naming the option when the text is not a value.
  func value<Value>(_ option: Option<Value>) throws(CommandError) -> Value? {
    guard let text = text(option) else { return option.defaultValue }
    return try parse(text, as: option)
  }

  /// The values of every `option` given, in order.
  func values<Value>(_ option: Option<Value>) throws(CommandError) -> [Value] {
    var values: [Value] = []
    for (name, text) in options where name == option.long {
      values.append(try parse(text, as: option))
    }
    return values
  }

  private func parse<Value>(_ text: String, as option: Option<Value>) throws(CommandError)
    -> Value
  {
    do throws(ValueError) {
      return try option.parser.parse(text)
    } catch {
      throw .invalidValue(option.long, text, error, usage: usage)
    }
  }
}

/// The last `RRULE` value parsed by `list`, so that a calendar whose events share one rule
/// (`FREQ=YEARLY` in every birthday calendar) parses it once, not once per event.
struct RecurrenceRuleCache {
  private var value: [UInt8]?
  private var result: Result<RecurrenceRule, RecurrenceRuleError> = .failure(.unsupported(""))

  /// The rule written as `value` (bytes as in the file), parsed or served from the cache.
  mutating func rule(_ value: [UInt8]) -> Result<RecurrenceRule, RecurrenceRuleError> {
    if value != self.value {
      self.value = value
      result = Result { () throws(RecurrenceRuleError) in
        try RecurrenceRule(parsing: String(decoding: value, as: UTF8.self))
      }
    }
    return result
  }
}

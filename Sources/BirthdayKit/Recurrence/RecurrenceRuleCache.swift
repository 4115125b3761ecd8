/// What `list` parses once and reuses across events: the last `RRULE` value (a birthday
/// calendar's events share `FREQ=YEARLY`) and every `TZID` resolved so far.
struct RecurrenceRuleCache {
  private var value: [UInt8]?
  private var result: Result<RecurrenceRule, RecurrenceRuleError> = .failure(.unsupported(""))
  private var zones: [[UInt8]: RecurrenceTimeZone?] = [:]

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

  /// The zone of a value with `TZID` `tzid` (empty for none), or UTC when it ends in `Z`; `nil`
  /// for floating values and unknown zones.
  mutating func zone(_ tzid: [UInt8], utc: Bool) -> RecurrenceTimeZone? {
    if utc { return .utc }
    if tzid.isEmpty { return nil }
    if let known = zones[tzid] { return known }
    let resolved = RecurrenceTimeZone(tzid: String(decoding: tzid, as: UTF8.self))
    if zones.count < 1000 { zones[tzid] = resolved }
    return resolved
  }
}

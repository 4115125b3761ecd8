/// Splits one CSV record into unquoted field values, reusing its storage from row to row.
///
/// A record without quotes (most of them) is not copied: its fields are ranges of the record.
struct CSVFieldSplitter {
  /// The values of the fields that are not one run of their record (a doubled quote inside
  /// quotes, text after a closing quote): unquoted, copied.
  private var bytes: [UInt8] = []
  /// Where each recorded field lies, one slot a field; longer than the fields recorded.
  private var slots: [Slot] = []
  private var fieldsAreInRecord = true
  /// The number of fields in the last record split.
  private(set) var count = 0
  /// The number of its fields recorded (the first ones, up to the fields needed).
  private var recorded = 0

  /// Where a recorded field lies. One array of these, lent to the split as one mutable span:
  /// three arrays passed `inout` cost a uniqueness check and three bounds checks per field.
  private struct Slot {
    /// Where the value starts: in the record, or, for a copied value, `~start` in `bytes`
    /// (negative).
    var start = 0
    /// Where the value ends, in the record or in `bytes`.
    var end = 0
    /// Where the field starts in the record (set when the fields were copied out of it).
    var recordStart = 0
  }

  /// Calls `body` with field `index` of `record`, which must be the record last split.
  func withField<Result>(
    _ index: Int, of record: Span<UInt8>,
    _ body: (Span<UInt8>) -> Result
  ) -> Result {
    precondition(index < recorded, "field \(index) was not recorded")
    let slot = slots[index]
    if slot.start >= 0 {
      return body(record.extracting(slot.start..<slot.end))
    }
    return body(bytes.span.extracting(~slot.start..<slot.end))
  }

  /// Where field `index` of `record` (split last) starts: the physical lines of the record
  /// before it (quoted fields may hold line breaks) and its 1-based byte column on its line;
  /// `nil` for a field not recorded.
  func position(ofField index: Int, in record: Span<UInt8>) -> (
    lines: Int, column: Int
  )? {
    guard index < recorded else { return nil }
    guard !fieldsAreInRecord else { return (0, slots[index].start + 1) }
    let start = slots[index].recordStart
    // Line breaks are rare (quoted addresses, mostly after the dates): find the first one
    // eight bytes at a time, and count from there.
    guard
      let firstBreak = ByteKernel.firstLineBreak(in: record, from: 0, to: start)
    else { return (0, start + 1) }
    var lines = 0
    var lineStart = 0
    for offset in firstBreak..<start {
      let byte = record[offset]
      guard byte == 0x0A || (byte == 0x0D && (offset + 1 == start || record[offset + 1] != 0x0A))
      else { continue }
      lines += 1
      lineStart = offset + 1
    }
    return (lines, start - lineStart + 1)
  }

  /// The fields of `data` from `start`, which is the start of a field: delimiters are counted
  /// eight bytes at a time between the quotes that open a quoted field.
  private static func countFields(
    in data: Span<UInt8>, from start: Int, delimiter: UInt8
  ) -> Int {
    var count = 0
    var index = start
    while true {
      if index < data.count, data[index] == 0x22 {  // a quoted field: to its closing quote
        var quote = index
        repeat {
          quote =
            ByteKernel.firstIndex(of: 0x22, in: data, from: quote + 1, to: data.count)
            ?? data.count
          guard quote < data.count else { return count + 1 }  // unterminated
          guard quote + 1 < data.count, data[quote + 1] == 0x22 else { break }
          quote += 1  // "" is one quote
        } while true
        // Text after the closing quote belongs to the field, quotes included.
        let next =
          ByteKernel.firstIndex(of: delimiter, in: data, from: quote + 1, to: data.count)
          ?? data.count
        count += 1
        guard next < data.count else { return count }
        index = next + 1
        continue
      }
      // Unquoted fields up to the next quote that opens a field (one after a delimiter); a
      // quote inside an unquoted field is text.
      var quote = index
      repeat {
        quote =
          ByteKernel.firstIndex(of: 0x22, in: data, from: quote + 1, to: data.count)
          ?? data.count
      } while quote < data.count && data[quote - 1] != delimiter
      count += ByteKernel.count(of: delimiter, in: data, from: index, to: quote)
      guard quote < data.count else { return count + 1 }
      index = quote
    }
  }

  /// Splits `record` at `delimiter`, outside quotes; a quoted field loses its quotes and its
  /// doubled quotes become one. Text after a closing quote is kept (lenient, like spreadsheets).
  ///
  /// Fields after `neededFields` are only counted: the reader never looks at them.
  mutating func split(
    _ data: Span<UInt8>, delimiter: UInt8, neededFields: Int = .max
  ) {
    bytes.removeAll(keepingCapacity: true)
    // No record has more fields than bytes + 1. The slots are written in place, not appended:
    // each append checks the array's capacity too.
    let slotCount = min(neededFields, data.count + 1)
    if slots.count < slotCount {
      slots = Array(repeating: Slot(), count: slotCount)
    }
    // Most records have no quote: find the delimiters eight bytes at a time, copy nothing.
    let firstQuote =
      ByteKernel.firstIndex(of: 0x22, in: data, from: 0, to: data.count) ?? data.count
    fieldsAreInRecord = firstQuote == data.count
    // The copied values' bytes are taken out of `self` while the slots are lent out.
    var copied: [UInt8] = []
    swap(&copied, &bytes)
    let counts: (recorded: Int, count: Int)
    do {
      var fields = slots.mutableSpan
      counts = Self.split(
        data, delimiter: delimiter, neededFields: slotCount, firstQuote: firstQuote,
        slots: &fields, bytes: &copied)
    }
    swap(&copied, &bytes)
    (recorded, count) = counts
  }

  /// ``split(_:delimiter:neededFields:)`` into slots that hold at least `neededFields`
  /// fields; returns the fields recorded and the fields counted.
  private static func split(
    _ data: Span<UInt8>, delimiter: UInt8, neededFields: Int, firstQuote: Int,
    slots: inout MutableSpan<Slot>, bytes: inout [UInt8]
  ) -> (recorded: Int, count: Int) {
    guard firstQuote < data.count else {
      return splitUnquoted(data, delimiter: delimiter, neededFields: neededFields, slots: &slots)
    }
    return splitQuoted(
      data, delimiter: delimiter, neededFields: neededFields, firstQuote: firstQuote,
      slots: &slots, bytes: &bytes)
  }

  /// A record without quotes, in one pass: the first fields are recorded, the rest only counted.
  private static func splitUnquoted(
    _ data: Span<UInt8>, delimiter: UInt8, neededFields: Int, slots: inout MutableSpan<Slot>
  ) -> (recorded: Int, count: Int) {
    var from = 0
    var recorded = 0
    var counted = 0
    ByteKernel.forEachIndex(of: delimiter, in: data, from: 0, to: data.count) { index in
      if recorded < neededFields {
        slots[recorded].start = from
        slots[recorded].end = index
        recorded += 1
        from = index + 1
      } else {
        counted += 1
      }
      return true
    }
    if recorded < neededFields {
      slots[recorded].start = from
      slots[recorded].end = data.count
      recorded += 1
    } else {
      counted += 1
    }
    return (recorded, recorded + counted)
  }

  /// A record with quotes: field by field, and only for the fields the reader uses (the others
  /// are only walked through, for the count). A value that is one run of the record (an unquoted
  /// field, or a quoted one without `""` or text after its closing quote) is kept as its range;
  /// the others are copied, run by run.
  ///
  /// The fields before `firstQuote` hold no quote: they are split eight bytes at a time, as in a
  /// record without quotes (a Google export's first quote is mostly in an address, after every
  /// column the reader uses).
  private static func splitQuoted(
    _ data: Span<UInt8>, delimiter: UInt8, neededFields: Int, firstQuote: Int,
    slots: inout MutableSpan<Slot>, bytes: inout [UInt8]
  ) -> (recorded: Int, count: Int) {
    var recorded = 0
    var index = 0
    ByteKernel.forEachIndex(of: delimiter, in: data, from: 0, to: firstQuote) { delimiterIndex in
      guard recorded < neededFields else { return false }
      slots[recorded] = Slot(start: index, end: delimiterIndex, recordStart: index)
      recorded += 1
      index = delimiterIndex + 1
      return true
    }
    var count = recorded
    while true {
      guard recorded < neededFields else {
        return (recorded, count + countFields(in: data, from: index, delimiter: delimiter))
      }
      slots[recorded].recordStart = index
      if index < data.count, data[index] == 0x22 {  // a quoted field
        index += 1
        let quote =
          ByteKernel.firstIndex(of: 0x22, in: data, from: index, to: data.count)
          ?? data.count
        // "value" then a delimiter or the end, the usual case: its value is the run inside.
        if quote < data.count, quote + 1 == data.count || data[quote + 1] == delimiter {
          slots[recorded].start = index
          slots[recorded].end = quote
          recorded += 1
          count += 1
          guard quote + 1 < data.count else { return (recorded, count) }
          index = quote + 2
          continue
        }
        slots[recorded].start = ~bytes.count
        while true {
          let quote =
            ByteKernel.firstIndex(of: 0x22, in: data, from: index, to: data.count)
            ?? data.count
          ByteKernel.append(data.extracting(index..<quote), to: &bytes)
          index = quote
          guard quote < data.count else { break }  // unterminated: the field runs to the end
          if quote + 1 < data.count, data[quote + 1] == 0x22 {  // "" is one quote
            bytes.append(0x22)
            index = quote + 2
            continue
          }
          index = quote + 1  // the closing quote; text after it is kept
          break
        }
      } else {
        slots[recorded].start = index  // unquoted: its value is the run up to the delimiter
      }
      let next =
        ByteKernel.firstIndex(of: delimiter, in: data, from: index, to: data.count)
        ?? data.count
      if slots[recorded].start >= 0 {
        slots[recorded].end = next
      } else {
        ByteKernel.append(data.extracting(index..<next), to: &bytes)
        slots[recorded].end = bytes.count
      }
      recorded += 1
      count += 1
      guard next < data.count else { return (recorded, count) }
      index = next + 1
    }
  }
}

/// Splits one CSV record into unquoted field values, reusing its storage from row to row.
struct CSVFieldSplitter {
  private var bytes: [UInt8] = []
  private var ends: [Int] = []

  /// The number of fields in the last record split.
  var count: Int { ends.count }

  /// Field `index` of the last record split.
  subscript(index: Int) -> ArraySlice<UInt8> {
    bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
  }

  /// Splits `record` at `delimiter`, outside quotes; a quoted field loses its quotes and its
  /// doubled quotes become one. Text after a closing quote is kept (lenient, like spreadsheets).
  mutating func split(_ data: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    do {
      // Most records have no quote: copy field by field, finding delimiters eight at a time.
      if ByteScan.firstIndex(of: 0x22, 0x22, 0x22, in: data, from: 0, to: data.count) == nil {
        var from = 0
        while true {
          let next =
            ByteScan.firstIndex(
              of: delimiter, delimiter, delimiter, in: data, from: from, to: data.count)
            ?? data.count
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: data[from..<next]))
          ends.append(bytes.count)
          guard next < data.count else { return }
          from = next + 1
        }
      }
      var index = 0
      var atFieldStart = true
      var inQuotes = false
      while index < data.count {
        let byte = data[index]
        index += 1
        if inQuotes {
          if byte == 0x22 {
            if index < data.count, data[index] == 0x22 {
              bytes.append(0x22)
              index += 1
            } else {
              inQuotes = false
            }
          } else {
            bytes.append(byte)
          }
          continue
        }
        if byte == delimiter {
          ends.append(bytes.count)
          atFieldStart = true
          continue
        }
        if byte == 0x22, atFieldStart {
          inQuotes = true
          atFieldStart = false
          continue
        }
        atFieldStart = false
        bytes.append(byte)
      }
      ends.append(bytes.count)
    }
  }
}

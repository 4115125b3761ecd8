/// A streaming reader of one address-book format.
///
/// Conforming types (``VCardReader``, ``CSVContactReader``) read their ``ByteSource`` record by
/// record and hand each ``Contact`` to `body` in input order, reporting problems through the
/// ``DiagnosticHandler`` they were created with. A bad record is reported and skipped; only a
/// failure to read the input at all (an I/O error, input that is not this format) throws.
package protocol ContactReader {
  /// Reads every contact, calling `body` once per contact in input order.
  /// - Throws: ``ByteSourceError`` on a read error, ``InputFormatError`` when the input is not
  ///   this format at all, or what `body` throws.
  mutating func forEachContact(_ body: (Contact) throws -> Void) throws

  /// Bytes consumed so far (for progress reports).
  var bytesRead: Int { get }
}

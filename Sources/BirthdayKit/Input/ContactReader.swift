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

/// The input is not the expected format at all, or cannot be read as a whole (a CSV file whose
/// date order nothing decides): nothing can be converted from it.
public struct InputFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the reader gave up.
  public var location: SourceLocation?
  /// What kind of problem it is (a ``Diagnostic/Kind``, declared beside the reader).
  public var kind: Diagnostic.Kind
  /// What was expected and what was found.
  public var message: String

  /// Creates an error from a reader's message factory.
  package init(_ message: Diagnostic.Message, at location: SourceLocation?) {
    self.message = message.text
    self.kind = message.kind
    self.location = location
  }

  /// Creates an error of kind ``Diagnostic/Kind/unclassified``.
  package init(_ message: String, at location: SourceLocation?) {
    self.init(Diagnostic.Message(.unclassified, message), at: location)
  }

  public var description: String {
    Diagnostic(Diagnostic.Message(kind, message), at: location).rendered(asError: true)
  }
}

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

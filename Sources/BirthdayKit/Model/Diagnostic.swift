/// A problem found in the input, reported while the conversion goes on.
///
/// Readers report diagnostics instead of throwing so that one bad card or row never stops the
/// rest of a file. Whether a diagnostic fails the run is the caller's choice (a command-line tool
/// may fail on every diagnostic that dropped data).
///
/// Every diagnostic the library makes comes from a ``Message`` factory declared beside the code
/// that reports it (`Diagnostic.Message.invalidDate(property:value:)` beside the vCard reader,
/// and so on), so its ``kind`` says what it is without reading its text.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// Where the problem is.
  public var location: SourceLocation?
  /// What kind of problem it is: one per message factory.
  public var kind: Kind
  /// A lowercase sentence fragment naming the property or column and quoting the value.
  public var message: String {
    get {
      switch text {
      case .ready(let message): message
      case .deferred(let makeMessage): makeMessage()
      }
    }
    set { text = .ready(newValue) }
  }
  /// True when data was dropped: a record or a date could not be converted.
  /// False for notices that lose nothing (a charset fallback, a duplicate that was merged).
  package var isConversionFailure: Bool
  /// The message, or how to make it: a million-row file can report hundreds of thousands of
  /// merged duplicates of which a command-line tool prints twenty, so their texts are made only
  /// when read.
  private var text: Text

  private enum Text: Sendable {
    case ready(String)
    case deferred(@Sendable () -> String)
  }

  /// Creates a diagnostic from a message factory: `Diagnostic(.invalidDate(...), at: location)`.
  package init(_ message: Message, at location: SourceLocation?) {
    self.location = location
    self.kind = message.kind
    self.text = .ready(message.text)
    self.isConversionFailure = message.isConversionFailure
  }

  /// Creates a diagnostic whose message is made by `makeMessage` when it is first read (each
  /// read calls it again; it must always return the same text).
  init(
    _ kind: Kind, isConversionFailure: Bool, at location: SourceLocation?,
    makeMessage: @escaping @Sendable () -> String
  ) {
    self.location = location
    self.kind = kind
    self.text = .deferred(makeMessage)
    self.isConversionFailure = isConversionFailure
  }

  /// Creates a diagnostic of kind ``Kind/unclassified`` (for problems found outside the library).
  package init(_ message: String, at location: SourceLocation?, isConversionFailure: Bool = true) {
    self.init(
      Message(.unclassified, message, isConversionFailure: isConversionFailure), at: location)
  }

  /// Compiler-style: `contacts.vcf:12: warning: invalid BDAY value '1990-13-01'`, or
  /// `warning: …` without a location.
  ///
  /// - Parameter asError: `error:` instead of `warning:`.
  package func rendered(asError: Bool = false) -> String {
    let severity = asError ? "error" : "warning"
    guard let location else { return "\(severity): \(message)" }
    return "\(location): \(severity): \(message)"
  }

  /// The warning form of ``rendered(asError:)``.
  public var description: String { rendered() }

  public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    lhs.location == rhs.location && lhs.kind == rhs.kind
      && lhs.isConversionFailure == rhs.isConversionFailure && lhs.message == rhs.message
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(location)
    hasher.combine(kind)
    hasher.combine(message)
    hasher.combine(isConversionFailure)
  }

  /// The identity of a diagnostic: which factory made it (`vcard.invalid-date`).
  ///
  /// Each reader declares its kinds beside its messages, as `static let` constants; compare
  /// kinds, never message texts.
  public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String

    /// Creates a kind; `rawValue` is `area.name` in lower case with dashes.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// A diagnostic made from a plain string.
    package static let unclassified = Kind(rawValue: "unclassified")
  }

  /// What a diagnostic says: its kind, its text and whether data was lost. Made by the static
  /// factories each reader declares in an extension beside it.
  package struct Message: Hashable, Sendable {
    public var kind: Kind
    package var text: String
    package var isConversionFailure: Bool

    /// Creates a message.
    package init(_ kind: Kind, _ text: String, isConversionFailure: Bool = true) {
      self.kind = kind
      self.text = text
      self.isConversionFailure = isConversionFailure
    }
  }
}

/// Where readers send diagnostics. Called synchronously, in input order.
public typealias DiagnosticHandler = (Diagnostic) -> Void

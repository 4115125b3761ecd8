/// A problem found in the input, reported while the conversion goes on.
///
/// Readers report diagnostics instead of throwing so that one bad card or row never stops the
/// rest of a file. Whether a diagnostic fails the run is the caller's choice: under `--strict`
/// every diagnostic with ``isConversionFailure`` set does.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// Where the problem is.
  public var location: SourceLocation?
  /// A lowercase sentence fragment naming the property or column and quoting the value.
  public var message: String
  /// True when data was dropped: a record or a date could not be converted.
  /// False for notices that lose nothing (a charset fallback, a duplicate that was merged).
  public var isConversionFailure: Bool

  /// Creates a diagnostic.
  public init(_ message: String, at location: SourceLocation?, isConversionFailure: Bool = true) {
    self.location = location
    self.message = message
    self.isConversionFailure = isConversionFailure
  }

  /// Renders compiler-style: `contacts.vcf:12: warning: invalid BDAY value '1990-13-01'`.
  ///
  /// - Parameter asError: print `error:` instead of `warning:` (used under `--strict`).
  public func rendered(asError: Bool = false) -> String {
    let severity = asError ? "error" : "warning"
    guard let location else { return "bdconvert: \(severity): \(message)" }
    return "\(location): \(severity): \(message)"
  }

  /// The warning form of ``rendered(asError:)``.
  public var description: String { rendered() }
}

/// Where readers send diagnostics. Called synchronously, in input order.
public typealias DiagnosticHandler = (Diagnostic) -> Void

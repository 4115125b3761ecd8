import BDConvertCLI
import BirthdayDAV

extension ServerFailure {
  /// The failure the commands report for a DAV client's error.
  init(_ error: DAVError) {
    let kind: Kind
    switch error {
    case .unreachable, .untrusted: kind = .unreachable
    case .unauthorized: kind = .unauthorized
    case .gaveUp, .stopped: kind = .gaveUp
    case .status, .redirected: kind = .status
    case .malformedResponse: kind = .malformedResponse
    case .refusedURL: kind = .refusedURL
    case .notACalendar: kind = .notACalendar
    }
    // The run's limits are the command line's options: named here, where the user set them.
    let limits = if case .stopped = error { " (--max-time, --max-wait)" } else { "" }
    self.init(kind, error.commandLineText + limits)
  }

  /// `error` as a ``ServerFailure`` when it is a ``DAVError``, else unchanged.
  static func translating(_ error: any Error) -> any Error {
    if let error = error as? DAVError { return ServerFailure(error) }
    return error
  }
}

import BirthdayKit

extension Frontend {
  /// The message and exit status for what a command's work threw, by its kind: malformed input
  /// 65, a target sync may not change 65, an unreadable target 66, an output that cannot be
  /// created 73, read and write errors 74, a server's failures by their kind (see
  /// ``ServerAccess/commandError(_:)``); a ``CommandError`` as it is.
  static func commandError(_ error: any Error) -> CommandError {
    switch error {
    case let error as CommandError: error
    case let error as ServerFailure: ServerAccess.commandError(error)
    case let error as SyncTargetError: commandError(error)
    case let error as InputFormatError:
      CommandError(status: .dataError, message: error.messageWithHint, location: error.location)
    case let error as ByteSourceError: CommandError(status: .ioError, message: error.description)
    case let error as TemporaryFileError:
      CommandError(status: .ioError, message: error.description)
    default: CommandError(status: .ioError, message: "\(error)")
    }
  }

  private static func commandError(_ error: SyncTargetError) -> CommandError {
    switch error.kind {
    case .refused: CommandError(status: .dataError, message: error.message)
    case .unreadable: CommandError(status: .noInput, message: error.message)
    case .cannotWrite: CommandError(status: .cannotCreate, message: error.message)
    case .writeFailed: CommandError(status: .ioError, message: error.message)
    }
  }
}

import BDConvertCLI
import BirthdayDAV
import Foundation

/// The server commands' client: BirthdayDAV (libcurl, XMLParser). `bdconvert-dav` passes it to
/// ``CommandLineTool/main(_:environment:server:)``.
public struct DAVServerBackend: ServerBackend {
  /// Creates the backend.
  public init() {}

  public func refusal(of url: URL, allowingPrivateHTTP: Bool) -> String? {
    do {
      try DAVClient.checkURL(url, allowingPrivateHTTP: allowingPrivateHTTP)
      return nil
    } catch {
      return error.commandLineText
    }
  }

  public func connect(_ login: ServerLogin) throws(ServerFailure) -> any ServerConnection {
    let credentials = try CredentialLookup.resolve(
      user: login.user, passwordFile: login.passwordFile, environment: login.environment,
      host: login.url.host ?? "", warn: login.onWarning)
    let client = DAVClient(
      credentials: credentials, origin: login.url, timeout: login.timeout,
      budget: RunBudget.forThisRun(time: login.maximumTime, waiting: login.maximumWait),
      userAgent: login.userAgent, allowsPrivateHTTP: login.allowsPrivateHTTP,
      trust: TLSTrust.forThisRun(
        caFile: login.caFile, pinnedKey: login.pinnedKey, environment: login.environment))
    client.onRetry = login.onRetry
    client.onWarning = login.onWarning
    return DAVServerConnection(client: client)
  }
}

import BDConvertCLI
import BDConvertServerCLI
import Foundation

// `bdconvert` with a CalDAV/CardDAV client: `bdconvert` runs this when a command names a server.
exit(
  CommandLineTool.main(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
    server: DAVServerBackend()))

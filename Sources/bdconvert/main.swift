import BDConvertCLI
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
// A command on a server runs in the sibling `bdconvert-dav`: this executable links no network or
// XML library, so that it starts fast.
if ServerSibling.isNeeded(for: arguments, environment: environment) {
  exit(ServerSibling.execute())
}
exit(CommandLineTool.main(arguments, environment: environment))

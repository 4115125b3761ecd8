import BDConvertCLI
import Foundation

exit(
  CommandLineTool.main(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))

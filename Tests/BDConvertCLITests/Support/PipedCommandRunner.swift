import Foundation

/// Runs the built `bdconvert` with `input` on standard input through a real pipe (`cat | bdconvert`),
/// so that standard input cannot be rewound or measured, as in a shell pipeline.
func runBDConvertFromPipe(
  _ arguments: [String], input: [UInt8], environment: [String: String] = [:]
) throws -> CommandResult {
  let scratch = try TemporaryDirectory()
  let inputPath = try scratch.write("stdin", input)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  // The pipeline's status is the status of its last command, bdconvert.
  process.arguments = ["-c", "cat -- \"$0\" | \"$@\"", inputPath, bdconvertBinary.path] + arguments
  process.environment = bdconvertEnvironment(environment)
  process.standardInput = FileHandle.nullDevice
  return try runCollectingOutput(process, in: scratch)
}

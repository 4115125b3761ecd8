import Foundation

/// Runs the built `bdconvert` with `input` on standard input through a real pipe (`cat | bdconvert`),
/// so that standard input cannot be rewound or measured, as in a shell pipeline.
func runBDConvertFromPipe(
  _ arguments: [String], input: [UInt8], environment: [String: String] = [:]
) throws -> CommandResult {
  let scratch = try TemporaryDirectory()
  let inputPath = try scratch.write("stdin", input)
  let outURL = scratch.url.appendingPathComponent("stdout")
  let errURL = scratch.url.appendingPathComponent("stderr")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  // The pipeline's status is the status of its last command, bdconvert.
  process.arguments = ["-c", "cat -- \"$0\" | \"$@\"", inputPath, bdconvertBinary.path] + arguments
  var env = ProcessInfo.processInfo.environment
  env.removeValue(forKey: "SOURCE_DATE_EPOCH")
  env.merge(environment) { _, new in new }
  process.environment = env
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  process.waitUntilExit()
  let out = try [UInt8](Data(contentsOf: outURL))
  let err = try Data(contentsOf: errURL)
  return CommandResult(
    status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
    stderr: String(decoding: err, as: UTF8.self), stdoutBytes: out)
}

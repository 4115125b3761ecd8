// libFuzzer target: the WebDAV multistatus parser (a server's answers are untrusted input).
// Built by Scripts/fuzz from Sources/BirthdayDAV/DAVMultistatus.swift and DAVError.swift alone.
//
// Properties checked on every input, beyond "no crash" and "no hang":
// - parsing either throws MultistatusError or returns responses;
// - parsing is deterministic (the same input gives the same responses);
// - every response's etag, when present, is trimmed and not empty.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func multistatusFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  let first: [DAVResponse]
  do {
    first = try DAVMultistatus.parse(bytes)
  } catch {
    return 0
  }
  guard let second = try? DAVMultistatus.parse(bytes) else {
    fatalError("the second parse of the same input failed")
  }
  precondition(first == second, "parsing is not deterministic")
  for response in first {
    if let etag = response.etag {
      precondition(!etag.isEmpty && etag == etag.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }
  return 0
}

// The entry point of the library fuzzer that Scripts/fuzz builds.
//
// The library's fuzz targets are built into one binary, since each build compiles the whole
// library optimised with sanitizers (about 90 s on two cores); BDCONVERT_FUZZ_TARGET picks the
// target once per process.
import Foundation

private let fuzzTarget: @Sendable (UnsafePointer<UInt8>, Int) -> CInt = {
  let name = ProcessInfo.processInfo.environment["BDCONVERT_FUZZ_TARGET"] ?? ""
  switch name {
  case "vcard": return vCardReaderFuzz
  case "csv": return csvReaderFuzz
  case "ics": return iCalendarFuzz
  case "sync": return syncPlannerFuzz
  case "rrule": return recurrenceFuzz
  default:
    fatalError("BDCONVERT_FUZZ_TARGET must be vcard, csv, ics, sync or rrule, not '\(name)'")
  }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzzTarget(data, size)
}

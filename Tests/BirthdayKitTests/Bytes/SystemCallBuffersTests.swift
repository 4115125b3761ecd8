import Testing

@testable import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fence's POSIX calls and byte moves, through their pointer-free signatures.
@Suite struct SystemCallBuffersTests {
  /// A fresh folder under the temporary directory.
  private func makeFolder() -> String {
    var template = Array((TemporaryFile.defaultDirectory + "/fence-test.XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap(mkdtemp) }
    #expect(made != nil)
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  @Test func entryNamesListsAFolderAndReportsWhatOpendirSaid() throws {
    let folder = makeFolder()
    defer { rmdir(folder) }
    for name in ["a.ics", "é.vcf", ".hidden"] {
      let descriptor = open(folder + "/" + name, O_CREAT | O_WRONLY, 0o600)
      #expect(descriptor >= 0)
      close(descriptor)
    }
    defer { for name in ["a.ics", "é.vcf", ".hidden"] { unlink(folder + "/" + name) } }
    let names = try SystemCallBuffers.entryNames(inFolder: folder).sorted()
    #expect(names == [".", "..", ".hidden", "a.ics", "é.vcf"].sorted())
    #expect(throws: SystemCallBuffers.Failure(code: ENOENT)) {
      try SystemCallBuffers.entryNames(inFolder: folder + "/missing")
    }
    #expect(throws: SystemCallBuffers.Failure(code: ENOTDIR)) {
      try SystemCallBuffers.entryNames(inFolder: folder + "/a.ics")
    }
  }

  @Test func writeAllAndReadFillTheRangesAsked() throws {
    let file = try TemporaryFile()
    let text = Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)
    try SystemCallBuffers.writeAll(text.span, to: file.descriptor)
    try SystemCallBuffers.writeAll("é", to: file.descriptor)
    var bytes = [UInt8](repeating: 0, count: 8)
    let read = try SystemCallBuffers.read(file.descriptor, at: 6, into: &bytes, in: 2..<7)
    #expect(read == 5)
    #expect(bytes == [0, 0] + Array("VCALE".utf8) + [0])
    let atEnd = try SystemCallBuffers.read(
      file.descriptor, at: text.count + 2, into: &bytes, in: 0..<8)
    #expect(atEnd == 0)
    #expect(throws: SystemCallBuffers.Failure(code: EBADF)) {
      try SystemCallBuffers.writeAll(text.span, to: -1)
    }
  }

  @Test func spanTransferMovesArraysThroughATemporaryFile() throws {
    let file = try TemporaryFile()
    let words: [UInt64] = [1, 0x0102_0304_0506_0708, .max]
    try ByteRegionAccess.append(words, to: file)
    try ByteRegionAccess.append(Array("tail".utf8).span, to: file)
    var back = [UInt64](repeating: 0, count: 4)
    #expect(try ByteRegionAccess.fill(&back, from: file, at: 0, count: 3) == 24)
    #expect(back == words + [0])
    var bytes = [UInt8](repeating: 0, count: 6)
    #expect(try ByteRegionAccess.read(file, at: 24, into: &bytes, region: 1..<6) == 4)
    #expect(bytes == [0] + Array("tail".utf8) + [0])
    var appended = Array("ab".utf8)
    ByteRegionAccess.append(Array("cd".utf8).span, to: &appended)
    #expect(appended == Array("abcd".utf8))
  }
}

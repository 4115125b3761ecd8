import Foundation
import Testing

@testable import BirthdayKit

/// What reading one vCard input produced.
struct VCardReadResult {
  var contacts: [Contact] = []
  var diagnostics: [Diagnostic] = []

  /// Every diagnostic rendered as the CLI prints it.
  var rendered: [String] { diagnostics.map { $0.rendered() } }
  /// The first contact's birthday as ISO 8601 text.
  var birthday: String? { contacts.first?.birthday?.description }
  /// The first contact's display name.
  var name: String? { contacts.first?.name?.formatted }
}

/// Collects diagnostics from a reader's handler.
private final class DiagnosticLog {
  var diagnostics: [Diagnostic] = []
}

/// Reads `bytes` with ``VCardReader``; `chunkSize` lets tests split lines across reads.
func readVCard(_ bytes: [UInt8], fileName: String = "test.vcf") throws -> VCardReadResult {
  let log = DiagnosticLog()
  var reader = VCardReader(
    source: MemoryByteSource(bytes), fileName: fileName, diagnostics: { log.diagnostics.append($0) }
  )
  var result = VCardReadResult()
  try reader.forEachContact { result.contacts.append($0) }
  result.diagnostics = log.diagnostics
  return result
}

/// Reads the UTF-8 of `text`.
func readVCard(_ text: String, fileName: String = "test.vcf") throws -> VCardReadResult {
  try readVCard(Array(text.utf8), fileName: fileName)
}

/// One card: `BEGIN:VCARD`, `VERSION:` (when given), `FN:Test`, then `lines`, then `END:VCARD`,
/// LF-separated. With a version, `lines` start on line 4.
func card(version: String?, _ lines: String) -> String {
  var text = "BEGIN:VCARD\n"
  if let version { text += "VERSION:\(version)\n" }
  return text + "FN:Test\n" + lines + "\nEND:VCARD\n"
}

/// The bytes of a fixture under `Resources/vcard/`.
func vcardFixture(_ name: String) throws -> [UInt8] {
  let url = try #require(
    Bundle.module.url(forResource: name, withExtension: "vcf", subdirectory: "Resources/vcard"))
  return Array(try Data(contentsOf: url))
}

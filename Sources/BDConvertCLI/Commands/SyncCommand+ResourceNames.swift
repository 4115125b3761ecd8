import BirthdayKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SyncCommand {
  /// The largest `.vcf` of a folder source that is looked into for how many cards it holds: a
  /// vdir's files hold one card each and are small; a larger file is an export of many.
  static let largestSingleCardFile = 1 << 20

  /// Of the files a folder source was expanded to, those that hold one card (a vdir's files):
  /// their names stay with the contact when it is renamed, so they key it (see
  /// ``ContactIdentityKey``). A file of several cards keys none: its name is not one person's.
  static func singleCardFiles(_ paths: [String]) -> Set<String> {
    var found = Set<String>()
    let begin = Array("begin:vcard".utf8)
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0, Int(info.st_size) <= largestSingleCardFile,
        let data = FileManager.default.contents(atPath: path), data.count <= largestSingleCardFile
      else { continue }
      let bytes = [UInt8](data)
      let filled = bytes.count
      var cards = 0
      var index = 0
      while index + begin.count <= filled, cards < 2 {
        if bytes[index] | 0x20 == begin[0],
          (0..<begin.count).allSatisfy({ bytes[index + $0] | 0x20 == begin[$0] })
        {
          cards += 1
          index += begin.count
        } else {
          index += 1
        }
      }
      if cards == 1 { found.insert(path) }
    }
    return found
  }

  /// The name of the file or server resource that holds the contact at a location alone: the
  /// file name of a single-card `.vcf` of a folder source, the last part of a CardDAV
  /// resource's path (a CardDAV resource holds one card). `nil` elsewhere.
  static func resourceNames(
    singleCardFiles: Set<String>, addressBooks: ServerAddressBooks?
  ) -> (@Sendable (SourceLocation) -> String?)? {
    let books = addressBooks?.resourceLookups ?? [:]
    guard !singleCardFiles.isEmpty || !books.isEmpty else { return nil }
    return { location in
      if singleCardFiles.contains(location.file) {
        return location.file.split(separator: "/").last.map(String.init)
      }
      guard let lookup = books[location.file], let (path, _) = lookup(location.line) else {
        return nil
      }
      return path.split(separator: "/").last.map(String.init)
    }
  }
}

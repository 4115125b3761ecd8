import Foundation

/// A CardDAV address book read as one stream of vCards (RFC 6352): its members listed with one
/// PROPFIND, their content fetched with `addressbook-multiget`, ``DAVCollection/batchSize`` at a
/// time, and handed on card by card, so that the vCard reader sees what a `.vcf` file would give
/// it. ``lines`` remembers where each resource starts, so that a diagnostic about line N of the
/// stream can name the resource and its own line (`/me/contacts/jane.vcf:4`).
public struct AddressBookDownload: Sendable {
  /// Where each resource starts in the stream: its first line (1-based) and its path.
  public private(set) var starts: [(line: Int, path: String)] = []
  /// Lines written so far.
  public private(set) var lines = 0
  /// Bytes written so far.
  public private(set) var bytes = 0

  /// What is read from one address book at most, so that a hostile server cannot fill the disk.
  public struct Limits: Sendable {
    /// Member resources.
    public var resources = 500_000
    /// Bytes of vCard data in all.
    public var bytes = 4 << 30

    /// The default limits.
    public init() {}
  }

  /// Reads every vCard of `collection` (an address book) and passes it to `write`, each ending
  /// with a line break. Members are read in path order, so two runs give the same stream.
  /// - Throws: ``DAVError`` when a request fails or a limit is passed (nothing should then be
  ///   used of what was written), or what `write` throws.
  public static func read(
    _ collection: DAVCollection, limits: Limits = Limits(), write: ([UInt8]) throws -> Void
  ) throws -> AddressBookDownload {
    var download = AddressBookDownload()
    let members = try collection.members().sorted { $0.url.path < $1.url.path }
    guard members.count <= limits.resources else {
      throw DAVError.malformedResponse(
        url: collection.url.absoluteString,
        reason: "\(members.count) resources, more than the \(limits.resources) read at most")
    }
    var start = 0
    while start < members.count {
      let end = min(start + DAVCollection.batchSize, members.count)
      // A multiget answers in any order: the stream keeps path order.
      let fetched = try collection.fetch(Array(members[start..<end])).sorted {
        $0.url.path < $1.url.path
      }
      for resource in fetched {
        var card = [UInt8](resource.data ?? Data())
        if card.isEmpty { continue }
        if card.last != 0x0A { card += [0x0D, 0x0A] }
        download.bytes += card.count
        guard download.bytes <= limits.bytes else {
          throw DAVError.malformedResponse(
            url: collection.url.absoluteString,
            reason: "more than \(limits.bytes) bytes of vCards, the most read from one address book"
          )
        }
        download.starts.append((download.lines + 1, resource.url.path))
        download.lines += card.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        try write(card)
      }
      start = end
    }
    return download
  }

  /// The resource and its own line for line `line` of the stream; `nil` before the first card.
  public func resource(atLine line: Int) -> (path: String, line: Int)? {
    // The last start at or before `line` (binary search: an address book may be large).
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle].line <= line { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    let start = starts[low - 1]
    return (start.path, line - start.line + 1)
  }
}

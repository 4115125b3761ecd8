import Foundation

/// One resource of a collection on the server: where it is, its version, and (once fetched)
/// its content.
public struct DAVResource: Sendable, Equatable {
  /// The absolute URL.
  public var url: URL
  /// The entity tag, quotes kept, for `If-Match`.
  public var etag: String?
  /// The content (`calendar-data` or `address-data`), when it was asked for.
  public var data: Data?

  /// Creates a resource.
  public init(url: URL, etag: String?, data: Data? = nil) {
    self.url = url
    self.etag = etag
    self.data = data
  }

  /// The last path segment, percent-decoded, as diagnostics name the resource: `jane.ics`.
  public var name: String {
    let last = url.lastPathComponent
    return last.isEmpty ? url.path : last
  }
}

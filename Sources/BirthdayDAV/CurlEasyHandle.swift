import CCurl
import Foundation

/// The one place BirthdayDAV holds libcurl's C pointers: an easy handle, its error buffer, the
/// header list of a request and the context its callbacks write into. One exchange at a time
/// uses a handle; between exchanges it keeps its open connections for the next one.
///
/// Sendable only so that ``HTTPTransport``'s pool can hand it from one thread to another: the
/// pool gives each handle to one caller at a time, under its lock, and the caller gives it back
/// when its exchange is over. No two threads ever use one handle at once.
final class CurlEasyHandle: @unchecked Sendable {
  /// What one exchange gave: libcurl's result, the status, the last response's headers (names
  /// lowercased) and its body, whether the body was cut at the limit, and libcurl's message.
  struct Outcome {
    var code: CURLcode
    var status: Int
    var headers: [String: String]
    var body: Data
    var tooLarge: Bool
    var message: String
  }

  /// What the callbacks write during one exchange, on the thread that runs it.
  private final class Reception {
    let limit: Int
    var body = Data()
    var headers: [String: String] = [:]
    var tooLarge = false

    init(limit: Int) { self.limit = limit }
  }

  private let handle: UnsafeMutableRawPointer
  private let errorBuffer: UnsafeMutablePointer<CChar>

  /// libcurl's global state, set up once for the process before the first handle.
  private static let globalSetup: CURLcode = curl_global_init(ccurl_global_all())

  /// A new handle, or `nil` when libcurl cannot make one.
  init?() {
    guard Self.globalSetup == CURLE_OK, let handle = curl_easy_init() else { return nil }
    self.handle = handle
    errorBuffer = .allocate(capacity: Int(ccurl_error_size()))
    errorBuffer.initialize(repeating: 0, count: Int(ccurl_error_size()))
  }

  deinit {
    curl_easy_cleanup(handle)
    errorBuffer.deallocate()
  }

  /// Sends one request and reads its answer on the calling thread, within `milliseconds` for
  /// the whole exchange; a body past `maximumBodySize` (announced or counted) ends it.
  func perform(
    _ request: HTTPRequest, milliseconds: Int, maximumBodySize: Int, trust: TLSTrust
  ) -> Outcome {
    // Options of the previous exchange go; the connections stay.
    curl_easy_reset(handle)
    errorBuffer[0] = 0
    let reception = Reception(limit: maximumBodySize)
    let context = Unmanaged.passUnretained(reception).toOpaque()
    var list: UnsafeMutablePointer<curl_slist>?
    defer { curl_slist_free_all(list) }
    var fields = request.headers.map { "\($0.name): \($0.value)" }
    // curl's own defaults for a body: a form content type and, for a large body, a wait for
    // "100 Continue" that some servers never send.
    if request.body != nil,
      !request.headers.contains(where: { $0.name.lowercased() == "content-type" })
    {
      fields.append("Content-Type:")
    }
    fields.append("Expect:")
    for field in fields { list = curl_slist_append(list, field) }

    var failed = false
    func set(_ option: CURLoption, _ value: Int) {
      if ccurl_setopt_long(handle, option, value) != CURLE_OK { failed = true }
    }
    func set(_ option: CURLoption, _ value: String) {
      if value.withCString({ ccurl_setopt_pointer(handle, option, $0) }) != CURLE_OK {
        failed = true
      }
    }
    func set(_ option: CURLoption, pointer: UnsafeRawPointer?) {
      if ccurl_setopt_pointer(handle, option, pointer) != CURLE_OK { failed = true }
    }

    set(CURLOPT_URL, request.url.absoluteString)
    set(CURLOPT_PROTOCOLS_STR, "http,https")
    set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    set(CURLOPT_FOLLOWLOCATION, 0)  // DAVClient decides about redirects
    set(CURLOPT_NETRC, Int(CURL_NETRC_IGNORED.rawValue))  // credentials are DAVClient's
    set(CURLOPT_NOSIGNAL, 1)  // several threads; no SIGALRM for timeouts
    set(CURLOPT_TIMEOUT_MS, milliseconds)
    set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
    if ccurl_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maximumBodySize))
      != CURLE_OK
    {
      failed = true
    }
    set(CURLOPT_ERRORBUFFER, pointer: errorBuffer)
    set(CURLOPT_HTTPHEADER, pointer: list)
    if let caFile = trust.caFile { set(CURLOPT_CAINFO, caFile) }
    if let caDirectory = trust.caDirectory { set(CURLOPT_CAPATH, caDirectory) }
    if let pin = trust.pinnedKey {
      // The pinned key is the server's identity: its certificate may be self-signed.
      set(CURLOPT_PINNEDPUBLICKEY, pin)
      set(CURLOPT_SSL_VERIFYPEER, 0)
      set(CURLOPT_SSL_VERIFYHOST, 0)
    }
    if let body = request.body {
      if ccurl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
        != CURLE_OK
      {
        failed = true
      }
      // Copied by libcurl: the data need not outlive this call.
      body.withUnsafeBytes { bytes in
        let empty: StaticString = ""
        set(
          CURLOPT_COPYPOSTFIELDS,
          pointer: bytes.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(empty.utf8Start)
        )
      }
    } else {
      set(CURLOPT_HTTPGET, 1)
    }
    if request.method == "HEAD" { set(CURLOPT_NOBODY, 1) }
    set(CURLOPT_CUSTOMREQUEST, request.method)
    set(CURLOPT_WRITEDATA, pointer: context)
    set(CURLOPT_HEADERDATA, pointer: context)
    if ccurl_setopt_callback(handle, CURLOPT_WRITEFUNCTION, Self.receiveBody) != CURLE_OK
      || ccurl_setopt_callback(handle, CURLOPT_HEADERFUNCTION, Self.receiveHeader) != CURLE_OK
    {
      failed = true
    }
    guard !failed else {
      return Outcome(
        code: CURLE_FAILED_INIT, status: 0, headers: [:], body: Data(), tooLarge: false,
        message: "libcurl refused an option (libcurl 7.85 or later is needed)")
    }

    let code = withExtendedLifetime(reception) { curl_easy_perform(handle) }
    var status = 0
    if ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK { status = 0 }
    var message = String(cString: errorBuffer)
    if message.isEmpty { message = String(cString: curl_easy_strerror(code)) }
    return Outcome(
      code: code, status: status, headers: reception.headers,
      body: reception.tooLarge ? Data() : reception.body, tooLarge: reception.tooLarge,
      message: message)
  }

  /// Keeps a body chunk, or ends the transfer (by taking none of it) when the body would pass
  /// the limit.
  private static let receiveBody: ccurl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let reception = Unmanaged<Reception>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return length }
    if reception.body.count + length > reception.limit {
      reception.tooLarge = true
      reception.body = Data()
      return 0
    }
    reception.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
    return length
  }

  /// Collects the header fields of the last response (a status line starts a new one: an
  /// interim `100 Continue` and its fields are forgotten); a repeated field is joined with
  /// commas.
  private static let receiveHeader: ccurl_data_callback = { data, size, count, context in
    let length = size * count
    guard let context, let data else { return length }
    let reception = Unmanaged<Reception>.fromOpaque(context).takeUnretainedValue()
    let line = String(
      decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      reception.headers = [:]
      return length
    }
    guard let colon = line.firstIndex(of: ":") else { return length }
    let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { return length }
    if let earlier = reception.headers[name] {
      reception.headers[name] = earlier + ", " + value
    } else {
      reception.headers[name] = value
    }
    return length
  }
}

/// The message of a name-based UUID (the namespace's 16 bytes, then the name) gathered in one
/// inline buffer and hashed in one go by ``SHA1/digestWords(paddingInPlace:length:)``.
///
/// Feeding a streaming ``SHA1`` piece by piece spends much of a UUID's work on partial-block
/// bookkeeping. A name too long for the buffer moves to a streaming ``SHA1`` on the way, so any
/// length gives the same digest.
struct UUIDNameMessage {
  /// Bytes a message is gathered in: three blocks, so messages up to 183 bytes (names up to 167)
  /// are hashed in one go.
  static let capacity = 192
  private static let messageLimit = capacity - 9

  private var storage = InlineArray<192, UInt8>(repeating: 0)
  private var count = 0
  /// The hash the message went on in once it outgrew `storage`.
  private var spilled: SHA1?

  /// Starts a message with the 16 bytes of `namespace`.
  init(namespace: NameBasedUUID) {
    for index in 0..<8 {
      storage[index] = UInt8(truncatingIfNeeded: namespace.high >> (56 - 8 * index))
      storage[8 + index] = UInt8(truncatingIfNeeded: namespace.low >> (56 - 8 * index))
    }
    count = 16
  }

  /// Adds bytes to the message.
  mutating func update(_ bytes: Span<UInt8>) {
    if spilled == nil, bytes.count <= Self.messageLimit - count {
      var target = storage.mutableSpan
      ByteKernel.copy(bytes, into: &target, at: count)
      count += bytes.count
      return
    }
    spill(bytes)
  }

  /// Adds the UTF-8 of a constant to the message.
  mutating func update(_ text: StaticString) {
    text.withUTF8Buffer { update($0.span) }
  }

  /// The SHA-1 digest of the message as five words.
  mutating func digestWords() -> (UInt32, UInt32, UInt32, UInt32, UInt32) {
    if var sha = spilled { return sha.finalizeWords() }
    var message = storage.mutableSpan
    return SHA1.digestWords(paddingInPlace: &message, length: count)
  }

  /// Moves the message to a streaming hash (once) and adds `bytes` there.
  @inline(never)
  private mutating func spill(_ bytes: Span<UInt8>) {
    var sha = spilled ?? SHA1()
    if spilled == nil { sha.update(storage.span.extracting(0..<count)) }
    sha.update(bytes)
    spilled = sha
  }
}

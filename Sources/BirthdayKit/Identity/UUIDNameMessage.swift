/// The message of a name-based UUID (the namespace's 16 bytes, then the name) gathered in one
/// stack buffer and hashed in one go by ``SHA1/digestWords(paddingInPlace:length:)``.
///
/// Feeding a streaming ``SHA1`` piece by piece spends much of a UUID's work on partial-block
/// bookkeeping. A name too long for the buffer moves to a streaming ``SHA1`` on the way, so any
/// length gives the same digest.
struct UUIDNameMessage {
  /// Bytes of stack a message is gathered in: three blocks, so messages up to 183 bytes (names
  /// up to 167) are hashed in one go.
  static let capacity = 192
  private static let messageLimit = capacity - 9

  private let storage: UnsafeMutableRawPointer
  private var count = 0
  /// The hash the message went on in once it outgrew `storage`.
  private var spilled: SHA1?

  /// Starts a message in `storage` (``capacity`` bytes) with the 16 bytes of `namespace`.
  init(storage: UnsafeMutableRawPointer, namespace: NameBasedUUID) {
    self.storage = storage
    storage.storeBytes(of: namespace.high.bigEndian, toByteOffset: 0, as: UInt64.self)
    storage.storeBytes(of: namespace.low.bigEndian, toByteOffset: 8, as: UInt64.self)
    count = 16
  }

  /// Adds bytes to the message.
  mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    if spilled == nil, bytes.count <= Self.messageLimit - count {
      if let source = bytes.baseAddress {
        (storage + count).copyMemory(from: source, byteCount: bytes.count)
      }
      count += bytes.count
      return
    }
    spill(bytes)
  }

  /// Adds the UTF-8 of a constant to the message.
  mutating func update(_ text: StaticString) {
    update(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// The SHA-1 digest of the message as five words.
  mutating func digestWords() -> (UInt32, UInt32, UInt32, UInt32, UInt32) {
    if var sha = spilled { return sha.finalizeWords() }
    return SHA1.digestWords(paddingInPlace: storage, length: count)
  }

  /// Moves the message to a streaming hash (once) and adds `bytes` there.
  @inline(never)
  private mutating func spill(_ bytes: UnsafeBufferPointer<UInt8>) {
    var sha = spilled ?? SHA1()
    if spilled == nil {
      sha.update(
        UnsafeBufferPointer(start: storage.assumingMemoryBound(to: UInt8.self), count: count))
    }
    sha.update(bytes)
    spilled = sha
  }
}

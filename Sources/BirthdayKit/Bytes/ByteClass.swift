/// A set of bytes that ``ByteKernel`` looks for, tested sixteen bytes at a time and one at a
/// time; the two tests must agree on every byte (the kernel's tests check the ones here).
///
/// A class is a small value whose tests inline into the kernel's loop: a few vector compares a
/// block, no table.
package protocol ByteClass: Sendable {
  /// The lanes of `block` whose bytes are in the class.
  func matches(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>
  /// Whether `byte` is in the class.
  func matches(_ byte: UInt8) -> Bool
}

/// One byte value.
struct OneByte: ByteClass {
  let byte: UInt8

  @inline(__always) init(_ byte: UInt8) { self.byte = byte }

  @inline(__always) func matches(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    block .== SIMD16(repeating: byte)
  }

  @inline(__always) func matches(_ byte: UInt8) -> Bool { byte == self.byte }
}

/// Any of three byte values (repeat one for two).
struct AnyOfBytes: ByteClass {
  let first: UInt8
  let second: UInt8
  let third: UInt8

  @inline(__always) init(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
    (self.first, self.second, self.third) = (first, second, third)
  }

  @inline(__always) func matches(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    (block .== SIMD16(repeating: first)) .| (block .== SIMD16(repeating: second))
      .| (block .== SIMD16(repeating: third))
  }

  @inline(__always) func matches(_ byte: UInt8) -> Bool {
    byte == first || byte == second || byte == third
  }
}

/// CR and LF.
struct LineBreakBytes: ByteClass {
  @inline(__always) init() {}

  @inline(__always) func matches(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    (block .== SIMD16(repeating: 0x0A)) .| (block .== SIMD16(repeating: 0x0D))
  }

  @inline(__always) func matches(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
}

/// Bytes at or above 0x80: not ASCII.
struct NonASCIIBytes: ByteClass {
  @inline(__always) init() {}

  @inline(__always) func matches(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    SIMD16<Int8>(truncatingIfNeeded: block) .< SIMD16(repeating: 0)
  }

  @inline(__always) func matches(_ byte: UInt8) -> Bool { byte >= 0x80 }
}

/// The C0 controls, bytes below 0x20.
struct ControlBytes: ByteClass {
  @inline(__always) init() {}

  @inline(__always) func matches(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    let signed = SIMD16<Int8>(truncatingIfNeeded: block)
    return (signed .< SIMD16(repeating: 0x20)) .& (signed .>= SIMD16(repeating: 0))
  }

  @inline(__always) func matches(_ byte: UInt8) -> Bool { byte < 0x20 }
}

/// The bytes of either of two classes.
struct ByteClassUnion<First: ByteClass, Second: ByteClass>: ByteClass {
  let first: First
  let second: Second

  @inline(__always) func matches(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    first.matches(block) .| second.matches(block)
  }

  @inline(__always) func matches(_ byte: UInt8) -> Bool {
    first.matches(byte) || second.matches(byte)
  }
}

extension ByteClass {
  /// The bytes of this class and of `other`.
  @inline(__always) func or<Other: ByteClass>(_ other: Other) -> ByteClassUnion<Self, Other> {
    ByteClassUnion(first: self, second: other)
  }
}

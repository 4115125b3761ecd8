extension [UInt8] {
  /// A copy of the bytes of `span`, in one copy.
  package init(copying span: Span<UInt8>) {
    self = []
    reserveCapacity(span.count)
    ByteKernel.append(span, to: &self)
  }
}

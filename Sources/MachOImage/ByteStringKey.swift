/// A hashable view of file bytes, so names can be deduplicated without making a `String` each.
///
/// Only valid while the bytes it points at (the mapped file) are alive; keys never leave the
/// reader that creates them.
struct ByteStringKey: Hashable {
  /// The bytes compared and hashed.
  let bytes: UnsafeRawBufferPointer

  static func == (lhs: ByteStringKey, rhs: ByteStringKey) -> Bool {
    lhs.bytes.count == rhs.bytes.count && lhs.bytes.elementsEqual(rhs.bytes)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(bytes: bytes)
  }
}

/// The defined names a reader keeps as the identity of code an image was built from, beyond the
/// Objective-C classes and Swift modules every scan notes (`DefinedIdentities`): the C functions
/// and data the catalog documents as a commonly used SDK's own (`_SSL_CTX_new`, `pb_encode`).
/// A reader keeps each one the image defines, once, in `Image.documentedDefinitions`.
///
/// Most defined names are turned away by their first two bytes (`mayKeep(startingWith:)`, one
/// load and a bit test) before the reader measures or hashes them.
@usableFromInline package struct DefinitionFilter: Sendable {
  private let names: ByteKeyTable<Void>
  /// One bit for each two-byte beginning a kept name has, of 65,536.
  @usableFromInline let leadingPairs: [UInt64]

  /// The number of leading bytes `mayKeep(startingWith:)` looks at.
  @usableFromInline package static let leadingByteCount = 2

  /// A filter that keeps exactly `names`, spelled as binaries spell them (`_SSL_CTX_new` in
  /// Mach-O, `SSL_CTX_new` in ELF). A name shorter than two bytes is never kept.
  package init(names: [String]) {
    var table = ByteKeyTable<Void>()
    var pairs = [UInt64](repeating: 0, count: 1024)
    for name in names.map({ Array($0.utf8) }) where name.count >= Self.leadingByteCount {
      name.withUnsafeBytes { _ = table.insert($0) }
      let pair = Int(name[0]) << 8 | Int(name[1])
      pairs[pair >> 6] |= 1 << UInt64(pair & 63)
    }
    self.names = table
    leadingPairs = pairs
  }

  /// Whether a name starting with `leading` (its first `leadingByteCount` bytes, or all of a
  /// shorter name) can be one the filter keeps: false for most names.
  @inlinable
  package func mayKeep(startingWith leading: UnsafeRawBufferPointer) -> Bool {
    guard leading.count >= Self.leadingByteCount else { return false }
    let pair = Int(leading[0]) << 8 | Int(leading[1])
    return leadingPairs.withUnsafeBufferPointer { $0[pair >> 6] } & (1 << UInt64(pair & 63)) != 0
  }

  /// Whether the defined name `name` is kept.
  package func keeps(_ name: UnsafeRawBufferPointer) -> Bool {
    names.contains(name)
  }
}

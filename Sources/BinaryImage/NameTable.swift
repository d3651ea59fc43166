/// A reference to a name stored in an image's `NameTable`.
public struct NameRef: Sendable, Hashable {
  /// Byte offset into the table.
  public var offset: UInt32
  /// Length in bytes, without a terminator.
  public var length: UInt32

  /// Creates a reference.
  public init(offset: UInt32, length: UInt32) {
    self.offset = offset
    self.length = length
  }
}

/// One contiguous byte arena holding every name of an image.
///
/// Readers copy each symbol name here once, so an image is a self-contained value that outlives
/// the mapped file, without building one `String` per symbol: most symbols are only ever
/// compared as bytes or written straight to the output.
public struct NameTable: Sendable, Hashable {
  /// The concatenated name bytes.
  public private(set) var storage: [UInt8] = []

  /// Creates an empty table.
  public init() {}

  /// Appends a name and returns its reference.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) -> NameRef {
    let offset = UInt32(truncatingIfNeeded: storage.count)
    storage.append(contentsOf: bytes)
    return NameRef(offset: offset, length: UInt32(truncatingIfNeeded: bytes.count))
  }

  /// Appends a Swift string's UTF-8 bytes and returns its reference.
  public mutating func append(_ string: String) -> NameRef {
    var copy = string
    return copy.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Calls `body` with the bytes of `name`.
  public func withBytes<R>(of name: NameRef, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try storage.withUnsafeBytes { all in
      let start = min(Int(name.offset), all.count)
      let end = min(start + Int(name.length), all.count)
      return try body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
    }
  }

  /// The name as a `String` (invalid UTF-8 repaired).
  public func string(_ name: NameRef) -> String {
    withBytes(of: name) { String(fileBytes: $0) }
  }
}

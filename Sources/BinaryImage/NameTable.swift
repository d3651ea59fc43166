/// A reference to a name stored in an image's `NameTable`.
package struct NameRef: Sendable, Hashable {
  /// Byte offset into the table.
  package var offset: UInt32
  /// Length in bytes, without a terminator.
  package var length: UInt32

  /// Creates a reference.
  package init(offset: UInt32, length: UInt32) {
    self.offset = offset
    self.length = length
  }
}

/// One contiguous byte arena holding every name of an image, and the limit on how many name
/// bytes the image's readers may take in.
///
/// Readers copy each symbol name here once, so an image is a self-contained value that outlives
/// the mapped file, without building one `String` per symbol: most symbols are only ever
/// compared as bytes or written straight to the output.
///
/// A string table may be shared: many symbols can name overlapping suffixes of one string, or
/// the same string again and again, so a file of a few hundred KB can name gigabytes. Every
/// name a reader measures therefore counts against `byteLimit`, whether it is stored (`append`)
/// or only read and found to be a duplicate or unwanted (`charge`); a name turned away by its
/// first bytes, unmeasured, costs a few loads and is not counted. The limit is a small multiple
/// of the image's size, never less than `minimumLimit`, never more than `UInt32.max`, so that
/// the work and memory an image costs follow its size and a `NameRef` offset cannot wrap. Going over is a `malformed`
/// error for that image.
package struct NameTable: Sendable {
  /// The limit for any image, however small: far more than any real image's names.
  package static let minimumLimit = 16 << 20
  /// The limit for a larger image, as a multiple of its size. A real image takes in each name
  /// about once (a symbol table's strings, dyld's, the selector names), well under this.
  package static let limitPerImageByte = 8

  /// The concatenated name bytes.
  package private(set) var storage: [UInt8] = []
  /// How many name bytes readers may take in; at most `UInt32.max`.
  package let byteLimit: Int
  /// The name bytes taken in so far, stored or not; `storage.count` never exceeds it.
  package private(set) var bytesTaken = 0
  /// The error of the first name that went over `byteLimit`. From then on every name fails with
  /// it, so a reader that records a failed table and reads on can fail the image with it instead.
  package private(set) var limitError: BinaryError?
  private let imageSize: Int

  /// Creates an empty table for an image of `imageSize` bytes.
  package init(imageSize: Int) {
    let (scaled, overflow) = max(imageSize, 0).multipliedReportingOverflow(by: Self.limitPerImageByte)
    self.imageSize = imageSize
    byteLimit = min(max(overflow ? Int.max : scaled, Self.minimumLimit), Int(UInt32.max))
  }

  /// Appends a name and returns its reference.
  /// - Parameter offset: The file offset of the symbol (or slot) the name belongs to, for the error.
  /// - Throws: `malformed` when the name would take the image past `byteLimit`.
  package mutating func append(_ bytes: UnsafeRawBufferPointer, at offset: UInt64?) throws(BinaryError) -> NameRef {
    let reference = try reserve(bytes.count, at: offset)
    storage.append(contentsOf: bytes)
    return reference
  }

  /// Appends sdkvet's own text (a placeholder for an unreadable name) and returns its reference.
  /// - Throws: `malformed` when the text would take the image past `byteLimit`.
  package mutating func append(_ text: String, at offset: UInt64?) throws(BinaryError) -> NameRef {
    let reference = try reserve(text.utf8.count, at: offset)
    storage.append(contentsOf: text.utf8)
    return reference
  }

  /// Counts `count` name bytes a reader read but did not store (a name it already had).
  /// - Throws: `malformed` when they take the image past `byteLimit`.
  package mutating func charge(_ count: Int, at offset: UInt64?) throws(BinaryError) {
    if let limitError { throw limitError }
    let (total, overflow) = bytesTaken.addingReportingOverflow(count)
    guard !overflow, total <= byteLimit else {
      let error = BinaryError(
        .malformed,
        "symbol names: more than the limit of \(byteLimit) bytes for a \(imageSize)-byte image (symbols name"
          + " overlapping or repeated strings)", offset: offset)
      limitError = error
      throw error
    }
    bytesTaken = total
  }

  /// Charges `count` bytes and returns the reference they will have once appended.
  private mutating func reserve(_ count: Int, at offset: UInt64?) throws(BinaryError) -> NameRef {
    try charge(count, at: offset)
    // storage.count + count <= bytesTaken <= byteLimit <= UInt32.max, so neither conversion truncates.
    return NameRef(offset: UInt32(truncatingIfNeeded: storage.count), length: UInt32(truncatingIfNeeded: count))
  }

  /// Calls `body` with the bytes of `name`.
  package func withBytes<R>(of name: NameRef, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try storage.withUnsafeBytes { all in
      let start = min(Int(name.offset), all.count)
      let end = min(start + Int(name.length), all.count)
      return try body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
    }
  }

  /// The name as a `String` (invalid UTF-8 repaired).
  package func string(_ name: NameRef) -> String {
    withBytes(of: name) { String(fileBytes: $0) }
  }
}

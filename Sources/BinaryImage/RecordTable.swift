/// A table of fixed-size records (`nlist` entries, chained-fixup imports) whose bounds are
/// checked once, when it is cut from a reader, so that reading every field of thousands of
/// entries costs loads rather than a bounds check and an error path per field.
///
/// A trailing partial record is not a record. Field offsets are the record format's own
/// constants, never values read from the file.
public struct RecordTable {
  /// The whole records.
  @usableFromInline let bytes: UnsafeRawBufferPointer
  /// The size of one record.
  @usableFromInline let stride: Int
  /// How the records' integers are decoded.
  @usableFromInline let byteOrder: ByteOrder
  /// The absolute file offset of the first record.
  @usableFromInline let baseOffset: UInt64
  /// The number of whole records.
  public let count: Int

  /// The records of `stride` bytes each that `table` holds, in its byte order.
  /// - Parameter stride: The record size of the format being read (positive).
  public init(_ table: ByteReader, stride: Int) {
    let stride = max(stride, 1)
    self.stride = stride
    count = table.count / stride
    bytes = UnsafeRawBufferPointer(rebasing: table.bytes[..<(count * stride)])
    byteOrder = table.byteOrder
    baseOffset = table.baseOffset
  }

  /// The record at `index`, or `nil` outside `0..<count`.
  @inlinable
  public func record(_ index: Int) -> Record? {
    guard index >= 0, index < count else { return nil }
    let start = index &* stride
    return Record(
      bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<(start &+ stride)]), byteOrder: byteOrder,
      fileOffset: baseOffset &+ UInt64(truncatingIfNeeded: start))
  }

  /// Calls `body` with each record and its index, in order.
  @inlinable
  public func forEachRecord<Failure: Error>(_ body: (Int, Record) throws(Failure) -> Void) throws(Failure) {
    var start = 0
    for index in 0..<count {
      try body(
        index,
        Record(
          bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<(start &+ stride)]), byteOrder: byteOrder,
          fileOffset: baseOffset &+ UInt64(truncatingIfNeeded: start)))
      start &+= stride
    }
  }

  /// One record of a `RecordTable`.
  public struct Record {
    /// The record's bytes.
    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// How its integers are decoded.
    @usableFromInline let byteOrder: ByteOrder
    /// Where the record is in the file, for errors.
    public let fileOffset: UInt64

    @inlinable
    init(bytes: UnsafeRawBufferPointer, byteOrder: ByteOrder, fileOffset: UInt64) {
      self.bytes = bytes
      self.byteOrder = byteOrder
      self.fileOffset = fileOffset
    }

    /// The `count` bytes at `offset` in the record: a fixed-size field of the record format
    /// (a name), inside the record.
    @inlinable
    package func bytes(at offset: Int, count: Int) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    /// The integer at `offset` in the record: a field offset of the record format, inside the
    /// record (debug builds check it, as `loadUnaligned` does).
    @inlinable
    public func field<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
      let raw = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
      switch byteOrder {
      case .little: return T(littleEndian: raw)
      case .big: return T(bigEndian: raw)
      }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A bounds-checked, zero-copy cursor over untrusted bytes.
///
/// Every read checks the bytes exist before touching them and throws `BinaryError` carrying the
/// absolute file offset otherwise; nothing here can trap on input. Slices keep their absolute
/// offset so errors found deep inside a table still point at the right place in the file.
/// The underlying memory (usually a memory-mapped file) must outlive the reader.
public struct ByteReader {
  /// The bytes this reader may touch.
  public let bytes: UnsafeRawBufferPointer
  /// The absolute file offset of `bytes[0]`.
  public let baseOffset: UInt64
  /// How integers are decoded.
  public var byteOrder: ByteOrder
  /// The cursor, relative to `bytes`; reads check it, so any value is safe.
  public var position: Int = 0

  /// Creates a reader over `bytes`, whose first byte sits at `baseOffset` in the file.
  public init(_ bytes: UnsafeRawBufferPointer, baseOffset: UInt64 = 0, byteOrder: ByteOrder = .little) {
    self.bytes = bytes
    self.baseOffset = baseOffset
    self.byteOrder = byteOrder
  }

  /// The number of bytes in the reader.
  public var count: Int { bytes.count }
  /// The number of bytes after the cursor.
  public var remaining: Int { bytes.count - position }
  /// Whether the cursor is at the end.
  public var isAtEnd: Bool { position >= bytes.count }

  /// The absolute file offset of a position within this reader.
  public func fileOffset(_ relative: Int) -> UInt64 {
    baseOffset &+ UInt64(truncatingIfNeeded: max(0, relative))
  }

  /// Moves the cursor to `offset` (relative to this reader).
  /// - Throws: `truncated` when `offset` is outside the bytes.
  public mutating func seek(to offset: Int, _ what: @autoclosure () -> String = "seek") throws(BinaryError) {
    guard offset >= 0, offset <= bytes.count else {
      throw BinaryError(
        .truncated, "\(what()): offset \(offset) is past the end (\(bytes.count) bytes)", offset: fileOffset(offset))
    }
    position = offset
  }

  /// Advances the cursor by `n` bytes.
  /// - Throws: `truncated` when fewer than `n` bytes remain.
  public mutating func skip(_ n: Int, _ what: @autoclosure () -> String = "skip") throws(BinaryError) {
    try seek(to: position.checkedAdding(n, what(), offset: fileOffset(position)), what())
  }

  /// A reader over `count` bytes at `offset` (relative to this reader), sharing its byte order.
  /// - Throws: `truncated` when the range is not inside the bytes, naming `what`.
  @inlinable
  public func slice(at offset: some BinaryInteger, count: some BinaryInteger, _ what: @autoclosure () -> String)
    throws(BinaryError) -> ByteReader
  {
    guard let start = Int(exactly: offset), let length = Int(exactly: count), start >= 0, length >= 0,
      length <= bytes.count, start <= bytes.count - length
    else { throw sliceOutside(offset, count, what()) }
    let sub = UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])
    return ByteReader(sub, baseOffset: fileOffset(start), byteOrder: byteOrder)
  }

  /// The error of a slice that is not inside the bytes; out of line, so that `slice`, which
  /// readers call for every entry of some tables, is inlined into them and specialized for their
  /// integer types (a generic call across modules converted each one through witness tables).
  @usableFromInline
  func sliceOutside(_ offset: some BinaryInteger, _ count: some BinaryInteger, _ what: String) -> BinaryError {
    guard let start = Int(exactly: offset), let length = Int(exactly: count), start >= 0, length >= 0 else {
      return BinaryError(.malformed, "\(what): negative or huge offset or size", offset: baseOffset)
    }
    do {
      _ = try start.checkedAdding(length, what, offset: fileOffset(start))
    } catch {
      return error
    }
    return BinaryError(
      .truncated, "\(what): \(length) bytes at offset \(start) run past the end (\(bytes.count) bytes)",
      offset: fileOffset(start))
  }

  /// The `count` bytes at the cursor, advancing past them.
  public mutating func readBytes(_ count: Int, _ what: @autoclosure () -> String) throws(BinaryError)
    -> UnsafeRawBufferPointer
  {
    let sub = try slice(at: position, count: count, what())
    position += count
    return sub.bytes
  }

  /// Reads a fixed-width integer at the cursor and advances.
  @inlinable
  public mutating func read<T: FixedWidthInteger>(_: T.Type, _ what: @autoclosure () -> String) throws(BinaryError) -> T
  {
    let value = try peek(T.self, at: position, what())
    position += MemoryLayout<T>.size
    return value
  }

  /// Reads a fixed-width integer at `offset` (relative to this reader) without moving the cursor.
  @inlinable
  public func peek<T: FixedWidthInteger>(_: T.Type, at offset: Int, _ what: @autoclosure () -> String)
    throws(BinaryError) -> T
  {
    let size = MemoryLayout<T>.size
    guard offset >= 0, offset <= bytes.count - size else { throw fieldPastTheEnd(size, at: offset, what()) }
    let raw = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
    switch byteOrder {
    case .little: return T(littleEndian: raw)
    case .big: return T(bigEndian: raw)
    }
  }

  /// The error of a `size`-byte field at `offset` that is not inside the bytes; out of line, so
  /// that `peek`, which readers call for every field of every table entry, stays small enough
  /// to be inlined into them.
  @usableFromInline
  func fieldPastTheEnd(_ size: Int, at offset: Int, _ what: String) -> BinaryError {
    BinaryError(
      .truncated, "\(what): \(size)-byte field at offset \(offset) is past the end (\(bytes.count) bytes)",
      offset: fileOffset(offset))
  }

  /// Reads an unsigned LEB128 value at the cursor (at most 10 bytes, no overflow).
  public mutating func readULEB128(_ what: @autoclosure () -> String) throws(BinaryError) -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    let start = position
    while true {
      guard position < bytes.count else {
        throw BinaryError(.truncated, "\(what()): ULEB128 runs past the end", offset: fileOffset(start))
      }
      let byte = bytes[position]
      position += 1
      let chunk = UInt64(byte & 0x7f)
      if shift == 63 && chunk > 1 || shift > 63 {
        throw BinaryError(.malformed, "\(what()): ULEB128 overflows 64 bits", offset: fileOffset(start))
      }
      result |= chunk << shift
      if byte & 0x80 == 0 { return result }
      shift += 7
    }
  }

  /// Reads a signed LEB128 value at the cursor (at most 10 bytes).
  public mutating func readSLEB128(_ what: @autoclosure () -> String) throws(BinaryError) -> Int64 {
    var result: Int64 = 0
    var shift: Int64 = 0
    let start = position
    var byte: UInt8 = 0
    repeat {
      guard position < bytes.count else {
        throw BinaryError(.truncated, "\(what()): SLEB128 runs past the end", offset: fileOffset(start))
      }
      guard shift < 64 else {
        throw BinaryError(.malformed, "\(what()): SLEB128 overflows 64 bits", offset: fileOffset(start))
      }
      byte = bytes[position]
      position += 1
      result |= Int64(byte & 0x7f) << shift
      shift += 7
    } while byte & 0x80 != 0
    if shift < 64 && byte & 0x40 != 0 { result |= Int64(-1) << shift }  // not -(1 << shift): at 63 that overflows
    return result
  }

  /// The NUL-terminated byte string at `offset` (relative to this reader), without the NUL.
  /// - Throws: `truncated` when no NUL follows before the end of the reader.
  @inlinable
  public func cString(at offset: some BinaryInteger, _ what: @autoclosure () -> String) throws(BinaryError)
    -> UnsafeRawBufferPointer
  {
    // Inlined so a reader's offset type converts in its own module; the search is not generic.
    try cString(at: Int(exactly: offset), written: "\(offset)", what())
  }

  /// `cString(at:_:)` once the offset is an `Int` (`nil` when it did not fit one).
  @usableFromInline
  func cString(at offset: Int?, written: @autoclosure () -> String, _ what: @autoclosure () -> String)
    throws(BinaryError) -> UnsafeRawBufferPointer
  {
    guard let start = offset, start >= 0, start < bytes.count else {
      throw BinaryError(
        .malformed, "\(what()): string offset \(written()) is outside its table (\(bytes.count) bytes)",
        offset: baseOffset)
    }
    let tail = UnsafeRawBufferPointer(rebasing: bytes[start...])
    guard let base = tail.baseAddress, let nul = memchr(base, 0, tail.count) else {
      throw BinaryError(
        .truncated, "\(what()): string at offset \(start) has no terminating NUL", offset: fileOffset(start))
    }
    return UnsafeRawBufferPointer(start: base, count: base.distance(to: UnsafeRawPointer(nul)))
  }

  /// Up to `count` bytes at `offset`, a NUL included if one comes first: what there is to test
  /// of a C string before measuring it (fewer at the end of the bytes, none out of range).
  @inlinable
  public func leadingBytes(at offset: UInt32, count: Int) -> UnsafeRawBufferPointer {
    let start = min(Int(offset), bytes.count)
    return UnsafeRawBufferPointer(rebasing: bytes[start..<(start + min(max(count, 0), bytes.count - start))])
  }

  /// This reader cut after its last NUL, for a table of C strings: a `cString` in it then scans
  /// no further than the name it returns, and an offset in an unterminated tail is rejected
  /// without a scan, so names looked up many times cost what they hold, not what the tail holds.
  public var throughLastNUL: ByteReader {
    var end = bytes.count
    while end > 0 && bytes[end - 1] != 0 { end -= 1 }
    return ByteReader(UnsafeRawBufferPointer(rebasing: bytes[..<end]), baseOffset: baseOffset, byteOrder: byteOrder)
  }

  /// Calls `body` with each NUL-terminated string of `raw` (a string section), without its NUL,
  /// and the offset it starts at, in order, until `body` returns `false`. Bytes after the last
  /// NUL are not terminated and are not a string.
  public static func forEachCString<Failure: Error>(
    in raw: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Int) throws(Failure) -> Bool
  ) throws(Failure) {
    guard let base = raw.baseAddress else { return }
    var start = 0
    while start < raw.count, let nul = memchr(base + start, 0, raw.count - start) {
      let end = base.distance(to: UnsafeRawPointer(nul))
      guard try body(UnsafeRawBufferPointer(rebasing: raw[start..<end]), start) else { return }
      start = end + 1
    }
  }

  /// The bytes up to the first NUL (or all of them): for fixed-width name fields like `segname`.
  public static func trimmedAtNUL(_ raw: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    guard let base = raw.baseAddress, let nul = memchr(base, 0, raw.count) else { return raw }
    return UnsafeRawBufferPointer(start: base, count: base.distance(to: UnsafeRawPointer(nul)))
  }
}

extension String {
  /// Decodes file bytes as UTF-8, repairing invalid sequences rather than failing.
  public init(fileBytes bytes: UnsafeRawBufferPointer) {
    self = String(decoding: bytes, as: UTF8.self)
  }
}

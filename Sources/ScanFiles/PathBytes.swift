#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File names are bytes, not text: a folder named with an invalid UTF-8 byte must be walked,
/// opened and reported like any other. Paths travel through sdkvet as `String`s in which each
/// byte that is not valid UTF-8 stands as one private-use scalar, U+10FF00 plus the byte, so the
/// exact bytes come back when the path is opened, and output shows them as `\xNN` (`TextEscaping`).
///
/// A name that really contains one of those 256 scalars has their UTF-8 bytes escaped the same
/// way, so decoding and encoding are exact inverses for every byte string.
package enum PathBytes {
  /// The first of the 256 scalars that stand for raw bytes.
  static let escapeBase: UInt32 = 0x10_FF00

  /// The path text for the bytes of a file name or path (without a terminating NUL).
  package static func decode(_ bytes: some Collection<UInt8>) -> String {
    if let text = bytes.withContiguousStorageIfAvailable(decode(contiguous:)) { return text }
    return Array(bytes).withUnsafeBufferPointer(decode(contiguous:))
  }

  /// `decode(_:)` of bytes in one piece, each looked at through a pointer: over `some Collection`
  /// from another module, a byte-by-byte `contains` went through the protocol's witnesses for
  /// every byte, a fifth of a scan of a zip of 5,000 files (archive entry names are decoded here).
  private static func decode(contiguous bytes: UnsafeBufferPointer<UInt8>) -> String {
    plainText(bytes) ?? escapedText(Array(bytes)[...])
  }

  /// The text of `bytes` when no byte needs an escape: ASCII as it is, other valid UTF-8 without
  /// 0xF4 validated once (only U+10FFxx starts with F4 8F BC..BF, so text without 0xF4 that is
  /// valid UTF-8 is itself); `nil` otherwise.
  private static func plainText(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var union: UInt8 = 0
    for byte in bytes { union |= byte }
    if union < 0x80 { return String(decoding: bytes, as: UTF8.self) }
    guard let base = bytes.baseAddress, memchr(base, 0xF4, bytes.count) == nil else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The text of `bytes` scalar by scalar, each byte of no valid sequence (and each byte of an
  /// escape scalar's own encoding) as its escape.
  private static func escapedText(_ bytes: ArraySlice<UInt8>) -> String {
    var text = String.UnicodeScalarView()
    var rest = bytes
    while let first = rest.first {
      let length = validSequenceLength(rest)
      if length > 0, let scalar = decodeScalar(rest.prefix(length)), !isEscape(scalar) {
        text.append(scalar)
        rest = rest.dropFirst(length)
      } else {
        text.append(escape(first))
        rest = rest.dropFirst()
      }
    }
    return String(text)
  }

  /// The path text for a NUL-terminated name (a directory entry's, an argument), decoded in place
  /// as `decode(_:)` decodes its bytes.
  package static func decode(cString name: UnsafePointer<CChar>) -> String {
    let count = strlen(name)
    return name.withMemoryRebound(to: UInt8.self, capacity: count + 1) {
      decode(contiguous: UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// The bytes `path` stands for, each escape scalar turned back into its byte.
  package static func encode(_ path: String) -> [UInt8] {
    guard holdsEscapes(path) else { return Array(path.utf8) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if isEscape(scalar) {
        bytes.append(UInt8(truncatingIfNeeded: scalar.value - escapeBase))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Calls `body` with `path` as the NUL-terminated bytes the C library takes.
  package static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows
    -> Result
  {
    guard holdsEscapes(path) else { return try path.withCString(body) }
    let bytes = encode(path).map { CChar(bitPattern: $0) } + [0]
    return try bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return try "".withCString(body) }  // never: it holds the NUL
      return try body(base)
    }
  }

  /// Whether `path` holds an escape scalar; every one starts with the byte 0xF4 in UTF-8, so the
  /// common path (none) is one byte scan, not a scalar decode, per file system call.
  private static func holdsEscapes(_ path: String) -> Bool {
    contains(0xF4, in: path) && path.unicodeScalars.contains(where: isEscape)
  }

  /// Whether the UTF-8 of `path` holds `byte`: one `memchr` over a native string's bytes (a
  /// generic byte-by-byte `contains` was a tenth of a scan of a folder of frameworks, as every
  /// file system call asks it).
  package static func contains(_ byte: UInt8, in path: String) -> Bool {
    let found = path.utf8.withContiguousStorageIfAvailable { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, Int32(byte), bytes.count) != nil
    }
    return found ?? path.utf8.contains(byte)
  }

  /// Whether `scalar` is one of the 256 that stand for a raw byte.
  package static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= escapeBase && scalar.value <= escapeBase + 0xFF
  }

  private static func escape(_ byte: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(escapeBase + UInt32(byte)) ?? "\u{FFFD}"
  }

  /// The length of the valid UTF-8 sequence at the start of `bytes`, or 0 when it is not one.
  private static func validSequenceLength(_ bytes: ArraySlice<UInt8>) -> Int {
    guard let lead = bytes.first else { return 0 }
    let length: Int
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return 0
    }
    return String(validating: bytes.prefix(length), as: UTF8.self)?.unicodeScalars.count == 1 ? length : 0
  }

  private static func decodeScalar(_ bytes: some Collection<UInt8>) -> Unicode.Scalar? {
    String(validating: bytes, as: UTF8.self)?.unicodeScalars.first
  }
}

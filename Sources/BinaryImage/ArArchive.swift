/// Walks the members of an `ar` archive: the BSD/Darwin layout (`#1/NN` names stored before the
/// data, `__.SYMDEF*` symbol indexes) and the GNU/System V layout (`name/`, `/NN` offsets into
/// the `//` long-name table, `/` and `/SYM64/` symbol indexes).
///
/// Every header field is validated before use: the `` `\n `` terminator, decimal `size` (and
/// `date`, `uid`, `gid`), octal `mode`, the member inside the file, a `#1/NN` name inside its
/// member and a `/NN` offset inside the long-name table. Symbol indexes and the name table are
/// passed over; they are not members. The first bad header ends the walk with an error (there
/// is no reliable way to find the next header), and the iterator is then finished.
package struct ArArchive {
  /// One member: its name and where its content (after any `#1/NN` name) lies.
  package struct Member: Sendable, Hashable {
    /// The member's file name.
    package var name: String
    /// The content's byte range within the archive.
    package var range: Range<Int>
    /// The offset of the member's 60-byte header.
    package var headerOffset: Int
  }

  /// `!<arch>\n`.
  package static let magic: [UInt8] = Array("!<arch>\n".utf8)
  private static let headerSize = 60
  private static let symbolIndexNames: Set<String> = [
    "/", "/SYM64/", "__.SYMDEF", "__.SYMDEF SORTED", "__.SYMDEF_64", "__.SYMDEF_64 SORTED",
  ]

  private let bytes: UnsafeRawBufferPointer
  private let baseOffset: UInt64
  private var position: Int
  private var longNames: UnsafeRawBufferPointer?
  private var finished = false
  /// Headers read so far, index entries included: a bad header is named "member N" by it.
  private var headersRead = 0

  /// Prepares a walk over `bytes`, which must start with the archive magic.
  /// - Parameter baseOffset: The file offset of `bytes[0]` (non-zero inside a universal file).
  /// - Throws: `notBinary` when the magic is missing.
  package init(_ bytes: UnsafeRawBufferPointer, baseOffset: UInt64 = 0) throws(BinaryError) {
    guard bytes.count >= Self.magic.count, bytes.prefix(Self.magic.count).elementsEqual(Self.magic) else {
      throw BinaryError(.notBinary, "ar: missing !<arch> magic", offset: baseOffset)
    }
    self.bytes = bytes
    self.baseOffset = baseOffset
    position = Self.magic.count
  }

  /// The next member, or `nil` at the end of the archive.
  /// - Throws: `malformed`/`truncated` for a bad header; the walk is then finished.
  package mutating func next() throws(BinaryError) -> Member? {
    while !finished {
      do throws(BinaryError) {
        if let member = try nextEntry() { return member }
      } catch {
        finished = true
        throw error
      }
    }
    return nil
  }

  /// Reads one header; returns a member, or `nil` for a skipped entry (sets `finished` at the end).
  private mutating func nextEntry() throws(BinaryError) -> Member? {
    // The archive ends after the last member, or after one padding newline.
    let remaining = bytes.count - position
    if remaining == 0 || (remaining == 1 && bytes[position] == UInt8(ascii: "\n")) {
      finished = true
      return nil
    }
    let headerStart = position
    headersRead += 1
    guard bytes.count - headerStart >= Self.headerSize else {
      throw error(.truncated, "member header is cut off", at: headerStart)
    }
    let header = UnsafeRawBufferPointer(rebasing: bytes[headerStart..<headerStart + Self.headerSize])
    guard header[58] == UInt8(ascii: "`"), header[59] == UInt8(ascii: "\n") else {
      throw error(.malformed, "member header does not end in its terminator (0x60 0x0a)", at: headerStart + 58)
    }
    try validateNumber(header, 16..<28, radix: 10, "date", headerStart)
    try validateNumber(header, 28..<34, radix: 10, "uid", headerStart)
    try validateNumber(header, 34..<40, radix: 10, "gid", headerStart)
    try validateNumber(header, 40..<48, radix: 8, "mode", headerStart)
    guard let size = try validateNumber(header, 48..<58, radix: 10, "size", headerStart) else {
      throw error(.malformed, "member size is empty", at: headerStart + 48)
    }
    let dataStart = headerStart + Self.headerSize
    guard size <= bytes.count - dataStart else {
      throw error(.truncated, "member of \(size) bytes runs past the end of the archive", at: headerStart + 48)
    }
    let dataEnd = dataStart + size
    position = dataEnd + (size & 1)
    let rawName = Self.trimmingSpaces(UnsafeRawBufferPointer(rebasing: header[0..<16]))
    let nameText = String(decoding: rawName, as: UTF8.self)
    var contentStart = dataStart
    let name: String
    if nameText.hasPrefix("#1/") {
      guard let length = Int(nameText.dropFirst(3)), length >= 0, length <= size else {
        throw error(.malformed, "BSD long name '\(nameText)' does not fit its member", at: headerStart)
      }
      contentStart = dataStart + length
      let stored = UnsafeRawBufferPointer(rebasing: bytes[dataStart..<contentStart])
      name = String(decoding: stored.prefix { $0 != 0 }, as: UTF8.self)
    } else if nameText == "//" {
      longNames = UnsafeRawBufferPointer(rebasing: bytes[dataStart..<dataEnd])
      return nil
    } else if nameText.hasPrefix("/"), nameText.count > 1, nameText.dropFirst().allSatisfy(\.isASCIIDigit) {
      name = try longName(at: nameText.dropFirst(), headerStart)
    } else if nameText.hasSuffix("/") && nameText != "/" && nameText != "/SYM64/" {
      name = String(nameText.dropLast())
    } else {
      name = nameText
    }
    if Self.symbolIndexNames.contains(name) { return nil }
    return Member(name: name, range: contentStart..<dataEnd, headerOffset: headerStart)
  }

  /// A GNU long name: `/NN` is an offset into the `//` table, ending at `/\n`.
  private func longName(at digits: Substring, _ headerStart: Int) throws(BinaryError) -> String {
    guard let table = longNames else {
      throw error(.malformed, "long name /\(digits) without a // name table", at: headerStart)
    }
    guard let offset = Int(digits), offset < table.count else {
      throw error(.malformed, "long name offset /\(digits) is outside the // name table", at: headerStart)
    }
    let tail = UnsafeRawBufferPointer(rebasing: table[offset...])
    var name = tail.prefix { $0 != UInt8(ascii: "\n") }[...]
    if name.last == UInt8(ascii: "/") { name = name.dropLast() }
    return String(decoding: name, as: UTF8.self)
  }

  /// Checks a numeric header field (digits of `radix`, then only spaces) and returns its value,
  /// or `nil` when the field is all spaces. Read from the bytes: no `String` unless it is wrong.
  @discardableResult
  private func validateNumber(
    _ header: UnsafeRawBufferPointer, _ field: Range<Int>, radix: Int, _ what: String, _ headerStart: Int
  ) throws(BinaryError) -> Int? {
    let digits = Self.trimmingSpaces(UnsafeRawBufferPointer(rebasing: header[field]))
    guard !digits.isEmpty else { return nil }
    var value = 0  // at most 12 digits: no overflow
    for byte in digits {
      let digit = Int(byte) &- Int(UInt8(ascii: "0"))
      guard digit >= 0, digit < radix else {
        let text = String(decoding: digits, as: UTF8.self)
        throw error(
          .malformed, "member header field \(what) '\(text)' is not a number", at: headerStart + field.lowerBound)
      }
      value = value * radix + digit
    }
    return value
  }

  private func error(_ kind: BinaryError.Kind, _ message: String, at offset: Int) -> BinaryError {
    BinaryError(
      kind, "ar: \(message)", offset: baseOffset &+ UInt64(truncatingIfNeeded: offset), member: "member \(headersRead)")
  }

  private static func trimmingSpaces(_ raw: UnsafeRawBufferPointer) -> Slice<UnsafeRawBufferPointer> {
    var slice = raw[...]
    while slice.last == UInt8(ascii: " ") { slice = slice.dropLast() }
    return slice
  }
}

extension Character {
  /// Whether the character is one of `0`…`9`.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

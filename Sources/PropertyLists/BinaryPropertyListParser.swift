import BinaryImage
import Foundation

/// Apple's binary property list format, `bplist00`, read by hand over a bounds-checked `ByteReader`.
///
/// Layout: the 8-byte magic, the objects, an offset table (one big-endian offset per object),
/// and a 32-byte trailer giving the offset and reference widths, the object count, the top
/// object and where the offset table starts. Containers hold object indices ("references"), so
/// one object may be referenced many times: each object is decoded once and shared, while
/// `ExpansionBudget` counts the tree as if every reference were expanded, so a few hundred bytes
/// that expand to 2^depth values fail at once with a clear error. A reference back to an object
/// still being decoded is a cycle and fails too.
struct BinaryPropertyListParser {
  /// What every binary property list starts with; `bplist00` is the only version read.
  static let magicPrefix = Array("bplist".utf8)
  private static let magic = Array("bplist00".utf8)
  private static let trailerSize = 32

  /// One decoded object and the size of its expanded tree.
  private struct Decoded {
    var value: PropertyListValue
    /// Values in the expanded tree, this one included.
    var objects: Int
    /// String and data bytes in the expanded tree.
    var bytes: Int
    /// Levels in the expanded tree: 1 for a scalar. Sharing can make it larger than the depth
    /// at which the object was first decoded, so it is checked on its own.
    var height = 1
  }

  /// The objects area: from the start of the file to the offset table.
  private let objectArea: ByteReader
  private let offsetTable: ByteReader
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  private let topObject: Int
  private let budget: ExpansionBudget
  private var decoded: [Int: Decoded] = [:]
  /// Objects whose decoding has begun and not ended: meeting one again is a cycle.
  private var open: Set<Int> = []
  /// The keys and indices from the root to the object being decoded, for duplicate-key locations.
  private var path: [PropertyListPathStep] = []
  private var duplicates: [DuplicateKey] = []

  /// Parses a complete `bplist00` file.
  static func parse(_ data: Data) throws(PropertyListSyntaxError) -> PropertyListDocument {
    let result = data.withUnsafeBytes { raw in
      Result { () throws(BinaryError) -> PropertyListDocument in
        var parser = try BinaryPropertyListParser(ByteReader(raw, byteOrder: .big))
        let root = try parser.object(parser.topObject, depth: 1)
        return PropertyListDocument(root: root.value, duplicateKeys: parser.duplicates)
      }
    }
    do {
      return try result.get()
    } catch {
      throw PropertyListSyntaxError(reason: error.description)
    }
  }

  private init(_ file: ByteReader) throws(BinaryError) {
    guard file.count >= Self.magic.count + Self.trailerSize + 1 else {
      throw BinaryError(.truncated, "bplist: \(file.count) bytes cannot hold a header, an object and a trailer")
    }
    let header = try file.slice(at: 0, count: Self.magic.count, "bplist header")
    guard header.bytes.elementsEqual(Self.magic) else {
      throw BinaryError(.unsupported, "bplist: only version 00 is read", offset: 6)
    }
    var trailer = try file.slice(at: file.count - Self.trailerSize, count: Self.trailerSize, "bplist trailer")
    try trailer.skip(6, "bplist trailer")
    offsetSize = Int(try trailer.read(UInt8.self, "bplist trailer offset size"))
    referenceSize = Int(try trailer.read(UInt8.self, "bplist trailer reference size"))
    let count = try trailer.read(UInt64.self, "bplist trailer object count")
    let top = try trailer.read(UInt64.self, "bplist trailer top object")
    let tableStart = try trailer.read(UInt64.self, "bplist trailer offset table offset")
    let trailerOffset = trailer.fileOffset(6)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw BinaryError(
        .malformed, "bplist trailer: offset size \(offsetSize) or reference size \(referenceSize) is not 1 to 8",
        offset: trailerOffset)
    }
    guard count >= 1, top < count, let objectCount = Int(exactly: count), let topObject = Int(exactly: top) else {
      throw BinaryError(
        .malformed, "bplist trailer: top object \(top) is not one of the \(count) objects", offset: trailerOffset)
    }
    guard referenceSize == 8 || count <= UInt64(1) << (8 * referenceSize) else {
      throw BinaryError(
        .malformed, "bplist trailer: \(count) objects cannot be named by \(referenceSize)-byte references",
        offset: trailerOffset)
    }
    guard tableStart >= UInt64(Self.magic.count + 1) else {
      throw BinaryError(
        .malformed, "bplist trailer: offset table at \(tableStart) overlaps the header", offset: trailerOffset)
    }
    let beforeTrailer = try file.slice(at: 0, count: file.count - Self.trailerSize, "bplist body")
    let tableSize = try objectCount.checkedMultiplying(offsetSize, "bplist offset table size", offset: trailerOffset)
    offsetTable = try beforeTrailer.slice(at: tableStart, count: tableSize, "bplist offset table")
    objectArea = try beforeTrailer.slice(at: 0, count: tableStart, "bplist objects")
    self.objectCount = objectCount
    self.topObject = topObject
    budget = ExpansionBudget(inputSize: file.count)
  }

  // MARK: Objects

  /// Decodes object `index` (memoized), `depth` levels below the root (the root is 1).
  private mutating func object(_ index: Int, depth: Int) throws(BinaryError) -> Decoded {
    if let done = decoded[index] { return done }
    try limit { () throws(PropertyListSyntaxError) in try ExpansionBudget.check(depth: depth) }
    guard open.insert(index).inserted else {
      throw BinaryError(.malformed, "bplist object \(index) contains itself")
    }
    var reader = objectArea
    let offset = try self.offset(of: index)
    try reader.seek(to: offset, "bplist object \(index)")
    let what = "bplist object \(index)"
    let marker = try reader.read(UInt8.self, what)
    let info = Int(marker & 0x0F)
    let result: Decoded
    switch marker >> 4 {
    case 0x0 where marker == 0x08 || marker == 0x09:
      result = Decoded(value: .boolean(marker == 0x09), objects: 1, bytes: 0)
    case 0x1:
      result = Decoded(value: .integer(try integer(widthExponent: info, &reader, what)), objects: 1, bytes: 0)
    case 0x2 where info == 2:
      let bits = try reader.read(UInt32.self, what)
      result = Decoded(value: .real(Double(Float(bitPattern: bits))), objects: 1, bytes: 0)
    case 0x2 where info == 3, 0x3 where info == 3:
      let value = Double(bitPattern: try reader.read(UInt64.self, what))
      result = Decoded(
        value: marker >> 4 == 0x2 ? .real(value) : .date(Date(timeIntervalSinceReferenceDate: value)),
        objects: 1, bytes: 0)
    case 0x4:
      let bytes = try reader.readBytes(try count(info, &reader, what), what + " data")
      result = Decoded(value: .data(Data(bytes)), objects: 1, bytes: bytes.count)
    case 0x5:
      let bytes = try reader.readBytes(try count(info, &reader, what), what + " ASCII string")
      guard bytes.allSatisfy({ $0 < 0x80 }) else {
        throw BinaryError(
          .malformed, "\(what): ASCII string holds a byte above 0x7F", offset: reader.fileOffset(offset))
      }
      result = Decoded(value: .string(String(decoding: bytes, as: UTF8.self)), objects: 1, bytes: bytes.count)
    case 0x6:
      let units = try count(info, &reader, what)
      let bytes = try reader.readBytes(try units.checkedMultiplying(2, what), what + " UTF-16 string")
      let text = String(
        decoding: (0..<units).lazy.map { UInt16(bytes[2 * $0]) << 8 | UInt16(bytes[2 * $0 + 1]) }, as: UTF16.self)
      result = Decoded(value: .string(text), objects: 1, bytes: bytes.count)
    case 0xA:
      result = try array(count: try count(info, &reader, what), &reader, depth: depth, what)
    case 0xD:
      result = try dictionary(count: try count(info, &reader, what), &reader, depth: depth, what)
    default:
      throw BinaryError(
        .unsupported,
        "\(what): type 0x\(String(marker, radix: 16)) is not a property list value (null, UID, set or unknown)",
        offset: reader.fileOffset(offset))
    }
    open.remove(index)
    decoded[index] = result
    return result
  }

  private mutating func array(count: Int, _ reader: inout ByteReader, depth: Int, _ what: String)
    throws(BinaryError) -> Decoded
  {
    let references = try reader.readBytes(try count.checkedMultiplying(referenceSize, what), what + " references")
    var items: [PropertyListValue] = []
    var total = Decoded(value: .array([]), objects: 1, bytes: 0)
    for position in 0..<count {
      path.append(.index(position))
      let item = try object(try reference(position, in: references, what), depth: depth + 1)
      path.removeLast()
      try add(item, to: &total)
      items.append(item.value)
    }
    total.value = .array(items)
    return total
  }

  private mutating func dictionary(count: Int, _ reader: inout ByteReader, depth: Int, _ what: String)
    throws(BinaryError) -> Decoded
  {
    let size = try count.checkedMultiplying(referenceSize, what)
    let keyReferences = try reader.readBytes(size, what + " key references")
    let valueReferences = try reader.readBytes(size, what + " value references")
    var entries: [String: PropertyListValue] = [:]
    var repeated: Set<String> = []
    var total = Decoded(value: .dictionary([:]), objects: 1, bytes: 0)
    for position in 0..<count {
      let key = try object(try reference(position, in: keyReferences, what), depth: depth + 1)
      guard case .string(let name) = key.value else {
        throw BinaryError(.malformed, "\(what): key \(position) is a \(key.value.typeName), not a String")
      }
      try add(key, to: &total)
      path.append(.key(name))
      let value = try object(try reference(position, in: valueReferences, what), depth: depth + 1)
      path.removeLast()
      try add(value, to: &total)
      if entries.updateValue(value.value, forKey: name) != nil, repeated.insert(name).inserted {
        duplicates.append(DuplicateKey(key: name, location: PropertyListPathStep.text(path)))
      }
    }
    total.value = .dictionary(entries)
    return total
  }

  /// Adds a child's expanded size to its container's, failing as soon as the budget is exceeded.
  /// Every operand is within the budget, so the sums cannot overflow.
  private func add(_ child: Decoded, to total: inout Decoded) throws(BinaryError) {
    total.objects += child.objects
    total.bytes += child.bytes
    total.height = max(total.height, child.height + 1)
    let (objects, bytes, height) = (total.objects, total.bytes, total.height)
    try limit { () throws(PropertyListSyntaxError) in
      try ExpansionBudget.check(depth: height)
      try budget.check(objects: objects, bytes: bytes)
    }
  }

  /// Runs a budget check, reporting a breach as a `BinaryError` without a file offset.
  private func limit(_ check: () throws(PropertyListSyntaxError) -> Void) throws(BinaryError) {
    do { try check() } catch { throw BinaryError(.malformed, error.reason) }
  }

  // MARK: Fields

  /// The offset of object `index`: inside the objects area, after the magic.
  private func offset(of index: Int) throws(BinaryError) -> Int {
    let entry = try offsetTable.slice(at: index * offsetSize, count: offsetSize, "bplist offset table entry \(index)")
    let offset = Self.unsigned(entry.bytes)
    guard offset >= UInt64(Self.magic.count), offset < UInt64(objectArea.count) else {
      throw BinaryError(
        .malformed, "bplist object \(index): offset \(offset) is outside the objects (8 to \(objectArea.count))",
        offset: entry.baseOffset)
    }
    return Int(offset)
  }

  /// The object index at `position` in a run of references; it must name an object.
  private func reference(_ position: Int, in references: UnsafeRawBufferPointer, _ what: String) throws(BinaryError)
    -> Int
  {
    let start = position * referenceSize
    let index = Self.unsigned(UnsafeRawBufferPointer(rebasing: references[start..<start + referenceSize]))
    guard index < UInt64(objectCount) else {
      throw BinaryError(.malformed, "\(what): reference \(index) is not one of the \(objectCount) objects")
    }
    return Int(index)
  }

  /// A container or data length: the marker's low nibble, or (when 0xF) the integer object after it.
  private func count(_ info: Int, _ reader: inout ByteReader, _ what: String) throws(BinaryError) -> Int {
    guard info == 0xF else { return info }
    let marker = try reader.read(UInt8.self, what + " count")
    guard marker >> 4 == 0x1 else {
      throw BinaryError(.malformed, "\(what): count marker 0x\(String(marker, radix: 16)) is not an integer")
    }
    let count = try integer(widthExponent: Int(marker & 0x0F), &reader, what + " count")
    guard count >= 0, let value = Int(exactly: count), value <= reader.remaining else {
      throw BinaryError(.malformed, "\(what): count \(count) is larger than the file", offset: reader.fileOffset(0))
    }
    return value
  }

  /// An integer of 2^`widthExponent` bytes: 1, 2 and 4 bytes are unsigned, 8 signed, and 16 (a
  /// 128-bit value) is read when it fits in 64 bits.
  private func integer(widthExponent: Int, _ reader: inout ByteReader, _ what: String) throws(BinaryError) -> Int64 {
    switch widthExponent {
    case 0...3:
      return Int64(bitPattern: Self.unsigned(try reader.readBytes(1 << widthExponent, what)))
    case 4:
      let high = Int64(bitPattern: try reader.read(UInt64.self, what))
      let low = Int64(bitPattern: try reader.read(UInt64.self, what))
      guard high == (low < 0 ? -1 : 0) else {
        throw BinaryError(.unsupported, "\(what): a 128-bit integer beyond 64 bits")
      }
      return low
    default:
      throw BinaryError(.malformed, "\(what): integer width 2^\(widthExponent) bytes")
    }
  }

  /// A big-endian unsigned integer of 1 to 8 bytes.
  private static func unsigned(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    bytes.reduce(0) { $0 << 8 | UInt64($1) }
  }
}

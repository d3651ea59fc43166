import BinaryImage

/// Reads `Image.lookupStrings`: when an image imports a function that looks a symbol, class or
/// selector up by name at run time, the identifier-like strings of its `NSString` literals
/// (`__cfstring`, `CFStrings`) and its `__cstring`, `__objc_methname` and `__objc_classname`
/// sections (each whole string between NULs, at most 255 bytes of letters, digits, `_`, `:` and
/// `$`), each once, under the first section it was found in. Given the scan's `ImportFilter`,
/// only the strings it keeps (`keepsLookupString`: those that name an API) are stored, so the
/// thousands of other strings of a vendor image cost a hash look-up each, not a copy.
enum LookupStrings {
  /// The dynamic-lookup functions (`LookupString.lookupFunctionNames`).
  static let lookupFunctions = ByteKeyTable<Void>(LookupString.lookupFunctionNames.map { (Array($0.utf8), ()) })

  /// Adds the image's lookup strings to `image`, when it imports a lookup function.
  /// - Throws: when a string section lies outside the image, or the names go over the image's limit.
  static func read(
    _ context: ObjCSelectorReferences.Context, keeping filter: (any ImportFilter)?, into image: inout Image
  ) throws(BinaryError) {
    let importsLookup = image.imports.contains { symbol in
      image.names.withBytes(of: symbol.name) { lookupFunctions.contains($0) }
    }
    guard importsLookup else { return }
    var seen = ByteKeyTable<Void>()
    try CFStrings.forEach(context) { string, fileOffset throws(BinaryError) in
      guard isIdentifier(string), filter?.keepsLookupString(string) ?? true, seen.insert(string) else { return }
      image.lookupStrings.append(LookupString(name: try image.names.append(string, at: fileOffset), section: .cfString))
    }
    try forEachString(context.image, context.segments) { section, string, fileOffset, _ throws(BinaryError) in
      guard filter?.keepsLookupString(string) ?? true, seen.insert(string) else { return }
      image.lookupStrings.append(LookupString(name: try image.names.append(string, at: fileOffset), section: section))
    }
  }

  /// Calls `body` with the section, bytes, file offset and address of each identifier-like
  /// string of the image's lookup-string sections.
  /// - Throws: when a section lies outside the image, or what `body` throws.
  static func forEachString(
    _ bytes: ByteReader, _ segments: SegmentMap,
    _ body: (LookupString.Section, UnsafeRawBufferPointer, UInt64, UInt64) throws(BinaryError) -> Void
  ) throws(BinaryError) {
    for section in [LookupString.Section.cString, .methodName, .className] {
      guard let found = segments.section(named: section.rawValue) else { continue }
      let strings = try bytes.slice(at: found.fileOffset, count: found.size, "Mach-O \(section.rawValue) section")
      try ByteReader.forEachCString(in: strings.bytes) { string, start throws(BinaryError) in
        if isIdentifier(string) { try body(section, string, strings.fileOffset(start), found.address &+ UInt64(start)) }
        return true
      }
    }
  }

  private static func isIdentifier(_ string: UnsafeRawBufferPointer) -> Bool {
    !string.isEmpty && string.count < 256 && string.allSatisfy(isIdentifierByte)
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "$"):
      true
    default: false
    }
  }
}

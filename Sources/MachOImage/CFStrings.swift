import BinaryImage

/// The C strings of an image's constant `NSString`/`CFString` literals: each `__cfstring` entry
/// (`isa`, flags, string pointer, length; four pointers wide) points at its bytes, normally in
/// `__cstring`. The pointer is resolved as a selector slot's is (`ObjCSelectorReferences`); an
/// entry whose length is not its C string's (UTF-16 contents in `__ustring`) is skipped.
enum CFStrings {
  /// Calls `body` with each literal's bytes and the file offset of its pointer, in entry order,
  /// each string once (entries pointing at a string met before are passed over, so a string's
  /// bytes are looked at once whatever points at it).
  /// - Throws: `truncated` when the section or its relocations are outside the image, `malformed`
  ///   when the strings measured go over the image's limit, or what `body` throws.
  static func forEach(
    _ context: ObjCSelectorReferences.Context, _ body: (UnsafeRawBufferPointer, UInt64) throws(BinaryError) -> Void
  ) throws(BinaryError) {
    let pointerSize = context.header.is64Bit ? 8 : 4
    try ObjCSelectorReferences.forEachPointedString(
      context, section: "__cfstring", stride: 4 * pointerSize, field: 2 * pointerSize
    ) { string, offset, entry throws(BinaryError) in
      guard !string.isRepeated else { return }
      let length =
        pointerSize == 8
        ? try entry.peek(UInt64.self, at: 3 * pointerSize, "Mach-O __cfstring length")
        : UInt64(try entry.peek(UInt32.self, at: 3 * pointerSize, "Mach-O __cfstring length"))
      guard length == UInt64(string.bytes.count) else { return }
      try body(string.bytes, offset)
    }
  }
}

import BinaryImage

/// Decides whether a file presents itself as a binary, and what kind of target a loose one is.
enum BinaryNaming {
  /// The kind a binary file found on its own is, by its name.
  static func kind(ofFileNamed name: String) -> TargetKind {
    if hasSuffix(name, ".a") { return .staticLibrary }
    if hasSuffix(name, ".dylib") { return .dynamicLibrary }
    if hasSuffix(name, ".so") || holdsSharedObjectVersion(name) { return .sharedObject }
    if hasSuffix(name, ".o") { return .object }
    return .binary
  }

  /// `name.hasSuffix(suffix)`, for every file walked: the UTF-8 bytes are compared in place
  /// first, and only a name that ends in them is compared as characters (`String.hasSuffix`
  /// costs a scan's discovery several percent when every name goes through it).
  private static func hasSuffix(_ name: String, _ suffix: String) -> Bool {
    let endsInBytes = name.utf8.withContiguousStorageIfAvailable { bytes in
      suffix.utf8.withContiguousStorageIfAvailable { ending in
        bytes.count >= ending.count && bytes[(bytes.count - ending.count)...].elementsEqual(ending)
      }
    }
    guard endsInBytes != false else { return false }
    return name.hasSuffix(suffix)
  }

  /// Whether `.so.` occurs in the name (`libz.so.1`), read from its UTF-8 (a `String.contains`
  /// of a substring costs a scan's discovery a twentieth of its time, once per file walked).
  private static func holdsSharedObjectVersion(_ name: String) -> Bool {
    let infix = sharedObjectInfix
    var name = name
    return name.withUTF8 { bytes in
      guard bytes.count >= infix.count else { return false }
      return (0...(bytes.count - infix.count)).contains { start in
        bytes[start] == infix[0] && bytes[start..<(start + infix.count)].elementsEqual(infix)
      }
    }
  }

  private static let sharedObjectInfix = Array(".so.".utf8)

  /// Whether the name alone claims a binary: `.a`, `.dylib`, `.so` (also `.so.N`), `.o`.
  static func nameClaimsBinary(_ name: String) -> Bool {
    kind(ofFileNamed: name) != .binary
  }

  /// Whether the first bytes of a file are a binary magic sdkvet reads (a Java class file,
  /// which shares the universal magic, is not).
  static func magicClaimsBinary(_ prefix: [UInt8]) -> Bool {
    prefix.withUnsafeBytes { FileMagic($0) }.isBinary
  }
}

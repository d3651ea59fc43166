import BinaryImage

/// Decides whether a file presents itself as a binary, and what kind of target a loose one is.
enum BinaryNaming {
  /// The kind a binary file found on its own is, by its name.
  static func kind(ofFileNamed name: String) -> TargetKind {
    if name.hasSuffix(".a") { return .staticLibrary }
    if name.hasSuffix(".dylib") { return .dynamicLibrary }
    if name.hasSuffix(".so") || name.contains(".so.") { return .sharedObject }
    if name.hasSuffix(".o") { return .object }
    return .binary
  }

  /// Whether the name alone claims a binary: `.a`, `.dylib`, `.so` (also `.so.N`), `.o`.
  static func nameClaimsBinary(_ name: String) -> Bool {
    kind(ofFileNamed: name) != .binary
  }

  /// Whether the first bytes of a file are a binary magic sdkvet reads.
  ///
  /// `0xcafebabe` is shared by universal Mach-O files and Java class files; like file(1), a
  /// "universal" header claiming more than 30 architectures is taken to be a class file
  /// (whose bytes 4–7 hold a class-file version of at least 45).
  static func magicClaimsBinary(_ prefix: [UInt8]) -> Bool {
    let magic = prefix.withUnsafeBytes { FileMagic($0) }
    guard magic == .universal else { return magic.isBinary }
    guard prefix.count >= 8 else { return false }
    let count = prefix[4..<8].reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    return count <= 30
  }
}

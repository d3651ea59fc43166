/// Collects, from the names an image defines, what says which code it was built from: the
/// Objective-C classes (`_OBJC_CLASS_$_<name>`) and the Swift modules it declares types in, each
/// once, into `Image.definedClasses` and `Image.swiftModuleDescriptors`.
///
/// A Swift module counts only through a type it declares: a nominal type descriptor (`Mn`,
/// emitted for a class, struct or enum by the module that declares it) or a protocol descriptor
/// (`Mp`). Every other mangled definition may name another module first: an extension of
/// another module's type (`$s13FBSDKShareKit…E…`), a conformance to another module's protocol
/// (`…Mc`, `…WP`) or a specialization, all of which a framework emits for code of its own. So
/// does a type a framework nests in its extension of another module's type
/// (`$s9Alamofire7SessionC5MyKitE6NestedVMn`): only a descriptor whose context is a plain path of
/// named types (`$s9Alamofire7SessionCMn`, `$s9Alamofire7SessionC6ConfigVMn`) counts.
///
/// Both readers feed it every defined name when `ReadOptions.definedIdentities` is set, except
/// those private to their source file (a C `static`, a compiler's label or metadata: Mach-O
/// neither `N_EXT` nor `N_PEXT`, ELF local with default visibility): none is a class, a Swift
/// descriptor `note` counts (a `private` type's carries a discriminator) or an SDK's function,
/// and they are two thirds of a static archive's symbols. It keeps a few bytes per class and per
/// module, never the definitions themselves, so a Swift binary with 100,000 definitions costs a
/// handful of names. The C symbols its `DefinitionFilter` keeps
/// (`ReadOptions.definitionFilter`) go to `Image.documentedDefinitions`, each once.
public struct DefinedIdentities {
  private var seen = ByteKeyTable<Void>()
  /// The documented C symbols to keep; `nil` keeps none.
  private let documented: DefinitionFilter?
  /// The last Swift module noted: a symbol table lists a module's symbols together, so most
  /// Swift definitions are settled by one byte comparison instead of a hash.
  private var lastModule: [UInt8] = []
  private static let classPrefixes = ["_OBJC_CLASS_$_", "OBJC_CLASS_$_"].map { Array($0.utf8) }
  private static let swiftPrefixes = ["_$s", "$s"].map { Array($0.utf8) }
  private static let classTag = 0
  private static let moduleTag = 1
  private static let documentedTag = 2

  /// Creates an empty collector of classes and Swift modules.
  public init() {
    documented = nil
  }

  /// Creates an empty collector that also keeps the defined names `documented` keeps.
  package init(documenting documented: DefinitionFilter?) {
    self.documented = documented
  }

  /// The number of leading bytes `mayNote(startingWith:)` looks at.
  public static let leadingByteCount = 2

  /// Whether a name that starts with `leading` (its first `leadingByteCount` bytes, or all of a
  /// shorter name) can be a class or module `note` keeps: false for most names, which a reader
  /// can then pass over without measuring them. The first two bytes of each prefix
  /// (`_OBJC_CLASS_$_`, `OBJC_CLASS_$_`, `_$s`, `$s`) are compared as constants, and the test is
  /// static: the one a reader makes of every defined name reads no array and copies no collector.
  @inlinable
  public static func mayNote(startingWith leading: UnsafeRawBufferPointer) -> Bool {
    guard leading.count >= Self.leadingByteCount else { return false }  // every prefix is longer
    switch (leading[0], leading[1]) {
    case (UInt8(ascii: "_"), UInt8(ascii: "O")), (UInt8(ascii: "O"), UInt8(ascii: "B")),
      (UInt8(ascii: "_"), UInt8(ascii: "$")), (UInt8(ascii: "$"), UInt8(ascii: "s")):
      return true
    default:
      return false
    }
  }

  /// Whether a name that starts with `leading` can be a class, a module or one of `documented`'s
  /// symbols: `mayNote(startingWith:)`, widened by the filter's own two-byte test.
  @inlinable @inline(__always)
  package static func mayNote(startingWith leading: UnsafeRawBufferPointer, documenting documented: DefinitionFilter?)
    -> Bool
  {
    mayNote(startingWith: leading) || documented?.mayKeep(startingWith: leading) == true
  }

  /// Notes one defined name: a class or Swift module not seen yet is appended to `image`.
  /// - Parameter offset: The file offset of the symbol, for the name-limit error.
  /// - Throws: `malformed` when the kept name takes the image past its name limit (`NameTable`).
  public mutating func note(_ name: UnsafeRawBufferPointer, at offset: UInt64, into image: inout Image)
    throws(BinaryError)
  {
    if let documented, documented.mayKeep(startingWith: name), documented.keeps(name) {
      return try noteDocumented(name, at: offset, into: &image)
    }
    // Most names are Swift definitions that are no descriptor: settled by two bytes at each end.
    guard Self.isDescriptor(name) || Self.mayBeClass(name) else { return }
    if let rest = Self.dropping(Self.classPrefixes, from: name), !rest.isEmpty {
      guard seen.insert(rest, tag: Self.classTag) else { return try image.names.charge(rest.count, at: offset) }
      image.definedClasses.append(try image.names.append(rest, at: offset))
    } else if Self.isDescriptor(name), let module = Self.swiftModule(ofDescriptor: name), Self.isPlainTypePath(name) {
      guard !module.elementsEqual(lastModule) else { return try image.names.charge(module.count, at: offset) }
      lastModule = Array(module)
      guard seen.insert(module, tag: Self.moduleTag) else { return try image.names.charge(module.count, at: offset) }
      image.swiftModuleDescriptors.append(try image.names.append(name, at: offset))
    }
  }

  /// Notes one defined name `documented` keeps: appended to
  /// `image.documentedDefinitions` unless noted before (a symbol table and an export trie both
  /// list most definitions).
  /// - Parameter offset: The file offset of the symbol, for the name-limit error.
  /// - Throws: `malformed` when the kept name takes the image past its name limit (`NameTable`).
  private mutating func noteDocumented(_ name: UnsafeRawBufferPointer, at offset: UInt64, into image: inout Image)
    throws(BinaryError)
  {
    guard seen.insert(name, tag: Self.documentedTag) else { return try image.names.charge(name.count, at: offset) }
    image.documentedDefinitions.append(try image.names.append(name, at: offset))
  }

  /// The module a Swift descriptor symbol (`_$s9Alamofire7SessionCMn`) belongs to: the identifier
  /// its mangling starts with; `nil` for a name that is not a Swift mangling.
  public static func swiftModule(ofDescriptor name: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
    dropping(swiftPrefixes, from: name).flatMap(firstIdentifier)
  }

  /// Whether `name` starts as `_OBJC_CLASS_$_` or `OBJC_CLASS_$_` does (their first two bytes).
  private static func mayBeClass(_ name: UnsafeRawBufferPointer) -> Bool {
    name.count >= 2
      && (name[0] == UInt8(ascii: "_") && name[1] == UInt8(ascii: "O")
        || name[0] == UInt8(ascii: "O") && name[1] == UInt8(ascii: "B"))
  }

  /// Whether `name` ends as a nominal type descriptor (`Mn`) or a protocol descriptor (`Mp`) does.
  private static func isDescriptor(_ name: UnsafeRawBufferPointer) -> Bool {
    name.count > 2 && name[name.count - 2] == UInt8(ascii: "M")
      && (name[name.count - 1] == UInt8(ascii: "n") || name[name.count - 1] == UInt8(ascii: "p"))
  }

  /// Whether a descriptor's mangling is its module, then named types each followed by its kind
  /// (`C` class, `V` struct, `O` enum), the last without one for a protocol (`Mp`): no extension
  /// context (`…5MyKitE…`), substitution or private discriminator, which a type of another
  /// module's code would need.
  private static func isPlainTypePath(_ name: UnsafeRawBufferPointer) -> Bool {
    guard let body = dropping(swiftPrefixes, from: name), body.count > 2 else { return false }
    let path = UnsafeRawBufferPointer(rebasing: body[..<(body.count - 2)])
    let isProtocol = body[body.count - 1] == UInt8(ascii: "p")
    guard let module = firstIdentifier(path) else { return false }
    var index = module.count + decimalDigits(module.count)
    var types = 0
    while index < path.count {
      guard let identifier = firstIdentifier(UnsafeRawBufferPointer(rebasing: path[index...])) else { return false }
      index += decimalDigits(identifier.count) + identifier.count
      types += 1
      if index == path.count { return isProtocol }
      guard [UInt8(ascii: "C"), UInt8(ascii: "V"), UInt8(ascii: "O")].contains(path[index]) else { return false }
      index += 1
    }
    return types > 0 && !isProtocol
  }

  /// The number of decimal digits of `value` (at least 1).
  private static func decimalDigits(_ value: Int) -> Int {
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    return digits
  }

  /// `name` without the first of `prefixes` it starts with; `nil` when it starts with none.
  private static func dropping(_ prefixes: [[UInt8]], from name: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
    for prefix in prefixes where begins(name, with: prefix) {
      return UnsafeRawBufferPointer(rebasing: name[prefix.count...])
    }
    return nil
  }

  /// Whether `name` starts with `prefix`; compared byte by byte up to the first difference,
  /// which for most of an image's names is the second byte.
  private static func begins(_ name: UnsafeRawBufferPointer, with prefix: [UInt8]) -> Bool {
    guard name.count >= prefix.count else { return false }
    for index in prefix.indices where name[index] != prefix[index] { return false }
    return true
  }

  /// The identifier a Swift mangling starts with (`9Alamofire…` → `Alamofire`): a decimal length
  /// without a leading zero (a `0` starts a word-substituted identifier, a letter a standard
  /// substitution such as `So` or `Si`), then that many bytes; `nil` when the name has no such start.
  private static func firstIdentifier(_ mangled: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
    var length = 0
    var index = 0
    while index < mangled.count, index < 4, (0x30...0x39).contains(mangled[index]) {
      if index == 0 && mangled[index] == 0x30 { return nil }
      length = length * 10 + Int(mangled[index] - 0x30)
      index += 1
    }
    guard length > 0, length <= mangled.count - index else { return nil }
    return UnsafeRawBufferPointer(rebasing: mangled[index..<(index + length)])
  }
}

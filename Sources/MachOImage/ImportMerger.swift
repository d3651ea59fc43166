import BinaryImage

/// Adds symbols to an image so that every import appears once, whichever tables list it.
///
/// Imports are keyed by name and library: the first table to report one wins, and the symbol
/// table is read first, so its entry (with its origin) is the one kept. Weak-bind entries carry
/// no library, and imports by weak or flat lookup name none (a flat lookup is the dyld tables'
/// form of the symbol table's dynamic lookup); they are added only for names no other table
/// imports (weak-bind entries: or defines), as in a stripped image. Keys point into the mapped file, so no `String` is built.
/// With an `ImportFilter`, imports it does not keep are only counted; every name the merger is
/// given counts against the image's name limit (`NameTable`), kept or not.
struct ImportMerger {
  /// The image being filled.
  private(set) var image: Image
  /// Imports so far, by name and library (the tag).
  private var imports = ByteKeyTable<Void>()
  private var importedNames = ByteKeyTable<Void>()
  private var definedNames = ByteKeyTable<Void>()
  /// Whether defined names are remembered (weak-bind entries will be filtered against them);
  /// imported names are always remembered, for weak-lookup imports.
  let tracksNames: Bool
  /// Whether the symbol table's definitions are remembered: for weak-bind entries, or for the
  /// export trie's definitions, each added only when the symbol table did not define it.
  private let remembersDefinitions: Bool
  /// The imports to keep; `nil` keeps all.
  private let filter: (any ImportFilter)?
  private var identities: DefinedIdentities

  /// Starts from `image`, which has its libraries already.
  /// - Parameters:
  ///   - tracksNames: Whether weak-bind entries will be added, so imported and defined names
  ///     must be remembered to filter them (skipped otherwise: it costs a hash per symbol).
  ///   - readsExports: Whether the export trie's definitions will be added.
  ///   - filter: The imports to keep; `nil` keeps all.
  ///   - definitions: The defined C symbols `noteIdentity` keeps (`Image.documentedDefinitions`).
  init(
    image: Image, tracksNames: Bool, readsExports: Bool = false, filter: (any ImportFilter)?,
    definitions: DefinitionFilter? = nil
  ) {
    self.image = image
    self.tracksNames = tracksNames
    remembersDefinitions = tracksNames || readsExports
    self.filter = filter
    identities = DefinedIdentities(documenting: definitions)
  }

  /// Whether the import `name` is wanted at all.
  private func keeps(_ name: UnsafeRawBufferPointer) -> Bool {
    filter?.keepsImport(name) ?? true
  }

  /// Adds an import unless the filter leaves it out or the same name and library is already there.
  /// - Parameter offset: Where the import's entry is in the file, for errors.
  /// - Throws: `malformed` when the name takes the image past its name limit.
  mutating func addImport(
    name: UnsafeRawBufferPointer, library: Symbol.Library, isWeak: Bool, origin: Symbol.Origin, at offset: UInt64
  ) throws(BinaryError) {
    guard keeps(name) else { return try image.names.charge(name.count, at: offset) }
    let isKnown =
      origin == .dyldWeakBind && (importedNames.contains(name) || definedNames.contains(name))
      || (library == .weakLookup || library == .flatLookup) && importedNames.contains(name)
      || !imports.insert(name, tag: Self.tag(of: library))
    if isKnown { return try image.names.charge(name.count, at: offset) }
    importedNames.insert(name)
    let ref = try image.names.append(name, at: offset)
    image.symbols.append(
      Symbol(name: ref, isDefined: false, binding: isWeak ? .weak : .global, origin: origin, library: library))
  }

  /// Adds an import whose name could not be read, under a placeholder naming the bad index.
  /// - Throws: `malformed` when the placeholder takes the image past its name limit.
  mutating func addUnreadableImport(
    stringIndex: UInt32, library: Symbol.Library, origin: Symbol.Origin, at offset: UInt64
  ) throws(BinaryError) {
    let ref = try image.names.append("<invalid n_strx 0x\(String(stringIndex, radix: 16))>", at: offset)
    image.symbols.append(Symbol(name: ref, isDefined: false, origin: origin, library: library))
  }

  /// Remembers a defined name that is not listed, so weak-bind entries for it are not taken as
  /// imports (only a name the filter keeps can be such an import).
  /// - Throws: `malformed` when the name takes the image past its name limit.
  mutating func noteDefinition(_ name: UnsafeRawBufferPointer, at offset: UInt64) throws(BinaryError) {
    try image.names.charge(name.count, at: offset)
    if tracksNames && keeps(name) { definedNames.insert(name) }
  }

  /// Remembers the name of an alias (`N_INDR`): no definition of this image, and none the
  /// export trie may add.
  /// - Throws: `malformed` when the name takes the image past its name limit.
  mutating func noteAlias(_ name: UnsafeRawBufferPointer, at offset: UInt64) throws(BinaryError) {
    try image.names.charge(name.count, at: offset)
    if remembersDefinitions { definedNames.insert(name) }
  }

  /// Notes a defined name for the classes, Swift modules and documented C symbols the image
  /// defines (`DefinedIdentities`, `DefinitionFilter`).
  /// - Throws: `malformed` when a kept name takes the image past its name limit.
  mutating func noteIdentity(_ name: UnsafeRawBufferPointer, at offset: UInt64) throws(BinaryError) {
    try identities.note(name, at: offset, into: &image)
  }

  /// Adds a defined symbol (and remembers its name, as `noteDefinition` does).
  /// - Throws: `malformed` when the name takes the image past its name limit.
  mutating func addDefinition(
    name: UnsafeRawBufferPointer, binding: Symbol.Binding, kind: Symbol.Kind, at offset: UInt64
  ) throws(BinaryError) {
    let ref = try image.names.append(name, at: offset)
    if remembersDefinitions { definedNames.insert(name) }
    image.symbols.append(Symbol(name: ref, isDefined: true, binding: binding, kind: kind, origin: .symbolTable))
  }

  /// Adds a definition the export trie lists, unless the symbol table has the name already: as a
  /// definition, or as an import (a name a dylib re-exports from another is both an undefined and
  /// an indirect symbol there, and no definition of its own, as `llvm-nm --add-dyldinfo` reads it).
  /// - Throws: `malformed` when the name takes the image past its name limit.
  mutating func addExportedDefinition(
    name: UnsafeRawBufferPointer, binding: Symbol.Binding, kind: Symbol.Kind, at offset: UInt64
  ) throws(BinaryError) {
    guard !importedNames.contains(name), definedNames.insert(name) else {
      return try image.names.charge(name.count, at: offset)
    }
    let ref = try image.names.append(name, at: offset)
    image.symbols.append(Symbol(name: ref, isDefined: true, binding: binding, kind: kind, origin: .exportTrie))
  }

  /// Counts a name read but not kept against the image's name limit.
  /// - Throws: `malformed` when it takes the image past the limit.
  mutating func charge(_ name: UnsafeRawBufferPointer, at offset: UInt64) throws(BinaryError) {
    try image.names.charge(name.count, at: offset)
  }

  /// The number of libraries the image links, which library ordinals are checked against: read
  /// here, where it costs no copy of the image.
  var libraryCount: Int { image.libraries.count }

  /// The image filled, handed over without a copy (an image holds dozens of references).
  consuming func finished() -> Image {
    image
  }

  /// A distinct integer per library an import can bind to, for keying imports by name and library.
  private static func tag(of library: Symbol.Library) -> Int {
    switch library {
    case .linked(let index): index
    case .unknown: -1
    case .selfImage: -2
    case .mainExecutable: -3
    case .flatLookup: -4
    case .dynamicLookup: -5
    case .weakLookup: -6
    }
  }

  /// Adds an imported dyld entry, resolving its ordinal against the image's libraries.
  /// - Throws: `malformed` when the name takes the image past its name limit.
  mutating func addImport(_ entry: DyldImport) throws(BinaryError) {
    let library = Symbol.Library(dyldOrdinal: entry.libraryOrdinal, libraryCount: image.libraries.count)
    try addImport(name: entry.name, library: library, isWeak: entry.isWeak, origin: entry.origin, at: entry.fileOffset)
  }
}

import BinaryImage

/// Adds symbols to an image so that every import appears once, whichever tables list it.
///
/// Imports are keyed by name and library: the first table to report one wins, and the symbol
/// table is read first, so its entry (with its origin) is the one kept. Weak-bind entries carry
/// no library; they are added only for names no other table imports or defines (a stripped
/// image's coalesced weak imports). Keys point into the mapped file, so no `String` is built.
struct ImportMerger {
  /// The image being filled.
  private(set) var image: Image
  /// Imports so far, by name and library (the tag).
  private var imports = ByteStringSet()
  private var importedNames = ByteStringSet()
  private var definedNames = ByteStringSet()
  private let tracksNames: Bool

  /// Starts from `image`, which has its libraries already.
  /// - Parameter tracksNames: Whether weak-bind entries will be added, so imported and defined
  ///   names must be remembered to filter them (skipped otherwise: it costs a hash per symbol).
  init(image: Image, tracksNames: Bool) {
    self.image = image
    self.tracksNames = tracksNames
  }

  /// Adds an import unless the same name and library is already there.
  mutating func addImport(
    name: UnsafeRawBufferPointer, library: Symbol.Library, isWeak: Bool, origin: Symbol.Origin
  ) {
    if origin == .dyldWeakBind && (importedNames.contains(name) || definedNames.contains(name)) { return }
    guard imports.insert(name, tag: Self.tag(of: library)) else { return }
    if tracksNames { importedNames.insert(name) }
    let ref = image.names.append(name)
    image.symbols.append(
      Symbol(name: ref, isDefined: false, binding: isWeak ? .weak : .global, origin: origin, library: library))
  }

  /// Adds an import whose name could not be read, under a placeholder naming the bad index.
  mutating func addUnreadableImport(stringIndex: UInt32, library: Symbol.Library, origin: Symbol.Origin) {
    let ref = image.names.append("<invalid n_strx 0x\(String(stringIndex, radix: 16))>")
    image.symbols.append(Symbol(name: ref, isDefined: false, origin: origin, library: library))
  }

  /// Remembers a defined name, so weak-bind entries for it are not taken as imports.
  mutating func noteDefinition(_ name: UnsafeRawBufferPointer) {
    if tracksNames { definedNames.insert(name) }
  }

  /// Adds a defined symbol.
  mutating func addDefinition(name: UnsafeRawBufferPointer, binding: Symbol.Binding, kind: Symbol.Kind) {
    let ref = image.names.append(name)
    image.symbols.append(Symbol(name: ref, isDefined: true, binding: binding, kind: kind, origin: .symbolTable))
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
    }
  }

  /// Adds an imported dyld entry, resolving its ordinal against the image's libraries.
  mutating func addImport(_ entry: DyldImport) {
    let library = Symbol.Library(dyldOrdinal: entry.libraryOrdinal, libraryCount: image.libraries.count)
    addImport(name: entry.name, library: library, isWeak: entry.isWeak, origin: entry.origin)
  }
}

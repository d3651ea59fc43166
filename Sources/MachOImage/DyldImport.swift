import BinaryImage

/// An import found in a dyld table (bind opcodes or the chained-fixups imports table),
/// before it is merged into the image's symbols.
struct DyldImport {
  /// The symbol name bytes, without the NUL.
  var name: UnsafeRawBufferPointer
  /// The signed library ordinal: 1-based index into the image's libraries, or one of the
  /// `SpecialLibraryOrdinal` values.
  var libraryOrdinal: Int
  /// Whether the import may be missing at run time (`BIND_SYMBOL_FLAGS_WEAK_IMPORT`, `weak_import`).
  var isWeak: Bool
  /// Which table it came from.
  var origin: Symbol.Origin
  /// Where the import's entry (bind opcode or imports-table entry) is in the file, for errors.
  var fileOffset: UInt64
}

extension Symbol.Library {
  /// The library a signed dyld ordinal names, given how many libraries the image links.
  ///
  /// An ordinal past the library list is not trusted and gives `.unknown`.
  init(dyldOrdinal ordinal: Int, libraryCount: Int) {
    switch ordinal {
    case SpecialLibraryOrdinal.selfImage: self = .selfImage
    case SpecialLibraryOrdinal.mainExecutable: self = .mainExecutable
    case SpecialLibraryOrdinal.flatLookup: self = .flatLookup
    case SpecialLibraryOrdinal.weakLookup: self = .weakLookup
    default: self = ordinal >= 1 && ordinal <= libraryCount ? .linked(ordinal - 1) : .unknown
    }
  }

  /// The library a symbol-table `GET_LIBRARY_ORDINAL(n_desc)` names.
  init(symbolTableOrdinal ordinal: UInt8, libraryCount: Int) {
    switch ordinal {
    case NListBits.selfLibraryOrdinal: self = .selfImage
    case NListBits.dynamicLookupOrdinal: self = .dynamicLookup
    case NListBits.executableOrdinal: self = .mainExecutable
    default: self = Int(ordinal) <= libraryCount ? .linked(Int(ordinal) - 1) : .unknown  // ordinal is 1...0xfd here
    }
  }
}

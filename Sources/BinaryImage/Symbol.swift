/// One symbol of an image: a definition, or an import the image needs from elsewhere.
///
/// Format-neutral: the ELF and Mach-O readers both produce these, and everything downstream
/// (catalog matching, audit, reports) depends only on this model.
package struct Symbol: Sendable, Hashable {
  /// How strongly the symbol binds.
  package enum Binding: String, Sendable, Hashable {
    /// A normal global definition or reference.
    case global
    /// A weak definition, or a weak import that may be missing at run time.
    case weak
    /// A file-local symbol.
    case local
  }

  /// What the symbol names.
  package enum Kind: String, Sendable, Hashable {
    /// Code.
    case function
    /// Data.
    case object
    /// Anything else, or not recorded (Mach-O records no type for imports).
    case other
  }

  /// Which table of the file the symbol was found in: the evidence a report cites.
  package enum Origin: String, Sendable, Hashable {
    /// ELF `.symtab` (relocatable objects) or Mach-O `LC_SYMTAB`.
    case symbolTable
    /// ELF `.dynsym`.
    case dynamicSymbolTable
    /// Mach-O `LC_DYLD_INFO` bind opcodes.
    case dyldBind
    /// Mach-O `LC_DYLD_INFO` weak-bind opcodes.
    case dyldWeakBind
    /// Mach-O `LC_DYLD_INFO` lazy-bind opcodes.
    case dyldLazyBind
    /// Mach-O `LC_DYLD_CHAINED_FIXUPS` imports table.
    case chainedFixups
    /// Mach-O dyld export trie (`LC_DYLD_INFO` exports or `LC_DYLD_EXPORTS_TRIE`): a definition
    /// the symbol table does not list, as in a stripped image.
    case exportTrie
  }

  /// Where an import is looked up at run time.
  package enum Library: Sendable, Hashable {
    /// Not known, or not an import.
    case unknown
    /// An index into `Image.libraries`.
    case linked(Int)
    /// The image itself (Mach-O `BIND_SPECIAL_DYLIB_SELF`).
    case selfImage
    /// The main executable (Mach-O `BIND_SPECIAL_DYLIB_MAIN_EXECUTABLE`).
    case mainExecutable
    /// Flat namespace lookup (Mach-O `BIND_SPECIAL_DYLIB_FLAT_LOOKUP`).
    case flatLookup
    /// The first weak definition among the loaded images, else the library the symbol table
    /// names (Mach-O `BIND_SPECIAL_DYLIB_WEAK_LOOKUP`: C++ `operator new` and other coalesced
    /// weak symbols in a chained-fixups image).
    case weakLookup
    /// Looked up dynamically (Mach-O `DYNAMIC_LOOKUP_ORDINAL`, `-undefined dynamic_lookup`).
    case dynamicLookup
  }

  /// The symbol's name in the image's `NameTable`, as spelled in the file (Mach-O's leading `_` kept).
  package var name: NameRef
  /// Whether the image defines the symbol (false for imports).
  package var isDefined: Bool
  /// How strongly it binds.
  package var binding: Binding
  /// What it names.
  package var kind: Kind
  /// Where the symbol was found.
  package var origin: Origin
  /// The library an import binds to.
  package var library: Library
  /// An index into `Image.versions` (ELF GNU symbol versioning), when the symbol has one.
  package var version: Int?

  /// Creates a symbol.
  package init(
    name: NameRef, isDefined: Bool, binding: Binding = .global, kind: Kind = .other, origin: Origin,
    library: Library = .unknown, version: Int? = nil
  ) {
    self.name = name
    self.isDefined = isDefined
    self.binding = binding
    self.kind = kind
    self.origin = origin
    self.library = library
    self.version = version
  }
}

/// Mach-O constants, transcribed by hand from `<mach-o/loader.h>`, `<mach-o/fat.h>`,
/// `<mach-o/nlist.h>`, `<mach-o/reloc.h>`, `<mach-o/fixup-chains.h>` and `<kern/cs_blobs.h>`.
///
/// Each value's doc comment names the C constant it mirrors; nothing here is read from a header
/// at build time, so the package needs no C target and carries no APSL text.
enum MachOMagic {
  /// `MH_MAGIC`: 32-bit image, host (little-endian here) byte order.
  static let magic32: UInt32 = 0xfeed_face
  /// `MH_CIGAM`: 32-bit image, swapped byte order.
  static let cigam32: UInt32 = 0xcefa_edfe
  /// `MH_MAGIC_64`: 64-bit image.
  static let magic64: UInt32 = 0xfeed_facf
  /// `MH_CIGAM_64`: 64-bit image, swapped byte order.
  static let cigam64: UInt32 = 0xcffa_edfe
  /// `FAT_MAGIC`: universal file with 32-bit `fat_arch` entries (always big-endian on disk).
  static let fat: UInt32 = 0xcafe_babe
  /// `FAT_MAGIC_64`: universal file with 64-bit `fat_arch_64` entries.
  static let fat64: UInt32 = 0xcafe_babf
}

/// `mach_header.filetype` values (`MH_*`).
enum MachOFileType {
  /// `MH_OBJECT`: relocatable object file.
  static let object: UInt32 = 0x1
  /// `MH_EXECUTE`: demand-paged executable.
  static let execute: UInt32 = 0x2
  /// `MH_DYLIB`: dynamically bound shared library.
  static let dylib: UInt32 = 0x6
  /// `MH_BUNDLE`: dynamically bound bundle.
  static let bundle: UInt32 = 0x8

  /// The `MH_*` spelling of a file type, for display.
  static func name(_ value: UInt32) -> String {
    switch value {
    case 0x1: "MH_OBJECT"
    case 0x2: "MH_EXECUTE"
    case 0x3: "MH_FVMLIB"
    case 0x4: "MH_CORE"
    case 0x5: "MH_PRELOAD"
    case 0x6: "MH_DYLIB"
    case 0x7: "MH_DYLINKER"
    case 0x8: "MH_BUNDLE"
    case 0x9: "MH_DYLIB_STUB"
    case 0xa: "MH_DSYM"
    case 0xb: "MH_KEXT_BUNDLE"
    case 0xc: "MH_FILESET"
    case 0xd: "MH_GPU_EXECUTE"
    case 0xe: "MH_GPU_DYLIB"
    default: "MH_UNKNOWN(0x\(String(value, radix: 16)))"
    }
  }
}

/// `mach_header.flags` bits.
enum MachOHeaderFlags {
  /// `MH_TWOLEVEL`: undefined symbols carry a library ordinal (two-level namespace).
  static let twoLevelNamespace: UInt32 = 0x80
}

/// `load_command.cmd` values (`LC_*`).
enum LoadCommandType {
  /// `LC_SEGMENT`.
  static let segment: UInt32 = 0x1
  /// `LC_SYMTAB`.
  static let symtab: UInt32 = 0x2
  /// `LC_LOAD_DYLIB`.
  static let loadDylib: UInt32 = 0xc
  /// `LC_ID_DYLIB`.
  static let idDylib: UInt32 = 0xd
  /// `LC_LOAD_WEAK_DYLIB` (`0x18 | LC_REQ_DYLD`).
  static let loadWeakDylib: UInt32 = 0x8000_0018
  /// `LC_SEGMENT_64`.
  static let segment64: UInt32 = 0x19
  /// `LC_UUID`.
  static let uuid: UInt32 = 0x1b
  /// `LC_RPATH` (`0x1c | LC_REQ_DYLD`).
  static let rpath: UInt32 = 0x8000_001c
  /// `LC_CODE_SIGNATURE`.
  static let codeSignature: UInt32 = 0x1d
  /// `LC_REEXPORT_DYLIB` (`0x1f | LC_REQ_DYLD`).
  static let reexportDylib: UInt32 = 0x8000_001f
  /// `LC_LAZY_LOAD_DYLIB`.
  static let lazyLoadDylib: UInt32 = 0x20
  /// `LC_ENCRYPTION_INFO`.
  static let encryptionInfo: UInt32 = 0x21
  /// `LC_DYLD_INFO`.
  static let dyldInfo: UInt32 = 0x22
  /// `LC_DYLD_INFO_ONLY` (`0x22 | LC_REQ_DYLD`).
  static let dyldInfoOnly: UInt32 = 0x8000_0022
  /// `LC_LOAD_UPWARD_DYLIB` (`0x23 | LC_REQ_DYLD`).
  static let loadUpwardDylib: UInt32 = 0x8000_0023
  /// `LC_VERSION_MIN_MACOSX`.
  static let versionMinMacOS: UInt32 = 0x24
  /// `LC_VERSION_MIN_IPHONEOS`.
  static let versionMinIPhoneOS: UInt32 = 0x25
  /// `LC_MAIN` (`0x28 | LC_REQ_DYLD`).
  static let main: UInt32 = 0x8000_0028
  /// `LC_ENCRYPTION_INFO_64`.
  static let encryptionInfo64: UInt32 = 0x2c
  /// `LC_VERSION_MIN_TVOS`.
  static let versionMinTVOS: UInt32 = 0x2f
  /// `LC_VERSION_MIN_WATCHOS`.
  static let versionMinWatchOS: UInt32 = 0x30
  /// `LC_BUILD_VERSION`.
  static let buildVersion: UInt32 = 0x32
  /// `LC_DYLD_EXPORTS_TRIE` (`0x33 | LC_REQ_DYLD`).
  static let dyldExportsTrie: UInt32 = 0x8000_0033
  /// `LC_DYLD_CHAINED_FIXUPS` (`0x34 | LC_REQ_DYLD`).
  static let dyldChainedFixups: UInt32 = 0x8000_0034
  /// `LC_DYSYMTAB`.
  static let dysymtab: UInt32 = 0xb
  /// `LC_FUNCTION_STARTS`.
  static let functionStarts: UInt32 = 0x26
}

/// `nlist.n_type` and `nlist.n_desc` bits (`<mach-o/nlist.h>`).
enum NListBits {
  /// `N_STAB`: any of these bits marks a debugger symbol.
  static let stabMask: UInt8 = 0xe0
  /// `N_TYPE`: the type field.
  static let typeMask: UInt8 = 0x0e
  /// `N_EXT`: external symbol.
  static let external: UInt8 = 0x01
  /// `N_PEXT`: private external (hidden visibility), which a static linker makes local.
  static let privateExternal: UInt8 = 0x10
  /// `N_UNDF`: undefined (or common, when `n_value != 0`).
  static let undefined: UInt8 = 0x0
  /// `N_SECT`: defined in section `n_sect`.
  static let section: UInt8 = 0xe
  /// `N_INDR`: an alias of another symbol, often another image's (a re-export); no definition.
  static let indirect: UInt8 = 0xa
  /// `N_PBUD`: prebound undefined.
  static let preboundUndefined: UInt8 = 0xc
  /// `N_WEAK_REF` (in `n_desc`): weak reference, may be missing at run time.
  static let weakReference: UInt16 = 0x40
  /// `N_WEAK_DEF` (in `n_desc`): weak definition.
  static let weakDefinition: UInt16 = 0x80
  /// `SELF_LIBRARY_ORDINAL`.
  static let selfLibraryOrdinal: UInt8 = 0x0
  /// `DYNAMIC_LOOKUP_ORDINAL`.
  static let dynamicLookupOrdinal: UInt8 = 0xfe
  /// `EXECUTABLE_ORDINAL`.
  static let executableOrdinal: UInt8 = 0xff
}

/// `section.flags` bits and types.
enum SectionFlags {
  /// `S_ATTR_PURE_INSTRUCTIONS`.
  static let pureInstructions: UInt32 = 0x8000_0000
  /// `S_ATTR_SOME_INSTRUCTIONS`.
  static let someInstructions: UInt32 = 0x0000_0400
  /// `SECTION_TYPE`.
  static let typeMask: UInt32 = 0xff
  /// `S_NON_LAZY_SYMBOL_POINTERS` (`__got`, `__auth_got`).
  static let nonLazySymbolPointers: UInt32 = 0x6
  /// `S_LAZY_SYMBOL_POINTERS` (`__la_symbol_ptr`).
  static let lazySymbolPointers: UInt32 = 0x7
  /// `S_SYMBOL_STUBS` (`__stubs`, `__auth_stubs`).
  static let symbolStubs: UInt32 = 0x8
}

/// Special `indirect symbol table` entries (`<mach-o/loader.h>`): the slot binds no symbol.
enum IndirectSymbol {
  /// `INDIRECT_SYMBOL_LOCAL`.
  static let local: UInt32 = 0x8000_0000
  /// `INDIRECT_SYMBOL_ABS`.
  static let absolute: UInt32 = 0x4000_0000
}

/// Bind opcode stream values (`BIND_*` in `<mach-o/loader.h>`).
enum BindOpcode {
  /// `BIND_OPCODE_MASK`.
  static let opcodeMask: UInt8 = 0xf0
  /// `BIND_IMMEDIATE_MASK`.
  static let immediateMask: UInt8 = 0x0f
  /// `BIND_OPCODE_DONE`.
  static let done: UInt8 = 0x00
  /// `BIND_OPCODE_SET_DYLIB_ORDINAL_IMM`.
  static let setDylibOrdinalImmediate: UInt8 = 0x10
  /// `BIND_OPCODE_SET_DYLIB_ORDINAL_ULEB`.
  static let setDylibOrdinalULEB: UInt8 = 0x20
  /// `BIND_OPCODE_SET_DYLIB_SPECIAL_IMM`.
  static let setDylibSpecialImmediate: UInt8 = 0x30
  /// `BIND_OPCODE_SET_SYMBOL_TRAILING_FLAGS_IMM`.
  static let setSymbolTrailingFlagsImmediate: UInt8 = 0x40
  /// `BIND_OPCODE_SET_TYPE_IMM`.
  static let setTypeImmediate: UInt8 = 0x50
  /// `BIND_OPCODE_SET_ADDEND_SLEB`.
  static let setAddendSLEB: UInt8 = 0x60
  /// `BIND_OPCODE_SET_SEGMENT_AND_OFFSET_ULEB`.
  static let setSegmentAndOffsetULEB: UInt8 = 0x70
  /// `BIND_OPCODE_ADD_ADDR_ULEB`.
  static let addAddressULEB: UInt8 = 0x80
  /// `BIND_OPCODE_DO_BIND`.
  static let doBind: UInt8 = 0x90
  /// `BIND_OPCODE_DO_BIND_ADD_ADDR_ULEB`.
  static let doBindAddAddressULEB: UInt8 = 0xa0
  /// `BIND_OPCODE_DO_BIND_ADD_ADDR_IMM_SCALED`.
  static let doBindAddAddressImmediateScaled: UInt8 = 0xb0
  /// `BIND_OPCODE_DO_BIND_ULEB_TIMES_SKIPPING_ULEB`.
  static let doBindULEBTimesSkippingULEB: UInt8 = 0xc0
  /// `BIND_OPCODE_THREADED`.
  static let threaded: UInt8 = 0xd0
  /// `BIND_SUBOPCODE_THREADED_SET_BIND_ORDINAL_TABLE_SIZE_ULEB`.
  static let threadedSetOrdinalTableSizeULEB: UInt8 = 0x00
  /// `BIND_SYMBOL_FLAGS_WEAK_IMPORT`.
  static let weakImportFlag: UInt8 = 0x1
  /// `BIND_SYMBOL_FLAGS_NON_WEAK_DEFINITION`.
  static let nonWeakDefinitionFlag: UInt8 = 0x8
}

/// Special library ordinals shared by bind opcodes and chained-fixup imports
/// (`BIND_SPECIAL_DYLIB_*`), as signed values.
enum SpecialLibraryOrdinal {
  /// `BIND_SPECIAL_DYLIB_SELF`.
  static let selfImage: Int = 0
  /// `BIND_SPECIAL_DYLIB_MAIN_EXECUTABLE`.
  static let mainExecutable: Int = -1
  /// `BIND_SPECIAL_DYLIB_FLAT_LOOKUP`.
  static let flatLookup: Int = -2
  /// `BIND_SPECIAL_DYLIB_WEAK_LOOKUP`.
  static let weakLookup: Int = -3
}

/// `<mach-o/fixup-chains.h>` values.
enum ChainedFixupConstants {
  /// `DYLD_CHAINED_IMPORT`: 32-bit entries, 8-bit ordinal, 23-bit name offset.
  static let importFormat: UInt32 = 1
  /// `DYLD_CHAINED_IMPORT_ADDEND`: as above plus a 32-bit addend.
  static let importAddendFormat: UInt32 = 2
  /// `DYLD_CHAINED_IMPORT_ADDEND64`: 64-bit entries, 16-bit ordinal, 32-bit name offset, 64-bit addend.
  static let importAddend64Format: UInt32 = 3
  /// `DYLD_CHAINED_SYMBOL_UNCOMPRESSED`.
  static let symbolsUncompressed: UInt32 = 0
  /// `DYLD_CHAINED_PTR_ARM64E`.
  static let pointerARM64E: UInt16 = 1
  /// `DYLD_CHAINED_PTR_64`.
  static let pointer64: UInt16 = 2
  /// `DYLD_CHAINED_PTR_32`.
  static let pointer32: UInt16 = 3
  /// `DYLD_CHAINED_PTR_64_OFFSET`.
  static let pointer64Offset: UInt16 = 6
  /// `DYLD_CHAINED_PTR_ARM64E_KERNEL`.
  static let pointerARM64EKernel: UInt16 = 7
  /// `DYLD_CHAINED_PTR_ARM64E_USERLAND`.
  static let pointerARM64EUserland: UInt16 = 9
  /// `DYLD_CHAINED_PTR_ARM64E_USERLAND24`.
  static let pointerARM64EUserland24: UInt16 = 12
}

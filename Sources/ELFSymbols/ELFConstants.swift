#if canImport(CLibELF)
  /// The `<elf.h>` values the reader compares against, transcribed by hand so that only
  /// `LibELF.swift` imports the C module.
  enum ELFConstants {
    // e_type
    static let typeRelocatable: UInt16 = 1  // ET_REL
    static let typeExecutable: UInt16 = 2  // ET_EXEC
    static let typeShared: UInt16 = 3  // ET_DYN
    static let typeCore: UInt16 = 4  // ET_CORE

    // e_machine
    static let machineX8664: UInt16 = 62  // EM_X86_64
    static let machineAArch64: UInt16 = 183  // EM_AARCH64

    // sh_type
    static let sectionProgramBits: UInt32 = 1  // SHT_PROGBITS
    static let sectionSymbolTable: UInt32 = 2  // SHT_SYMTAB
    static let sectionStringTable: UInt32 = 3  // SHT_STRTAB
    static let sectionRelocationsWithAddends: UInt32 = 4  // SHT_RELA
    static let sectionDynamic: UInt32 = 6  // SHT_DYNAMIC
    static let sectionDynamicSymbols: UInt32 = 11  // SHT_DYNSYM
    static let sectionSymbolIndices: UInt32 = 18  // SHT_SYMTAB_SHNDX
    static let sectionVersionDefinitions: UInt32 = 0x6fff_fffd  // SHT_GNU_verdef
    static let sectionVersionNeeds: UInt32 = 0x6fff_fffe  // SHT_GNU_verneed
    static let sectionVersionIndices: UInt32 = 0x6fff_ffff  // SHT_GNU_versym

    // sh_flags
    static let sectionFlagExecutable: UInt64 = 0x4  // SHF_EXECINSTR

    // p_type
    static let programLoad: UInt32 = 1  // PT_LOAD
    static let programDynamic: UInt32 = 2  // PT_DYNAMIC
    static let programInterpreter: UInt32 = 3  // PT_INTERP

    // d_tag
    static let dynamicNull: Int64 = 0  // DT_NULL
    static let dynamicNeeded: Int64 = 1  // DT_NEEDED
    static let dynamicPLTRelocationsSize: Int64 = 2  // DT_PLTRELSZ
    static let dynamicHash: Int64 = 4  // DT_HASH
    static let dynamicStringTable: Int64 = 5  // DT_STRTAB
    static let dynamicSymbolTable: Int64 = 6  // DT_SYMTAB
    static let dynamicRelocationsWithAddend: Int64 = 7  // DT_RELA
    static let dynamicRelocationsWithAddendSize: Int64 = 8  // DT_RELASZ
    static let dynamicRelocationWithAddendEntrySize: Int64 = 9  // DT_RELAENT
    static let dynamicStringTableSize: Int64 = 10  // DT_STRSZ
    static let dynamicSymbolEntrySize: Int64 = 11  // DT_SYMENT
    static let dynamicSoname: Int64 = 14  // DT_SONAME
    static let dynamicRPath: Int64 = 15  // DT_RPATH
    static let dynamicRelocations: Int64 = 17  // DT_REL
    static let dynamicRelocationsSize: Int64 = 18  // DT_RELSZ
    static let dynamicRelocationEntrySize: Int64 = 19  // DT_RELENT
    static let dynamicPLTRelocationType: Int64 = 20  // DT_PLTREL
    static let dynamicPLTRelocations: Int64 = 23  // DT_JMPREL
    static let dynamicRunPath: Int64 = 29  // DT_RUNPATH
    static let dynamicGNUHash: Int64 = 0x6fff_fef5  // DT_GNU_HASH
    static let dynamicVersionIndices: Int64 = 0x6fff_fff0  // DT_VERSYM
    static let dynamicFlags1: Int64 = 0x6fff_fffb  // DT_FLAGS_1
    static let dynamicVersionDefinitions: Int64 = 0x6fff_fffc  // DT_VERDEF
    static let dynamicVersionDefinitionCount: Int64 = 0x6fff_fffd  // DT_VERDEFNUM
    static let dynamicVersionNeeds: Int64 = 0x6fff_fffe  // DT_VERNEED
    static let dynamicVersionNeedCount: Int64 = 0x6fff_ffff  // DT_VERNEEDNUM
    static let flags1PIE: UInt64 = 0x0800_0000  // DF_1_PIE

    // st_shndx
    static let sectionUndefined: UInt32 = 0  // SHN_UNDEF

    // ELF_ST_BIND
    static let bindLocal: UInt8 = 0  // STB_LOCAL
    static let bindGlobal: UInt8 = 1  // STB_GLOBAL
    static let bindWeak: UInt8 = 2  // STB_WEAK
    static let bindUnique: UInt8 = 10  // STB_GNU_UNIQUE

    // ELF_ST_VISIBILITY
    static let visibilityDefault: UInt8 = 0  // STV_DEFAULT

    // ELF_ST_TYPE
    static let symbolObject: UInt8 = 1  // STT_OBJECT
    static let symbolFunction: UInt8 = 2  // STT_FUNC
    static let symbolSection: UInt8 = 3  // STT_SECTION
    static let symbolFile: UInt8 = 4  // STT_FILE
    static let symbolCommon: UInt8 = 5  // STT_COMMON
    static let symbolTLS: UInt8 = 6  // STT_TLS
    static let symbolIndirectFunction: UInt8 = 10  // STT_GNU_IFUNC

    // .gnu.version
    static let versionLocal: UInt16 = 0  // VER_NDX_LOCAL
    static let versionGlobal: UInt16 = 1  // VER_NDX_GLOBAL
    static let versionHiddenBit: UInt16 = 0x8000
    static let versionDefinitionBase: UInt16 = 1  // VER_FLG_BASE
  }
#endif

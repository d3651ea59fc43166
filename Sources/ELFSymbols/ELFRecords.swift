#if canImport(CLibELF)
  /// Plain Swift copies of the libelf records the reader uses, so that only `LibELF.swift`
  /// sees libelf's C types. Field meanings follow `<elf.h>` / `<gelf.h>`.

  /// What a libelf descriptor holds (`Elf_Kind`).
  enum ELFContentKind {
    /// An ELF file (`ELF_K_ELF`).
    case elf
    /// An ar archive (`ELF_K_AR`).
    case archive
    /// Anything else (`ELF_K_NONE`, `ELF_K_COFF`).
    case other
  }

  /// Which kind of record `LibELF.entrySize` measures and `LibELF.chunk` converts.
  enum ELFEntryType {
    /// Uninterpreted bytes (`ELF_T_BYTE`): string tables, code, read-only data.
    case bytes
    /// 32-bit words (`ELF_T_WORD`): `DT_HASH` and the buckets and chains of `DT_GNU_HASH`.
    case word
    /// The ELF header (`ELF_T_EHDR`).
    case header
    /// A symbol table entry (`ELF_T_SYM`).
    case symbol
    /// A dynamic array entry (`ELF_T_DYN`).
    case dynamic
    /// A `.gnu.version` entry (`ELF_T_HALF`).
    case versionIndex
    /// `Verneed`/`Vernaux` records (`ELF_T_VNEED`).
    case versionNeed
    /// `Verdef`/`Verdaux` records (`ELF_T_VDEF`).
    case versionDefinition
    /// A relocation without addend (`ELF_T_REL`).
    case relocation
    /// A relocation with addend (`ELF_T_RELA`).
    case relocationWithAddend
  }

  /// The fields of the ELF header the reader needs (`GElf_Ehdr`).
  struct ELFHeader {
    /// `e_type` (`ET_REL`, `ET_EXEC`, `ET_DYN`, …).
    var type: UInt16
    /// `e_machine` (`EM_X86_64`, …).
    var machine: UInt16
    /// Whether `EI_CLASS` is `ELFCLASS64`.
    var is64Bit: Bool
    /// Whether `EI_DATA` is `ELFDATA2MSB`.
    var isBigEndian: Bool
    /// `e_phoff`: 0 when the file has no program header table.
    var programHeaderOffset: UInt64
    /// `e_phentsize`.
    var programEntrySize: UInt16
    /// `e_phnum`.
    var programCount: UInt16
    /// `e_shoff`: 0 when the file has no section header table.
    var sectionHeaderOffset: UInt64
    /// `e_shentsize`.
    var sectionEntrySize: UInt16
    /// `e_shnum` as stored (0 when the count is in section 0's `sh_size`).
    var sectionCount: UInt16
  }

  /// One program header (`GElf_Phdr`), reduced to what the loader's view uses.
  struct ELFProgramHeader {
    /// `p_type` (`PT_LOAD`, `PT_DYNAMIC`, `PT_INTERP`, …).
    var type: UInt32
    /// `p_offset`: where the segment's bytes start in the file.
    var offset: UInt64
    /// `p_vaddr`: where the loader maps them.
    var address: UInt64
    /// `p_filesz`: how many bytes come from the file.
    var fileSize: UInt64
    /// `p_memsz`: the size in memory; the bytes past `fileSize` are zero.
    var memorySize: UInt64
  }

  /// One section header (`GElf_Shdr`) with its name.
  struct ELFSection {
    /// The section's index in the header table.
    var index: Int
    /// `sh_name` read from the section name table; empty when it cannot be read.
    var name: String
    /// `sh_type`.
    var type: UInt32
    /// `sh_flags` (`SHF_EXECINSTR`, …).
    var flags: UInt64
    /// `sh_addr`: where the section is loaded (0 in a relocatable object).
    var address: UInt64
    /// `sh_link`: the associated string table or symbol table.
    var link: UInt32
    /// `sh_info`: for `.gnu.version_r`/`_d`, the number of records.
    var info: UInt32
    /// `sh_entsize`.
    var entrySize: UInt64
    /// `sh_size`.
    var size: UInt64
    /// `sh_offset`: where the section's bytes start in the file (or archive member).
    var fileOffset: UInt64

    /// `SHT_PROGBITS` with `SHF_EXECINSTR`: machine code.
    var isCode: Bool {
      type == ELFConstants.sectionProgramBits && flags & ELFConstants.sectionFlagExecutable != 0
    }
  }

  /// One symbol table entry (`GElf_Sym`) with its section index resolved through `SHT_SYMTAB_SHNDX`.
  struct ELFSymbolEntry {
    /// `st_name`: offset into the linked string table.
    var nameOffset: UInt32
    /// `st_info`: binding in the high nibble, type in the low nibble.
    var info: UInt8
    /// The section index (`st_shndx`, or the extended index when it is `SHN_XINDEX`).
    var sectionIndex: UInt32
    /// `st_value`: an address in a linked image, an offset in its section in an object.
    var value: UInt64
    /// `st_size`: 0 when unknown.
    var size: UInt64
    /// `st_other`: the visibility in its low two bits.
    var other: UInt8

    /// `ELF_ST_BIND(st_info)`.
    var binding: UInt8 { info >> 4 }
    /// `ELF_ST_TYPE(st_info)`.
    var type: UInt8 { info & 0xf }
    /// `ELF_ST_VISIBILITY(st_other)`.
    var visibility: UInt8 { other & 0x3 }
    /// Whether the symbol belongs to its source file alone: local with default visibility (a C
    /// `static`, a compiler's label). A hidden symbol a linker made local keeps `STV_HIDDEN`.
    var isFilePrivate: Bool { binding == ELFConstants.bindLocal && visibility == ELFConstants.visibilityDefault }
  }

  /// One relocation (`GElf_Rel` or `GElf_Rela`), without its addend.
  struct ELFRelocation {
    /// `r_offset`: the place relocated (an address in a linked image, an offset in its section
    /// in an object).
    var offset: UInt64
    /// `GELF_R_SYM(r_info)`: the symbol table index.
    var symbol: UInt32
    /// `GELF_R_TYPE(r_info)`: the machine's relocation type.
    var type: UInt32
  }

  /// One `.dynamic` entry (`GElf_Dyn`).
  struct ELFDynamicEntry {
    /// `d_tag`.
    var tag: Int64
    /// `d_un.d_val`.
    var value: UInt64
  }

  /// One `Verneed` record of `.gnu.version_r`: a library and the versions needed from it.
  struct ELFVersionNeed {
    /// `vn_cnt`: number of `Vernaux` records.
    var auxCount: UInt16
    /// `vn_file`: the library's name in the linked string table.
    var fileNameOffset: UInt32
    /// `vn_aux`: offset of the first `Vernaux`, relative to this record.
    var auxOffset: UInt32
    /// `vn_next`: offset of the next `Verneed`, relative to this record; 0 ends the list.
    var next: UInt32
  }

  /// One `Vernaux` record: a version needed from a library.
  struct ELFVersionNeedAux {
    /// `vna_other`: the version index `.gnu.version` entries use.
    var index: UInt16
    /// `vna_name`: the version's name in the linked string table.
    var nameOffset: UInt32
    /// `vna_next`: offset of the next `Vernaux`, relative to this record; 0 ends the list.
    var next: UInt32
  }

  /// One `Verdef` record of `.gnu.version_d`: a version this image defines.
  struct ELFVersionDefinition {
    /// `vd_flags` (`VER_FLG_BASE` marks the file's own name).
    var flags: UInt16
    /// `vd_ndx`: the version index `.gnu.version` entries use.
    var index: UInt16
    /// `vd_aux`: offset of the first `Verdaux` (the name), relative to this record.
    var auxOffset: UInt32
    /// `vd_next`: offset of the next `Verdef`, relative to this record; 0 ends the list.
    var next: UInt32
  }

#endif

#if canImport(CLibELF)
  /// Names an ELF `e_machine` the way `llvm-nm` / `uname -m` spell architectures.
  enum ELFMachine {
    /// The architecture name for a header, taking class and byte order into account where the
    /// same machine number covers several spellings (`ppc64`/`ppc64le`, `mips`/`mips64el`, …).
    static func architectureName(_ header: ELFHeader) -> String {
      let big = header.isBigEndian
      let wide = header.is64Bit
      switch header.machine {
      case 3: return "i386"  // EM_386
      case 62: return wide ? "x86_64" : "x32"  // EM_X86_64
      case 183: return big ? "aarch64_be" : "aarch64"  // EM_AARCH64
      case 40: return big ? "armeb" : "arm"  // EM_ARM
      case 243: return wide ? "riscv64" : "riscv32"  // EM_RISCV
      case 21: return big ? "ppc64" : "ppc64le"  // EM_PPC64
      case 20: return big ? "ppc" : "ppcle"  // EM_PPC
      case 22: return wide ? "s390x" : "s390"  // EM_S390
      case 8: return (wide ? "mips64" : "mips") + (big ? "" : "el")  // EM_MIPS
      case 2: return "sparc"  // EM_SPARC
      case 43: return "sparcv9"  // EM_SPARCV9
      case 258: return wide ? "loongarch64" : "loongarch32"  // EM_LOONGARCH
      case 247: return big ? "bpfeb" : "bpfel"  // EM_BPF
      case 164: return "hexagon"  // EM_QDSP6
      case 224: return "amdgcn"  // EM_AMDGPU
      case 4: return "m68k"  // EM_68K
      case 42: return big ? "sheb" : "sh"  // EM_SH
      case 50: return "ia64"  // EM_IA_64
      case 0x9026: return "alpha"  // EM_ALPHA
      case 0: return "none"  // EM_NONE
      default: return "elf-machine-\(header.machine)"
      }
    }
  }
#endif

/// Names Mach-O CPU types the way llvm-nm and lipo spell them (`arm64`, `arm64e`, `x86_64h`, …).
///
/// The values come from `<mach/machine.h>` (`CPU_TYPE_*`, `CPU_SUBTYPE_*`). The capability bits in
/// the top byte of the subtype (`CPU_SUBTYPE_MASK`, e.g. the arm64e pointer-authentication ABI
/// version) are ignored, as llvm does.
enum ArchNames {
  /// `CPU_ARCH_ABI64`.
  private static let abi64: UInt32 = 0x0100_0000
  /// `CPU_ARCH_ABI64_32`.
  private static let abi64on32: UInt32 = 0x0200_0000
  /// `CPU_TYPE_X86`.
  private static let x86: UInt32 = 7
  /// `CPU_TYPE_ARM`.
  private static let arm: UInt32 = 12
  /// `CPU_TYPE_POWERPC`.
  private static let powerPC: UInt32 = 18
  /// `CPU_SUBTYPE_MASK`.
  private static let subtypeCapabilityMask: UInt32 = 0xff00_0000

  /// The architecture name for a `cputype`/`cpusubtype` pair.
  static func name(cpuType: UInt32, cpuSubtype: UInt32) -> String {
    let subtype = cpuSubtype & ~subtypeCapabilityMask
    switch cpuType {
    case x86: return "i386"
    case x86 | abi64: return subtype == 8 ? "x86_64h" : "x86_64"  // CPU_SUBTYPE_X86_64_H
    case arm | abi64: return subtype == 2 ? "arm64e" : "arm64"  // CPU_SUBTYPE_ARM64E
    case arm | abi64on32: return "arm64_32"
    case arm: return armName(subtype)
    case powerPC: return "ppc"
    case powerPC | abi64: return "ppc64"
    default: return "unknown(\(cpuType),\(subtype))"
    }
  }

  /// `CPU_SUBTYPE_ARM_*` names.
  private static func armName(_ subtype: UInt32) -> String {
    switch subtype {
    case 5: "armv4t"
    case 6: "armv6"
    case 7: "armv5e"
    case 8: "xscale"
    case 9: "armv7"
    case 10: "armv7f"
    case 11: "armv7s"
    case 12: "armv7k"
    case 13: "armv8"
    case 14: "armv6m"
    case 15: "armv7m"
    case 16: "armv7em"
    default: "arm"
    }
  }
}

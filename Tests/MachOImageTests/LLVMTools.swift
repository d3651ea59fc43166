import TestSupport

/// The Swift toolchain's llvm-nm and llvm-objdump, the reference the Mach-O reader is compared against.
enum LLVMTools {
  static let nm = ReferenceTools.toolchain("llvm-nm")
  static let objdump = ReferenceTools.toolchain("llvm-objdump")

  /// Whether both tools are installed.
  static var areAvailable: Bool { ReferenceTools.areExecutable(nm, objdump) }

  /// The standard output of `tool arguments…` (standard error is discarded).
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    try ReferenceTools.output(of: tool, arguments)
  }
}

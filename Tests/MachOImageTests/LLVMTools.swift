import Foundation

/// Runs the Swift toolchain's llvm-nm and llvm-objdump, the reference the Mach-O reader is
/// compared against.
enum LLVMTools {
  /// The toolchain's binaries (not Debian's older `/usr/bin/llvm-*`).
  static let nm = "/opt/swift/usr/bin/llvm-nm"
  static let objdump = "/opt/swift/usr/bin/llvm-objdump"

  /// Whether both tools are installed.
  static var areAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: nm) && FileManager.default.isExecutableFile(atPath: objdump)
  }

  /// The standard output of `tool arguments…` (standard error is discarded).
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

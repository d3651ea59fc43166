import Foundation

/// The independent readers tests compare sdkvet against: binutils `nm`, and the Swift
/// toolchain's own `llvm-nm` and `llvm-objdump` (not a distribution's older LLVM).
package enum ReferenceTools {
  /// The first executable named `name` on `PATH`, or `nil`.
  package static func onPath(_ name: String) -> String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The `bin` folder of the Swift toolchain on `PATH` (symbolic links resolved), where its
  /// clang, llvm-nm and llvm-objdump live; `/opt/swift/usr/bin` when `swift` is not found.
  package static let toolchainBin: String = {
    guard let swift = onPath("swift") else { return "/opt/swift/usr/bin" }
    return URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent().path
  }()

  /// The path of the toolchain's tool `name` (`llvm-nm`, `llvm-objdump`).
  package static func toolchain(_ name: String) -> String { toolchainBin + "/" + name }

  /// Whether every path in `paths` is an executable file.
  package static func areExecutable(_ paths: String...) -> Bool {
    paths.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The standard output of `tool arguments…`; standard error is discarded.
  package static func output(of tool: String, _ arguments: [String]) throws -> String {
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

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the built `sdkvet` in a child process under an address-space limit and a time limit, so
/// that a hostile input that traps, hangs or blows up fails its own test instead of ending the
/// test run, and its peak memory can be asserted.
///
/// Time is the child's own: the smaller of its wall-clock time and the processor time it used
/// (`seconds`). On a quiet machine that is the wall clock; on one whose cores other builds hold,
/// a child that waits for a core is not charged for the wait, so a limit means the same work
/// wherever the test runs. A child that blocks without using a core is killed at four times the
/// limit of wall-clock time.
package struct ChildProcess: Sendable {
  /// What one run produced.
  package struct Outcome: Sendable {
    /// The exit status, or `nil` when a signal ended the process (see `signal`).
    package var status: Int32?
    /// The signal that ended the process (the limit's SIGKILL included), if any.
    package var signal: Int32?
    /// Whether the wall-clock limit ran out and the process was killed.
    package var timedOut: Bool
    /// Standard output.
    package var output: String
    /// Standard error.
    package var error: String
    /// The child's own seconds: the smaller of its wall-clock and processor time.
    package var seconds: Double
    /// Wall-clock seconds.
    package var wallSeconds: Double
    /// Peak resident memory in MiB: the child's `VmHWM`, polled from `/proc` while it runs, on
    /// Linux (there the child starts as a `vfork` of the test process, and `ru_maxrss` keeps that
    /// process's own peak), `ru_maxrss` elsewhere.
    package var peakMiB: Double
  }

  /// The `sdkvet` executable built beside the test bundle.
  package static var sdkvet: String {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("sdkvet").path
    return FileManager.default.isExecutableFile(atPath: beside)
      ? beside : SampleLocator.packageRoot + "/.build/debug/sdkvet"
  }

  /// The address space the child may reserve: far above what a normal scan maps (the Swift
  /// runtime and thread stacks reserve a few hundred MiB of address space), far below a blow-up.
  package var addressSpaceMiB = 2048
  /// The child's own seconds (`Outcome.seconds`) before it is killed.
  package var timeLimit: Double = 30
  /// The folder the child runs in; `nil` for the test's own.
  package var workingDirectory: String?

  /// Creates a runner with the default limits.
  package init() {}

  /// Runs `sdkvet` with `arguments`.
  package func run(_ arguments: [String]) -> Outcome {
    run(byteArguments: arguments.map { Array($0.utf8) })
  }

  /// Runs `sdkvet` with arguments given as bytes, so a test can pass names that are not UTF-8.
  package func run(byteArguments: [[UInt8]]) -> Outcome {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-child-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputPath = folder.appendingPathComponent("out").path
    let errorPath = folder.appendingPathComponent("err").path
    // The shell applies the limit, then becomes sdkvet with its output sent to the two files.
    let script =
      "cd \"${SDKVET_CWD:-.}\" && ulimit -v \(addressSpaceMiB * 1024) && exec \"$0\" \"$@\" >\"$SDKVET_OUT\" 2>\"$SDKVET_ERR\""
    let argv = [Array("/bin/sh".utf8), Array("-c".utf8), Array(script.utf8), Array(Self.sdkvet.utf8)] + byteArguments
    var environment = ProcessInfo.processInfo.environment
    environment["SDKVET_OUT"] = outputPath
    environment["SDKVET_ERR"] = errorPath
    environment["NO_COLOR"] = "1"
    if let workingDirectory { environment["SDKVET_CWD"] = workingDirectory }
    let started = Date()
    guard let pid = Self.spawn(argv, environment: environment) else {
      return Outcome(
        status: nil, signal: nil, timedOut: false, output: "", error: "spawn failed", seconds: 0, wallSeconds: 0,
        peakMiB: 0)
    }
    var (waitStatus, usage, timedOut, polledPeakKiB) = (Int32(0), rusage(), false, 0)
    while wait4(pid, &waitStatus, WNOHANG, &usage) == 0 {
      polledPeakKiB = max(polledPeakKiB, Self.peakResidentKiB(of: pid) ?? 0)
      let wall = Date().timeIntervalSince(started)
      let own = min(wall, Self.processorSeconds(of: pid) ?? wall)
      if own > timeLimit || wall > 4 * timeLimit {
        kill(pid, SIGKILL)
        timedOut = true
        _ = wait4(pid, &waitStatus, 0, &usage)
        break
      }
      usleep(2_000)
    }
    let wallSeconds = Date().timeIntervalSince(started)
    let processorSeconds =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
      + Double(usage.ru_stime.tv_usec) / 1e6
    let exited = waitStatus & 0x7f == 0
    #if canImport(Darwin)
      let peakMiB = Double(usage.ru_maxrss) / 1_048_576  // bytes on Darwin
    #else
      let peakMiB = Double(polledPeakKiB) / 1024
    #endif
    return Outcome(
      status: exited ? (waitStatus >> 8) & 0xff : nil, signal: exited ? nil : waitStatus & 0x7f, timedOut: timedOut,
      output: Self.text(at: outputPath), error: Self.text(at: errorPath),
      seconds: min(wallSeconds, processorSeconds), wallSeconds: wallSeconds, peakMiB: peakMiB)
  }

  /// `VmHWM` of a running process from `/proc/PID/status`; `nil` where there is no `/proc`.
  private static func peakResidentKiB(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
  }

  /// The processor seconds a running process has used (`utime` + `stime` of `/proc/PID/stat`);
  /// `nil` where there is no `/proc`.
  private static func processorSeconds(of pid: pid_t) -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  private static func text(at path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  private static func spawn(_ argv: [[UInt8]], environment: [String: String]) -> pid_t? {
    let arguments = argv.map { bytes in strdup(bytes.map { CChar(bitPattern: $0) } + [0]) }
    let variables = environment.map { strdup("\($0.key)=\($0.value)") }
    defer { (arguments + variables).forEach { free($0) } }
    var pid = pid_t()
    let status = (arguments + [nil]).withUnsafeBufferPointer { argvBuffer in
      (variables + [nil]).withUnsafeBufferPointer { envBuffer in
        guard let argv = argvBuffer.baseAddress, let envp = envBuffer.baseAddress else { return EINVAL }
        return posix_spawn(&pid, "/bin/sh", nil, nil, argv, envp)
      }
    }
    return status == 0 ? pid : nil
  }
}

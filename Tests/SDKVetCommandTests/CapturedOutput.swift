import SDKVetCommand
import Synchronization

/// Runs `sdkvet` in-process and captures what it writes and its exit status.
struct CapturedRun {
  let status: SDKVetCommand.ExitStatus
  let output: String
  let error: String

  init(_ arguments: [String], environment: [String: String] = [:]) {
    let output = Mutex<[UInt8]>([])
    let error = Mutex<[UInt8]>([])
    let streams = OutputStreams(
      writeOutput: { bytes in output.withLock { $0.append(contentsOf: bytes) } },
      writeError: { bytes in error.withLock { $0.append(contentsOf: bytes) } })
    status = SDKVet.main(arguments: arguments, environment: environment, streams: streams)
    self.output = output.withLock { String(decoding: $0, as: UTF8.self) }
    self.error = error.withLock { String(decoding: $0, as: UTF8.self) }
  }
}

/// A text stream over a command's output that passes text on in chunks of about 64 KiB, so a
/// large report is written while it is rendered instead of being held whole in memory.
struct ChunkedOutput: TextOutputStream {
  private let streams: OutputStreams
  private var pending: [UInt8] = []

  /// Bytes gathered before they are written.
  static let chunkSize = 1 << 16

  /// Creates a stream writing to `streams`' output.
  init(_ streams: OutputStreams) {
    self.streams = streams
  }

  mutating func write(_ string: String) {
    pending.append(contentsOf: string.utf8)
    if pending.count >= Self.chunkSize { flush() }
  }

  /// Writes what is still gathered; call once the report is complete.
  mutating func flush() {
    guard !pending.isEmpty else { return }
    streams.writeOutput(pending)
    pending.removeAll(keepingCapacity: true)
  }
}

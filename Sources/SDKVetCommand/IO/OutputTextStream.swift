/// A command's output as a `TextOutputStream`, so a report is written while it is rendered
/// instead of being held whole in memory first. The reporters write in pieces of a target or
/// about 64 KiB; `OutputStreams` batches them into large writes.
struct OutputTextStream: TextOutputStream {
  let streams: OutputStreams

  mutating func write(_ string: String) {
    streams.output(string)
  }
}

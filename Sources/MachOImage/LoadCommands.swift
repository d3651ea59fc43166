import BinaryImage

/// One load command: its type and a reader over exactly its `cmdsize` bytes.
struct LoadCommand {
  /// `cmd` (`LC_*`).
  var type: UInt32
  /// The whole command, header included, in the image's byte order.
  var body: ByteReader
}

/// Walks the load commands that follow a Mach-O header.
///
/// Checks, before any command is used: `sizeofcmds` fits the image; `ncmds` is no more than
/// `sizeofcmds / 8` (the smallest command), which also bounds the loop by the bytes present;
/// each `cmdsize` is at least 8, a multiple of 4 and inside `sizeofcmds`. On the first bad
/// command the walk throws and then stays finished (fused), so callers never loop on garbage.
/// Unknown commands are returned like any other; callers skip what they do not read.
struct LoadCommandIterator {
  private var commands: ByteReader
  private var remaining: UInt32

  /// Prepares the walk over the commands of `image` described by `header`.
  /// - Throws: `truncated` when `sizeofcmds` runs past the image, `malformed` when `ncmds` cannot fit.
  init(image: ByteReader, header: MachHeader) throws(BinaryError) {
    commands = try image.slice(at: header.size, count: header.commandsSize, "Mach-O load commands (sizeofcmds)")
    guard header.commandCount <= header.commandsSize / 8 else {
      throw BinaryError(
        .malformed,
        "Mach-O load commands: ncmds \(header.commandCount) cannot fit in sizeofcmds \(header.commandsSize)",
        offset: image.fileOffset(16))
    }
    remaining = header.commandCount
  }

  /// The next command, or `nil` after the last one.
  /// - Throws: `malformed`/`truncated` for a bad `cmdsize`; the iterator is then finished.
  mutating func next() throws(BinaryError) -> LoadCommand? {
    guard remaining > 0 else { return nil }
    remaining -= 1
    do throws(BinaryError) {
      let start = commands.position
      let type = try commands.peek(UInt32.self, at: start, "Mach-O load command: cmd")
      let size = try commands.peek(UInt32.self, at: start + 4, "Mach-O load command: cmdsize")
      guard size >= 8, size % 4 == 0 else {
        throw BinaryError(
          .malformed,
          "Mach-O load command 0x\(String(type, radix: 16)): cmdsize \(size) is not a multiple of 4 of at least 8",
          offset: commands.fileOffset(start + 4))
      }
      let body = try commands.slice(
        at: start, count: size, "Mach-O load command 0x\(String(type, radix: 16)) (cmdsize)")
      try commands.skip(Int(truncatingIfNeeded: size), "Mach-O load command")
      return LoadCommand(type: type, body: body)
    } catch {
      remaining = 0
      throw error
    }
  }
}

extension LoadCommand {
  /// The NUL-terminated string at `offset` inside the command (`union lc_str`).
  /// - Throws: `malformed` when the offset points into the fixed fields or past the command.
  func string(atOffsetField fieldOffset: Int, fixedSize: Int, _ what: String) throws(BinaryError) -> String {
    let offset = try body.peek(UInt32.self, at: fieldOffset, what)
    guard offset >= fixedSize else {
      throw BinaryError(
        .malformed, "\(what): string offset \(offset) points into the command header",
        offset: body.fileOffset(fieldOffset))
    }
    guard offset < body.count else {
      throw BinaryError(
        .malformed, "\(what): string offset \(offset) is past cmdsize \(body.count)",
        offset: body.fileOffset(fieldOffset))
    }
    let tail = try body.slice(at: offset, count: body.count - Int(truncatingIfNeeded: offset), what)
    return String(fileBytes: ByteReader.trimmedAtNUL(tail.bytes))
  }

  /// The `linkedit_data_command` payload range: `dataoff`, `datasize`.
  func linkeditData(_ what: String) throws(BinaryError) -> (offset: UInt32, size: UInt32) {
    (try body.peek(UInt32.self, at: 8, what + " dataoff"), try body.peek(UInt32.self, at: 12, what + " datasize"))
  }
}

/// Keeps every line sdkvet writes from being read as a command by a CI runner, whatever the
/// strings from the inputs hold (`Docs/SECURITY.md`, "Text"): the one filter every byte of
/// standard output, standard error and each output file goes through.
///
/// GitHub Actions reads a line that starts, after white space, with `::` as a workflow command
/// (`::error::`, `::add-mask::`, `::stop-commands::`); GitHub's runner also reads `##[` anywhere in
/// a line, and Azure Pipelines `##vso[` anywhere. A line ends at LF or CR (the runners read lines
/// with .NET's `ReadLine`), and the white space is .NET's (`Char.IsWhiteSpace`). The filter writes
/// the first character of such a prefix as its `\uNNNN` escape: `\u003a:error::…`,
/// `\u0023#vso[…`. That is the escape `TextEscaping` uses for invisible characters, and a JSON
/// string escape, so JSON and SARIF read back the same strings, and text, Markdown and HTML show
/// the escape where the runner would have seen a command. A chunk that ends inside a possible
/// prefix is held until the next write decides it (or until `drain`).
package struct RunnerCommandGuard {
  private static let colon = UInt8(ascii: ":")
  private static let hash = UInt8(ascii: "#")
  /// The prefixes read anywhere in a line, each starting with `#`.
  private static let anywherePrefixes = [Array("##[".utf8), Array("##vso[".utf8)]
  private static let escapedColon = Array(#"\u003a"#.utf8)
  private static let escapedHash = Array(#"\u0023"#.utf8)

  /// Whether lines may start with `::`: only for sdkvet's own workflow commands (`scan --format
  /// github`), whose every vendor string `GitHubCommandEscaping` has kept from ending a line, so
  /// each line's `::` is sdkvet's. `##[` and `##vso[` are escaped anywhere all the same.
  private let allowsWorkflowCommands: Bool
  /// Whether only white space has been written since the last line break.
  private var atLineStart = true
  /// Bytes not yet written: a possible prefix that the next write decides.
  private var held: [UInt8] = []

  /// A guard at the start of a line; `allowsWorkflowCommands` only for `--format github`.
  package init(allowsWorkflowCommands: Bool = false) {
    self.allowsWorkflowCommands = allowsWorkflowCommands
  }

  /// The bytes to write for `bytes`: `bytes` themselves, uncopied, when nothing in them is
  /// escaped or held (a report's every chunk, nearly always).
  package mutating func filter(_ bytes: [UInt8]) -> [UInt8] {
    let input = held.isEmpty ? bytes : held + bytes
    held = []
    var edits = Edits()
    input.withUnsafeBufferPointer { scan($0, into: &edits) }
    guard edits.isNeeded else { return input }
    let end = edits.heldFrom ?? input.count
    var output = edits.output
    output.append(contentsOf: input[edits.copied..<end])
    held = Array(input[end...])
    return output
  }

  /// What `scan` changes in the bytes it is given: where it escaped a byte and where it stopped
  /// to hold the rest. The bytes between edits are copied only once there is an edit.
  private struct Edits {
    /// The bytes before `copied`, with their escapes.
    var output: [UInt8] = []
    /// Where the bytes not yet in `output` start.
    var copied = 0
    /// Where the bytes held for the next write start, if any are.
    var heldFrom: Int?
    /// Whether the bytes are not written as they are.
    var isNeeded: Bool { copied > 0 || heldFrom != nil }

    /// Writes `replacement` for the byte at `index`.
    mutating func escape(at index: Int, with replacement: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
      output.append(contentsOf: replacement)
      copied = index + 1
    }
  }

  /// Walks `bytes` line by line, noting in `edits` each prefix to escape and where a possible
  /// prefix at the end must be held; updates `atLineStart`.
  private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, into edits: inout Edits) {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        atLineStart = true
        index += 1
        continue
      }
      if atLineStart {
        switch Self.whiteSpaceLength(bytes, at: index) {
        case .some(0):
          edits.heldFrom = index
          return
        case .some(let length):
          // A report's indentation is a run of ASCII white space: passed over at once.
          index = length == 1 ? Self.endOfASCIIWhiteSpace(bytes, from: index + 1) : index + length
          continue
        case nil:
          if byte == Self.colon && !allowsWorkflowCommands {
            guard index + 1 < bytes.count else {
              edits.heldFrom = index
              return
            }
            atLineStart = false
            if bytes[index + 1] == Self.colon {
              edits.escape(at: index, with: Self.escapedColon, in: bytes)
              index += 1
              continue
            }
          }
          atLineStart = false
        }
      }
      guard byte == Self.hash else {
        // A run of bytes that neither end a line nor may start a prefix is passed over whole.
        index = Self.endOfPlainRun(bytes, from: index + 1)
        continue
      }
      let rest = bytes[index...]
      if Self.anywherePrefixes.contains(where: { rest.starts(with: $0) }) {
        edits.escape(at: index, with: Self.escapedHash, in: bytes)
        index += 1
        continue
      }
      if rest.count < 6, Self.anywherePrefixes.contains(where: { $0.starts(with: rest) }) {
        edits.heldFrom = index
        return
      }
      index += 1
    }
  }

  /// The index of the first line break or `#` at or after `start` in `bytes`, or its end: the
  /// bytes before it are written as they are, a byte at a time costing more than the report.
  /// Eight bytes are tested at once: a word holds none of the three when none of its bytes,
  /// XORed with each, is zero (`(x - 0x01…) & ~x & 0x80…` is non-zero exactly when a byte of
  /// `x` is).
  private static func endOfPlainRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let raw = UnsafeRawBufferPointer(bytes)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func holdsZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
    var index = start
    while index + 8 <= raw.count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      if holdsZeroByte(word ^ (ones &* 0x0A)) || holdsZeroByte(word ^ (ones &* 0x0D))
        || holdsZeroByte(word ^ (ones &* UInt64(hash)))
      {
        break
      }
      index += 8
    }
    while index < raw.count {
      let byte = raw[index]
      if byte == 0x0A || byte == 0x0D || byte == hash { break }
      index += 1
    }
    return index
  }

  /// What is still held, to be written as it is: nothing more will come to make it a command.
  package mutating func drain() -> [UInt8] {
    defer { held = [] }
    return held
  }

  /// The index of the first byte at or after `start` in `bytes` that is no ASCII white space
  /// (tab, vertical tab, form feed, space), or its end.
  private static func endOfASCIIWhiteSpace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case 0x09, 0x0B, 0x0C, 0x20: index += 1
      default: return index
      }
    }
    return index
  }

  /// The length of the white space character at `index`: `nil` when there is none, `0` when the
  /// bytes end before it can be told.
  private static func whiteSpaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let available = bytes.count - index
    let byte = bytes[index]
    switch byte {
    case 0x09, 0x0B, 0x0C, 0x20: return 1
    case 0xC2, 0xE1, 0xE2, 0xE3:
      let length = byte == 0xC2 ? 2 : 3
      guard available >= length else { return 0 }
      let tail = Array(bytes[index + 1..<index + length])
      return whiteSpaceTails[byte]?.contains(tail) == true ? length : nil
    default: return nil
    }
  }

  /// .NET's white space beyond ASCII, as UTF-8 continuation bytes after each lead byte: U+0085,
  /// U+00A0; U+1680; U+2000–U+200A, U+2028, U+2029, U+202F, U+205F; U+3000.
  private static let whiteSpaceTails: [UInt8: Set<[UInt8]>] = [
    0xC2: [[0x85], [0xA0]],
    0xE1: [[0x9A, 0x80]],
    0xE2: Set((0x80...0x8A).map { [0x80, UInt8($0)] } + [[0x80, 0xA8], [0x80, 0xA9], [0x80, 0xAF], [0x81, 0x9F]]),
    0xE3: [[0x80, 0x80]],
  ]
}

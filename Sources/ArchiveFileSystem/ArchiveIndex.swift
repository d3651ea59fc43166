import BinaryImage
import ScanFiles
import Synchronization

/// An archive's entries as a tree of folders, files and links, built in one pass over the
/// archive and read from afterwards: what an archive looks like as a file system.
///
/// Nothing is extracted. The index keeps, per file, its position in the archive, its declared
/// size and its first bytes (so recognising binaries never decompresses an entry twice), and
/// the whole data of small files (`ArchiveLimits.keptEntryBytes` each, `keptBytes` in all), so
/// that reading a thousand small entries costs one pass, not one pass each. A larger entry is
/// decompressed again when it is read, within `readBytes` per archive. Memory is the index,
/// the small files and the entry being read, not the archive.
final class ArchiveIndex: Sendable {
  /// One folder, file or link of the tree.
  struct Node: Sendable {
    enum Kind: Sendable {
      case directory, regular, symbolicLink
    }

    var kind: Kind
    var parent: Int
    /// A folder's children by name.
    var children: [String: Int] = [:]
    /// A file's position among the archive's entries (the entry holding its data).
    var ordinal = 0
    /// A file's declared size.
    var declaredSize = 0
    /// A file's first bytes (`ArchiveLimits.prefixBytes`), read during indexing.
    var prefix: [UInt8] = []
    /// Why a file cannot be read (encrypted, a bomb), found during indexing.
    var refusal: String?
    /// How reading a file past its prefix is bounded (`ArchiveIndex.admittingBinaryRereads`).
    var reread = Reread.charged
    /// A link's target text.
    var linkTarget = ""
  }

  /// How reading a file past its kept prefix counts against the archive's bound on decompressing
  /// again.
  enum Reread: Sendable {
    /// Counted as it reads (`charge`): documents, archives inside.
    case charged
    /// A binary admitted when the archive was indexed, in entry order, by its declared size.
    case admitted
    /// A binary that, with the binaries before it, declares more than the bound; the sentence
    /// says so.
    case refused(String)
  }

  /// The archive's bytes; entries are read from them.
  let bytes: FileBytes
  /// The tree; node 0 is the archive's root folder.
  let nodes: [Node]
  /// The format and filters, as libarchive names them.
  let formatDescription: String
  /// Entries the archive holds (counted up to where indexing stopped).
  let entryCount: Int
  /// Entries not made available, by stored name, each with why.
  let skipped: [(name: String, reason: String)]
  /// Names stored more than once, each with why and where the other copies are read
  /// (`ArchiveTreeBuilder`).
  let ambiguous: [(name: String, reason: String)]
  /// Bytes decompressed again by reads of entries not kept.
  private let reread = Atomic<Int>(0)
  /// The stream the last read of an entry not kept left open.
  private let cursor = Mutex<Cursor?>(nil)

  /// Indexes `bytes`.
  /// - Throws: `BinaryError` when the bytes are not an archive libarchive reads, or the whole
  ///   archive is refused (a decompression bomb, a stream expanding past the limit).
  init(_ bytes: FileBytes) throws(BinaryError) {
    // A tar is one stream, read in one pass. A zip's entries are reached through its central
    // directory: one pass reads the headers, then every core reads entries' first bytes without
    // summing them (a prefix never reaches the CRC-32, and libarchive sums the 256 KiB it
    // decompresses at a time), then the small files kept whole, checksums checked.
    let streamed = ContainerMagic(bytes.bytes.prefix(ContainerMagic.prefixLength)) != .zip
    var entries: [(header: ArchiveEntryHeader, prefix: [UInt8], failure: String?)] = []
    var prefixes: [LeadingBytesRead] = []
    var keptWhole: [LeadingBytesRead] = []
    var stream = try ArchiveStream(bytes: bytes.bytes, sumsChecksums: streamed)
    let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { scratch.deallocate() }
    var kept = 0
    var holdsMore = false
    while let header = try stream.nextEntry() {
      guard entries.count < ArchiveLimits.entries else {
        holdsMore = true
        break
      }
      var prefix: [UInt8] = []
      if header.kind == .regular, !header.isEncrypted {
        let size = header.declaredSize ?? Int.max
        let keeps = size <= ArchiveLimits.keptEntryBytes && kept + size <= ArchiveLimits.keptBytes
        if keeps { kept += size }
        let wanted = keeps ? size : min(size, ArchiveLimits.prefixBytes)
        if !streamed {
          let read = LeadingBytesRead(entry: entries.count, wanted: wanted)
          if keeps { keptWhole.append(read) } else { prefixes.append(read) }
        } else {
          // A tar's stream is one: an entry that cannot be read refuses the archive. Each entry
          // is drained here, its expansion judged as it grows, rather than in one unbounded skip.
          prefix = try Self.readPrefix(of: &stream, wanted: wanted)
          while try stream.read(into: scratch) > 0 { try Self.checkExpansion(of: stream) }
        }
      }
      try Self.checkExpansion(of: stream)
      entries.append((header, prefix, nil))
    }
    for (reads, whole) in [(prefixes, false), (keptWhole, true)] {
      for (entry, read) in try Self.read(reads, of: bytes, wholeFiles: whole) {
        // A zip entry's data is its own: a corrupt one is refused alone.
        switch read {
        case .success(let prefix): entries[entry].prefix = prefix
        case .failure(let error): entries[entry].failure = error.message
        }
      }
    }
    var builder = ArchiveTreeBuilder()
    for (ordinal, entry) in entries.enumerated() {
      builder.add(entry.header, ordinal: ordinal, prefix: entry.prefix, failure: entry.failure)
    }
    if holdsMore {
      builder.skip("(the rest)", "the archive holds more than \(ArchiveLimits.entries) entries; the rest are not read")
    }
    self.bytes = bytes
    self.nodes = Self.admittingBinaryRereads(builder.nodes, archiveSize: bytes.bytes.count)
    self.formatDescription = stream.formatDescription
    self.entryCount = entries.count
    self.skipped = builder.skipped
    self.ambiguous = builder.ambiguous
  }

  /// `nodes` with each binary not kept whole admitted to be read past its prefix, in entry order,
  /// while the sizes it and the binaries before it declare stay within the archive's bound.
  /// Counted as reads came in, the bound refused whichever binaries the cores reached last, so
  /// the same archive gave a different report from run to run; declared sizes are what such a
  /// read may decompress (it stops at the size its header declares). Other reads past a prefix
  /// (documents, archives inside) are still counted as they come (`charge`).
  private static func admittingBinaryRereads(_ nodes: [Node], archiveSize: Int) -> [Node] {
    var nodes = nodes
    let binaries = nodes.indices.filter { index in
      let node = nodes[index]
      return node.kind == .regular && node.refusal == nil && node.prefix.count < node.declaredSize
        && node.prefix.withUnsafeBytes { FileMagic($0).isBinary }
    }.sorted { nodes[$0].ordinal < nodes[$1].ordinal }
    var declared = 0
    var lastOrdinal: Int?
    for index in binaries {
      // Two names of one entry (a hard link) are one read's worth.
      if nodes[index].ordinal != lastOrdinal {
        let (sum, overflow) = declared.addingReportingOverflow(nodes[index].declaredSize)
        declared = overflow ? .max : sum
        lastOrdinal = nodes[index].ordinal
      }
      nodes[index].reread =
        isPastRereadBound(declared, archiveSize: archiveSize)
        ? .refused(
          "the archive's binaries up to this one declare \(ReadLimits.describe(declared)) to decompress again "
            + "from \(ReadLimits.describe(archiveSize)), past what sdkvet reads from one archive; not read")
        : .admitted
    }
    return nodes
  }

  /// Whether `total` bytes decompressed again from an archive of `archiveSize` bytes is past its
  /// bound: `ArchiveLimits.readBytes` reached, or `readRatio` times the archive past `ratioGrace`.
  private static func isPastRereadBound(_ total: Int, archiveSize: Int) -> Bool {
    total >= ArchiveLimits.readBytes
      || (total > ArchiveLimits.ratioGrace && total / max(1, archiveSize) > ArchiveLimits.readRatio)
  }

  /// Refuses a stream that decompresses past the limit or by a bomb's ratio.
  private static func checkExpansion(of stream: borrowing ArchiveStream) throws(BinaryError) {
    let expanded = stream.expandedBytes
    if expanded > ArchiveLimits.expandedBytes {
      throw BinaryError(
        .unsupported, "archive decompresses past \(ReadLimits.describe(ArchiveLimits.expandedBytes)); not read further")
    }
    if ArchiveLimits.isBomb(expanded: expanded, compressed: stream.consumedBytes) {
      throw BinaryError(
        .unsupported,
        "archive decompresses more than \(ArchiveLimits.expansionRatio) times its size: a decompression bomb; not read")
    }
  }

  /// Up to `wanted` leading bytes of the current entry.
  static func readPrefix(of stream: inout ArchiveStream, wanted: Int) throws(BinaryError) -> [UInt8] {
    var prefix = EntryBuffer(capacity: wanted)
    while prefix.count < wanted {
      let count = try stream.read(into: prefix.freeSpace(atMost: wanted - prefix.count))
      guard count > 0 else { break }
      prefix.commit(count)
    }
    return Array(prefix.bytes)
  }

  // MARK: Reading

  /// Up to `limit` bytes of the file at node `index`, with its declared size as the file size:
  /// no more than `needed` asks for, judged from the bytes read so far (the kept prefix first)
  /// and the declared size, so that a reader's tables are decompressed and nothing past them.
  /// - Throws: `BinaryError` when the entry was refused, claims more than
  ///   `ArchiveLimits.entryBytes`, is corrupt, or expands past the size it declares.
  func contents(
    ofNode index: Int, limit: Int, needing needed: (UnsafeRawBufferPointer, Int) -> Int
  ) throws(BinaryError) -> FileBytes {
    let node = nodes[index]
    if let refusal = node.refusal { throw BinaryError(.unsupported, refusal) }
    let wanted = min(limit, node.declaredSize)
    let first = min(wanted, node.prefix.withUnsafeBytes { needed($0, node.declaredSize) })
    if first <= node.prefix.count {
      return FileBytes(copying: node.prefix.prefix(limit), fileSize: node.declaredSize)
    }
    guard node.declaredSize <= ArchiveLimits.entryBytes else {
      throw BinaryError(
        .unsupported,
        "archive entry claims \(ReadLimits.describe(node.declaredSize)) expanded, more than the "
          + "\(ReadLimits.describe(ArchiveLimits.entryBytes)) sdkvet reads from an archive entry; not read")
    }
    let charged: Bool
    switch node.reread {
    case .refused(let reason): throw BinaryError(.unsupported, reason)
    case .admitted: charged = false
    case .charged: charged = true
    }
    if charged { try charge(first) }
    // Reads in archive order (discovery's sorted order usually is) go on from the last one's
    // stream; the lock is held only to take it and give it back, so reads run in parallel.
    var position = try Self.cursor(before: node.ordinal, reusing: cursor.withLock { $0.take() }, bytes: bytes)
    while position.ordinal < node.ordinal {
      guard try position.stream.nextEntry() != nil else {
        throw BinaryError(.truncated, "archive ends before entry \(node.ordinal + 1), which it listed")
      }
      position.ordinal += 1
    }
    let data = try readData(
      of: &position.stream, first: first, wanted: wanted, declaredSize: node.declaredSize, charged: charged,
      needing: needed)
    var handedBack: Cursor? = consume position
    cursor.withLock { $0 = handedBack.take() }
    return data
  }

  /// Counts `count` more bytes decompressed again, refusing the read past the archive's bound.
  private func charge(_ count: Int) throws(BinaryError) {
    let before = reread.add(count, ordering: .relaxed).oldValue
    if Self.isPastRereadBound(before, archiveSize: bytes.bytes.count) {
      throw BinaryError(
        .unsupported,
        "reading the archive's entries has decompressed \(ReadLimits.describe(before)) from \(ReadLimits.describe(bytes.bytes.count)), "
          + "past what sdkvet reads from one archive; not read")
    }
  }

  /// A stream at an entry before `ordinal`: `previous` when it is, else a new one before the first.
  private static func cursor(before ordinal: Int, reusing previous: consuming Cursor?, bytes: FileBytes)
    throws(BinaryError) -> Cursor
  {
    if let previous = previous.take(), previous.ordinal < ordinal { return previous }
    return Cursor(stream: try ArchiveStream(bytes: bytes.bytes, sumsChecksums: true), ordinal: -1)
  }

  /// An open stream and the entry it is at (-1: before the first).
  struct Cursor: ~Copyable, Sendable {
    var stream: ArchiveStream
    var ordinal: Int
  }

  /// Reads the current entry's leading bytes: `first` of them, then as many more as `needed`
  /// asks once it has seen those, up to `wanted`. The buffer grows as data arrives (never by
  /// the declared size alone); the data may neither run past the size the header declares (an
  /// entry read whole is read to its end, which also checks its checksum) nor expand by a
  /// bomb's ratio (judged against the archive bytes consumed meanwhile). `charged` reads count
  /// what they ask for beyond `first` against the archive's bound; a binary's was admitted whole.
  private func readData(
    of stream: inout ArchiveStream, first: Int, wanted: Int, declaredSize: Int, charged: Bool,
    needing needed: (UnsafeRawBufferPointer, Int) -> Int
  ) throws(BinaryError) -> FileBytes {
    let consumedBefore = stream.consumedBytes
    var data = EntryBuffer(capacity: min(first, 16 << 20))
    var target = first
    while true {
      if data.count >= target {
        if target < wanted, case let more = min(wanted, needed(data.bytes, declaredSize)), more > data.count {
          if charged { try charge(more - target) }
          target = more
          continue
        }
        guard target == declaredSize else { break }
        var probe: UInt8 = 0
        let past = try withUnsafeMutableBytes(of: &probe) { buffer throws(BinaryError) in try stream.read(into: buffer)
        }
        if past > 0 {
          throw BinaryError(.malformed, "archive entry expands past the \(declaredSize) bytes its header declares")
        }
        break
      }
      let count = try stream.read(into: data.freeSpace(atMost: target - data.count))
      guard count > 0 else { break }
      data.commit(count)
      let consumed = stream.consumedBytes - consumedBefore + ArchiveStream.readSize
      if ArchiveLimits.isBomb(expanded: data.count, compressed: consumed) {
        throw BinaryError(
          .unsupported,
          "archive entry expands more than \(ArchiveLimits.expansionRatio) times its compressed size: "
            + "a decompression bomb; not read")
      }
    }
    guard data.count >= target else {
      throw BinaryError(.truncated, "archive entry holds \(data.count) bytes of the \(declaredSize) it declares")
    }
    return data.fileBytes(fileSize: declaredSize)
  }

  // MARK: Paths

  /// Where a path inside the archive leads.
  enum Resolution: Equatable {
    /// A node, with its canonical components.
    case node(Int, [String])
    /// A link leads out of the archive: the path it names, relative to the archive's folder
    /// (`relative`) or absolute.
    case outside(String, absolute: Bool)
    /// Nothing there, or a link loop.
    case missing
  }

  /// Resolves `components` from the root, following links on the way (and at the end when
  /// `followingFinalLink`), as `realpath` would: `..` steps up, and a link is at most 40 deep.
  func resolve(_ components: [String], followingFinalLink: Bool) -> Resolution {
    Self.resolve(components, in: nodes, followingFinalLink: followingFinalLink)
  }

  /// `resolve(_:followingFinalLink:)` over `nodes`, a tree being built (`ArchiveTreeBuilder`
  /// resolves the links an entry's path passes through as an extractor meets them) or built.
  static func resolve(_ components: [String], in nodes: [Node], followingFinalLink: Bool) -> Resolution {
    var remaining = Array(components.reversed())
    var current = 0
    var path: [String] = []
    var linksFollowed = 0
    while let part = remaining.popLast() {
      if part == "." || part.isEmpty { continue }
      if part == ".." {
        guard !path.isEmpty else {
          return .outside((remaining.reversed()).joined(separator: "/"), absolute: false)
        }
        path.removeLast()
        current = nodes[current].parent
        continue
      }
      guard nodes[current].kind == .directory, let child = nodes[current].children[part] else { return .missing }
      let node = nodes[child]
      if node.kind == .symbolicLink && (!remaining.isEmpty || followingFinalLink) {
        linksFollowed += 1
        guard linksFollowed <= 40 else { return .missing }
        if node.linkTarget.hasPrefix("/") {
          return .outside(([node.linkTarget] + remaining.reversed()).joined(separator: "/"), absolute: true)
        }
        remaining += node.linkTarget.split(separator: "/").map(String.init).reversed()
        continue
      }
      current = child
      path.append(part)
    }
    return .node(current, path)
  }
}

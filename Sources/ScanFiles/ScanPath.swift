#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a scan found a file: a path on the file system it walks, then, for each archive opened
/// on the way, the entry's path inside that archive.
///
/// The archive boundary is explicit (`segments`), so no `!` inside a string has to be found again
/// to tell an archive's entry from a file on disk. Each segment is path text whose UTF-8 bytes
/// are the path's bytes (a byte that is not UTF-8 stands as an escape, see `PathBytes`), and every
/// operation works on those bytes by whole `/`-separated components, never on characters. Reports
/// show a path as its `description`, `ARCHIVE!/ENTRY`, as they always have.
///
/// Two paths are equal when their bytes are (as `FilePath`'s are): the NFC and NFD spellings of
/// one name are two files on a file system that keeps names as given, so they are two paths, not
/// one `String` key. Trailing slashes are dropped when a path is made, so `App/` is `App`.
public struct ScanPath: Sendable, Hashable {
  /// The path on the walked file system, then one path per archive opened on the way, each
  /// relative to the top of the archive the previous segment names; an empty last segment is the
  /// top folder of that archive.
  public let segments: [String]

  /// A path on the walked file system, outside any archive.
  public init(_ path: String) {
    self.init(segments: [path])
  }

  /// A path made of `segments` (at least one), each without trailing slashes (`/` stays `/`).
  public init(segments: [String]) {
    self.segments =
      segments.isEmpty
      ? [""] : segments.map(Self.withoutTrailingSlashes)
  }

  /// Equal when every segment has the same bytes.
  public static func == (lhs: ScanPath, rhs: ScanPath) -> Bool {
    lhs.segments.count == rhs.segments.count && zip(lhs.segments, rhs.segments).allSatisfy(sameBytes)
  }

  /// Whether two segments have the same bytes: lengths first, then compared in place with
  /// `memcmp` where both are contiguous (as native strings are), since comparing through the
  /// UTF-8 views costs a call per byte and paths compared together share long prefixes (a
  /// dictionary keyed by paths compares the key looked up with every key on its probe).
  private static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let inPlace = inPlaceBytes(lhs, rhs) { left, right in order(left, right) == 0 }
    return inPlace ?? lhs.utf8.elementsEqual(rhs.utf8)
  }

  /// `memcmp` of the bytes both buffers have: negative, zero or positive as `left`'s first
  /// differing byte is smaller or larger; zero when one is a prefix of the other.
  private static func order(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int32 {
    let common = min(left.count, right.count)
    guard common > 0, let start = left.baseAddress, let other = right.baseAddress else { return 0 }
    return memcmp(start, other, common)
  }

  /// `body` over the UTF-8 bytes of both strings where both are contiguous (as native strings
  /// are), `nil` where either is not: the caller then compares through the UTF-8 views.
  private static func inPlaceBytes<Result>(
    _ lhs: String, _ rhs: String,
    _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result? {
    let result = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in body(left, right) }
    }
    return result ?? nil
  }

  /// Hashes the segments' bytes, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(segments.count)
    for segment in segments {
      hasher.combine(segment.utf8.count)
      let hashed: Void? = segment.utf8.withContiguousStorageIfAvailable {
        hasher.combine(bytes: UnsafeRawBufferPointer($0))
      }
      if hashed == nil { for byte in segment.utf8 { hasher.combine(byte) } }
    }
  }

  /// Reads the text a report shows (`A.zip!/Payload/B.app`): each `!` that ends a component and
  /// is followed by `/` or by the end opens an archive. Only for paths read back from a saved
  /// report or policy; a scan builds its paths from components and archive boundaries.
  public init(reportText text: String) {
    var segments: [String] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var searchFrom = start
    while let bang = bytes[searchFrom...].firstIndex(of: Self.archiveMark) {
      let after = bytes.index(after: bang)
      searchFrom = after
      guard after == bytes.endIndex || bytes[after] == Self.slash else { continue }
      segments.append(String(text[start..<bang]))
      start = after == bytes.endIndex ? after : bytes.index(after: after)
      searchFrom = start
    }
    segments.append(String(text[start...]))
    self.init(segments: segments)
  }

  /// Whether this path lies inside an archive.
  public var isInsideArchive: Bool { segments.count > 1 }

  /// The archive file holding this path; `nil` outside archives.
  public var archive: ScanPath? {
    isInsideArchive ? ScanPath(segments: Array(segments.dropLast())) : nil
  }

  /// The top folder of the archive file at this path, in which its entries are found.
  public var archiveRoot: ScanPath {
    ScanPath(segments: segments + [""])
  }

  /// The path inside the innermost archive (or the whole path outside archives).
  public var innermost: String { segments[segments.count - 1] }

  /// The last component of the innermost segment, without trailing slashes; `nil` for the top of
  /// an archive, `/` or an empty path.
  public var lastComponent: Substring? {
    var text = innermost
    // Found in the UTF-8 bytes: discovery asks this of every file it walks, and the generic
    // search of `String` cost more than the byte scan.
    guard let found = text.withUTF8(Self.lastComponentRange) else { return nil }
    let start = text.utf8.index(text.startIndex, offsetBy: found.lowerBound)
    return text[start..<text.utf8.index(start, offsetBy: found.count)]
  }

  /// Where the last component lies in `bytes` (a segment's UTF-8), trailing slashes left out;
  /// `nil` for an empty path or `/`.
  private static func lastComponentRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    var end = bytes.count
    while end > 1, bytes[end - 1] == slash { end -= 1 }
    guard end > 0, end > 1 || bytes[0] != slash else { return nil }
    var start = end
    while start > 0, bytes[start - 1] != slash { start -= 1 }
    return start..<end
  }

  /// The last component's extension, after its last dot; `nil` when it has none (a dot that starts
  /// the name, as in `.git`, makes no extension).
  public var `extension`: Substring? {
    guard let name = lastComponent, let dot = name.utf8.lastIndex(of: Self.dot), dot != name.startIndex else {
      return nil
    }
    return name[name.utf8.index(after: dot)...]
  }

  /// The last component without its extension.
  public var stem: Substring? {
    guard let name = lastComponent else { return nil }
    guard let dot = name.utf8.lastIndex(of: Self.dot), dot != name.startIndex else { return name }
    return name[..<dot]
  }

  /// The path without its last component: the folder holding it (the archive's top folder for an
  /// entry at the top); `nil` when there is no last component.
  public var parent: ScanPath? {
    // Found in the UTF-8 bytes in one pass, as `lastComponent` is: discovery asks the folder of
    // every path it looks up in its listings.
    var text = innermost
    guard let length = text.withUTF8(Self.parentLength) else { return nil }
    return replacingInnermost(String(text[..<text.utf8.index(text.startIndex, offsetBy: length)]))
  }

  /// How many of `bytes` (a segment's UTF-8) the parent is, trailing slashes left out (`/` stays
  /// `/`); `nil` when there is no last component.
  private static func parentLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let last = lastComponentRange(bytes) else { return nil }
    guard last.lowerBound > 0 else { return 0 }
    var end = last.lowerBound - 1
    guard end > 0 else { return 1 }
    while end > 1, bytes[end - 1] == slash { end -= 1 }
    return end
  }

  /// This path with `component` (a name, or a relative path) added below it.
  public func appending(_ component: some StringProtocol) -> ScanPath {
    // Copied byte for byte into one string of the right size: discovery makes a path for every
    // entry it lists, and `innermost + "/" + component` cost two strings and a check of every
    // segment, `String.append` half as much again.
    let innermost = innermost
    let separates = !innermost.isEmpty && innermost.utf8.last != Self.slash
    let (head, tail) = (innermost.utf8.count, component.utf8.count)
    let text = String(unsafeUninitializedCapacity: head + (separates ? 1 : 0) + tail) { buffer in
      var written = Self.copyUTF8(of: innermost, into: buffer)
      if separates {
        buffer[written] = Self.slash
        written += 1
      }
      return written + Self.copyUTF8(of: component, into: UnsafeMutableBufferPointer(rebasing: buffer[written...]))
    }
    return replacingInnermost(text)
  }

  /// This path with `relativePath` added below it when it stays below it, lexically: not empty,
  /// not absolute and with no `..` component (a path named by a property list); else `nil`.
  public func appending(containedRelativePath relativePath: String) -> ScanPath? {
    Self.isContainedRelative(relativePath) ? appending(relativePath) : nil
  }

  /// Whether `relativePath`, joined to a folder, stays below it, lexically: not empty, not
  /// absolute and with no `..` component.
  public static func isContainedRelative(_ relativePath: String) -> Bool {
    !relativePath.isEmpty && relativePath.utf8.first != slash
      && !relativePath.utf8.split(separator: slash, omittingEmptySubsequences: false).contains {
        $0.elementsEqual("..".utf8)
      }
  }

  /// What a symbolic link at this path names, taken lexically: `text` (the link's target) joined
  /// to the link's folder, or to the top of the innermost archive (`/` outside archives) when it
  /// is absolute, with `.` and `..` applied as written. `nil` when the link leaves the archive it
  /// is in: an absolute target, or `..` above the archive's top. This says where a link points
  /// whether or not anything is there, and before any link on the way is followed.
  package func lexicalLinkTarget(_ text: String) -> ScanPath? {
    let absolute = text.utf8.first == Self.slash
    if absolute && isInsideArchive { return nil }
    let folder = absolute ? "" : (parent?.innermost ?? "")
    var parts = folder.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    for part in text.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
      guard part == ".." else {
        parts.append(part)
        continue
      }
      if let last = parts.last, last != ".." {
        parts.removeLast()
      } else if isInsideArchive {
        return nil
      } else if !(absolute || folder.utf8.first == Self.slash) {
        parts.append(part)  // above a relative path's start: kept, so it stays outside what is below it
      }
    }
    let rooted = !isInsideArchive && (absolute || folder.utf8.first == Self.slash)
    return replacingInnermost((rooted ? "/" : "") + parts.joined(separator: "/"))
  }

  /// The components of this path below `folder`, as reports name them (an archive's file
  /// followed by `!`); `nil` when it is not below `folder`.
  public func components(below folder: ScanPath) -> [Substring]? {
    guard starts(with: folder) else { return nil }
    // By bytes, as a path is made: the folder's text is a prefix ending before `/` or `!`, and
    // working in characters walked every grapheme cluster of both paths.
    let text = description
    var rest = text.utf8.dropFirst(folder.description.utf8.count)
    if rest.first == Self.archiveMark { rest = rest.dropFirst() }  // the folder is an archive file: its inside
    return rest.split(separator: Self.slash).map { Substring($0) }
  }

  /// Whether `prefix` is this path or a folder above it, by whole components, across archive
  /// boundaries: `/a/B.zip!/x` starts with `/a`, `/a/B.zip` and `/a/B.zip!`, not with `/a/B`.
  public func starts(with prefix: ScanPath) -> Bool {
    let last = prefix.segments.count - 1
    guard last < segments.count, segments[..<last].elementsEqual(prefix.segments[..<last]) else { return false }
    return Self.folder(prefix.segments[last], holds: segments[last])
  }

  /// Copies the UTF-8 bytes of `text` to the start of `buffer`, which has room for them; returns
  /// their count.
  private static func copyUTF8(of text: some StringProtocol, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
      UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(bytes))
      return bytes.count
    }
    return copied ?? buffer.initialize(fromContentsOf: text.utf8)
  }

  /// This path with its innermost segment `text`, trailing slashes trimmed; the other segments
  /// are trimmed already.
  private func replacingInnermost(_ text: String) -> ScanPath {
    var segments = segments
    segments[segments.count - 1] = Self.withoutTrailingSlashes(text)
    return ScanPath(trimmed: segments)
  }

  /// A path of `segments` that are trimmed as `init(segments:)` trims them.
  private init(trimmed segments: [String]) {
    self.segments = segments
  }

  /// Whether `path` is `folder` or below it, by whole components; the empty folder (an archive's
  /// top) and `/` hold everything.
  private static func folder(_ folder: String, holds path: String) -> Bool {
    let folder = folder.utf8.count > 1 ? trimmingTrailingSlashes(folder) : Substring(folder)
    guard !folder.isEmpty, folder != "/" else { return folder.isEmpty || path.utf8.first == slash }
    guard path.utf8.starts(with: folder.utf8) else { return false }
    let rest = path.utf8.dropFirst(folder.utf8.count)
    return rest.isEmpty || rest.first == slash
  }

  /// `text` without trailing slashes (`/` stays `/`); `text` itself, uncopied, when it has none.
  private static func withoutTrailingSlashes(_ text: String) -> String {
    text.utf8.last == slash ? String(trimmingTrailingSlashes(text)) : text
  }

  private static func trimmingTrailingSlashes(_ text: String) -> Substring {
    let bytes = text.utf8
    guard !text.isEmpty else { return Substring(text) }
    var end = bytes.endIndex
    while end > bytes.index(after: bytes.startIndex), bytes[bytes.index(before: end)] == slash {
      end = bytes.index(before: end)
    }
    return text[..<end]
  }

  private static let slash = UInt8(ascii: "/")
  private static let archiveMark = UInt8(ascii: "!")
  private static let dot = UInt8(ascii: ".")
}

extension ScanPath: Comparable {
  /// Orders by the bytes of the report text (`A.zip!/x` before `A.zip/x`, as `!` sorts before
  /// `/`), consistently with `==`.
  public static func < (lhs: ScanPath, rhs: ScanPath) -> Bool {
    guard lhs.isInsideArchive || rhs.isInsideArchive else { return bytesPrecede(lhs.segments[0], rhs.segments[0]) }
    return bytesPrecede(lhs.description, rhs.description)
  }

  /// Whether `lhs`'s UTF-8 bytes order before `rhs`'s: compared in place where both are
  /// contiguous (`inPlaceBytes`, as `sameBytes` does), since the UTF-8 views' generic comparison
  /// costs a call per byte, and paths sorted together share long prefixes (a report sorts every
  /// use by path).
  private static func bytesPrecede(_ lhs: String, _ rhs: String) -> Bool {
    let inPlace = inPlaceBytes(lhs, rhs) { left, right in
      let order = order(left, right)
      return order != 0 ? order < 0 : left.count < right.count
    }
    return inPlace ?? lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}

extension ScanPath: CustomStringConvertible {
  /// The path as reports show it: segments joined by `!` (and a `/` before a non-empty entry path).
  public var description: String {
    guard isInsideArchive else { return segments[0] }
    var text = segments[0]
    for segment in segments.dropFirst() {
      text += segment.isEmpty ? "!" : "!/" + segment
    }
    return text
  }
}

extension ScanPath: ExpressibleByStringLiteral {
  /// A path on the walked file system written as a literal, as `FilePath` takes one.
  public init(stringLiteral path: String) {
    self.init(path)
  }
}

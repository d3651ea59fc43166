import BinaryImage

#if canImport(CLibArchive)
  import CLibArchive
#endif

/// What one entry's header says, in the archive's own words: nothing here is trusted yet.
struct ArchiveEntryHeader {
  /// What kind of file system object the entry stores.
  enum Kind {
    case regular, directory, symbolicLink, hardLink, other
  }

  /// The stored name's bytes, as written in the archive (may hold `..`, a leading `/`, anything).
  var name: [UInt8]
  var kind: Kind
  /// The size the header declares for the data, when it declares one.
  var declaredSize: Int?
  /// A symbolic link's target text, or a hard link's other name.
  var linkTarget: [UInt8]?
  /// Whether the entry's data (or its header) is encrypted.
  var isEncrypted: Bool
}

/// One forward pass over an archive held in memory, through libarchive: zip (read through its
/// central directory), and tar in its POSIX, GNU and pax forms, bare or compressed with gzip, xz,
/// bzip2 or zstd. Other formats libarchive knows are not enabled: each is more code reading
/// untrusted bytes, and SDKs are not shipped in them.
///
/// This is the module's only caller of C; every other file speaks in `ArchiveEntryHeader`s.
/// Being noncopyable, a stream has one owner at a time, which may hand it to another thread
/// whole (an archive's read cursor does); libarchive's reader is safe used that way.
struct ArchiveStream: ~Copyable, @unchecked Sendable {
  /// How many bytes of the archive libarchive is handed at a time.
  static let readSize = 64 << 10
  /// How many a stream that reads only entries' first bytes hands it at a time. libarchive's zip
  /// reader inflates, at each read, as much as the compressed bytes it holds allow, up to 256
  /// KiB, however few were asked for: handed 64 KiB, each entry's 263 leading bytes cost 256 KiB
  /// of inflating (2,000 entries of 2 MiB of zeros: 1.09 s), handed 16 bytes at most 16 KiB
  /// (47 ms); an archive of 5,000 small files is indexed as fast either way.
  static let firstBytesReadSize = 16

  #if canImport(CLibArchive)
    private let handle: OpaquePointer

    /// Opens `bytes`, which must stay valid until the stream is gone. libarchive is handed them
    /// `readSize` bytes at a time, so that its count of bytes consumed tracks its progress.
    /// Without `sumsChecksums`, a zip entry's data is not summed for its CRC-32: for a stream
    /// that reads only entries' first bytes, which never reach the stored sum to compare (and
    /// which is handed `firstBytesReadSize` at a time).
    init(bytes: UnsafeRawBufferPointer, sumsChecksums: Bool, readSize: Int = ArchiveStream.readSize) throws(BinaryError)
    {
      guard let handle = archive_read_new() else { throw BinaryError(.io, "libarchive could not start a reader") }
      _ = archive_read_support_format_zip_seekable(handle)
      if !sumsChecksums { _ = archive_read_set_format_option(handle, "zip", "ignorecrc32", "1") }
      _ = archive_read_support_format_tar(handle)
      // A filter libarchive would run as an external program answers ARCHIVE_WARN; none is needed.
      for enable in [
        archive_read_support_filter_gzip, archive_read_support_filter_xz, archive_read_support_filter_bzip2,
        archive_read_support_filter_zstd,
      ] {
        _ = enable(handle)
      }
      let status = archive_read_open_memory2(handle, bytes.baseAddress, bytes.count, readSize)
      guard status == ARCHIVE_OK || status == ARCHIVE_WARN else {
        let error = Self.failure(of: handle, "not a zip or tar archive sdkvet reads")
        archive_read_free(handle)
        throw error
      }
      self.handle = handle
    }

    deinit { archive_read_free(handle) }

    /// The next entry's header, or `nil` after the last one.
    mutating func nextEntry() throws(BinaryError) -> ArchiveEntryHeader? {
      var entry: OpaquePointer?
      let status = archive_read_next_header(handle, &entry)
      if status == ARCHIVE_EOF { return nil }
      guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { throw failure("entry header") }
      let kind: ArchiveEntryHeader.Kind =
        switch archive_entry_filetype(entry) & 0o170000 {
        case _ where archive_entry_hardlink(entry) != nil: .hardLink
        case 0o100000: .regular
        case 0o040000: .directory
        case 0o120000: .symbolicLink
        default: .other
        }
      let link = kind == .hardLink ? archive_entry_hardlink(entry) : archive_entry_symlink(entry)
      let size = archive_entry_size_is_set(entry) != 0 ? Int(exactly: archive_entry_size(entry)) : nil
      return ArchiveEntryHeader(
        name: Self.bytes(of: archive_entry_pathname(entry)) ?? [], kind: kind, declaredSize: size.map { max(0, $0) },
        linkTarget: Self.bytes(of: link), isEncrypted: archive_entry_is_encrypted(entry) != 0)
    }

    /// Reads the current entry's next bytes into `buffer`, as many as fit; 0 at the end of its data.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(BinaryError) -> Int {
      let count = archive_read_data(handle, buffer.baseAddress, buffer.count)
      guard count >= 0 else { throw failure("entry data") }
      return count
    }

    /// Bytes the decompression filters have produced so far (the uncompressed stream).
    var expandedBytes: Int { Int(max(0, archive_filter_bytes(handle, 0))) }
    /// Bytes of the archive file consumed so far.
    var consumedBytes: Int { Int(max(0, archive_filter_bytes(handle, -1))) }

    /// "ZIP 2.0 (deflation)", "POSIX ustar format, gzip": the format and filters libarchive found.
    var formatDescription: String {
      let format = archive_format_name(handle).map { String(cString: $0) } ?? "unknown format"
      let filters = (0..<max(0, archive_filter_count(handle))).compactMap { index -> String? in
        guard let name = archive_filter_name(handle, index).map({ String(cString: $0) }), name != "none" else {
          return nil
        }
        return name
      }
      return ([format] + filters).joined(separator: ", ")
    }

    private func failure(_ what: String) -> BinaryError {
      Self.failure(of: handle, what)
    }

    private static func failure(of handle: OpaquePointer, _ what: String) -> BinaryError {
      let reason = archive_error_string(handle).map { String(cString: $0) } ?? "unreadable"
      return BinaryError(.malformed, "archive \(what): \(reason)")
    }

    private static func bytes(of text: UnsafePointer<CChar>?) -> [UInt8]? {
      guard let text else { return nil }
      var count = 0
      while text[count] != 0 { count += 1 }
      return Array(UnsafeRawBufferPointer(start: text, count: count))
    }
  #else
    init(bytes: UnsafeRawBufferPointer, sumsChecksums: Bool, readSize: Int = ArchiveStream.readSize) throws(BinaryError)
    {
      throw BinaryError(
        .unsupported, "this build of sdkvet has no libarchive; install it (see README) and rebuild to read archives")
    }

    mutating func nextEntry() throws(BinaryError) -> ArchiveEntryHeader? { nil }
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(BinaryError) -> Int { 0 }
    var expandedBytes: Int { 0 }
    var consumedBytes: Int { 0 }
    var formatDescription: String { "" }
  #endif
}

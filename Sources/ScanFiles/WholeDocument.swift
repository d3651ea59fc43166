package import BinaryImage

extension FileBytes {
  /// The whole of a document the user names on the command line (a `--catalog` overlay, a
  /// `--baseline` report), copied out of the file, so nothing stays mapped while it is parsed.
  /// - Throws: `io` when the file cannot be read (in the system's words) or is larger than `limit`.
  package static func wholeDocument(at path: String, limit: Int) throws(BinaryError) -> [UInt8] {
    let file = try FileBytes(path: path, limit: limit)
    guard file.fileSize <= limit else {
      throw BinaryError(
        .io, "larger than \(ReadLimits.describe(limit)), the limit for this file (Docs/SECURITY.md); not read")
    }
    return Array(file.bytes)
  }
}

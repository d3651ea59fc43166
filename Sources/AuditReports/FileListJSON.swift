package import TargetDiscovery

/// The `{"schemaVersion": 1, "files": [...]}` document of `symbols` and `info --format json`.
package struct FileListJSON {
  /// The depth each file's object sits at: create the `JSONWriter` that renders it with this.
  package static let fileDepth = 2

  private var writer = JSONWriter()

  /// A document not yet begun.
  package init() {}

  /// The document up to the opening of `files`.
  package mutating func opening() -> [UInt8] {
    writer.beginObject()
    writer.key("schemaVersion")
    writer.int(1)
    writer.key("files")
    writer.beginArray()
    return writer.takeBytes()
  }

  /// One element of `files`, rendered by a `JSONWriter(depth: fileDepth)`.
  package mutating func file(_ object: [UInt8]) -> [UInt8] {
    writer.fragment(object)
    return writer.takeBytes()
  }

  /// The end of `files`, the `archives` array when given, the end of the document, and a newline.
  package mutating func closing(archives: [DiscoveredArchive]?) -> [UInt8] {
    writer.endArray()
    if let archives {
      writer.key("archives")
      JSONValue.array(archives.map(\.json)).write(to: &writer)
    }
    writer.endObject()
    return writer.takeBytes() + [UInt8(ascii: "\n")]
  }
}

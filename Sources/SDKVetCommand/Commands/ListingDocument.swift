import AuditReports
import BinaryImage

/// How `symbols` and `info` put the rows they render for each file into one output, written as
/// the files are read: nothing holds the whole document.
enum ListingDocument {
  /// Text or TSV: a header, then each file's rows as they are.
  case lines(header: [UInt8])
  /// JSON: each file's object an element of one document's `files` array.
  case json(FileListJSON)

  /// What comes before the first file.
  mutating func opening() -> [UInt8] {
    switch self {
    case .lines(let header): return header
    case .json(var document):
      defer { self = .json(document) }
      return document.opening()
    }
  }

  /// One file's rendered rows, ready to write.
  mutating func file(_ rendered: [UInt8]) -> [UInt8] {
    switch self {
    case .lines: return rendered
    case .json(var document):
      defer { self = .json(document) }
      return document.file(rendered)
    }
  }

  /// What comes after the last file.
  mutating func closing() -> [UInt8] {
    switch self {
    case .lines: return []
    case .json(var document):
      defer { self = .json(document) }
      return document.closing()
    }
  }

  /// Reads `paths` (see `forEachInput`), renders each file in parallel and writes the document
  /// in input order.
  /// - Returns: `.failure` when any input or part of an input could not be read, else `.success`.
  func write(
    _ paths: [String], options: ReadOptions, findsCallSites: Bool = false, context: CommandContext,
    render: @escaping @Sendable (BinaryFile) -> [UInt8]
  ) -> ExitStatus {
    var document = self
    context.streams.writeOutput(document.opening())
    let status = forEachInput(
      paths, options: options, findsCallSites: findsCallSites, context: context, render: render
    ) { rendered in
      guard !rendered.isEmpty else { return }
      context.streams.writeOutput(document.file(rendered))
    }
    context.streams.writeOutput(document.closing())
    return status
  }
}

/// The `{"schemaVersion": 1, "files": [...]}` document of `symbols` and `info --format json`.
struct FileListJSON {
  /// The depth each file's object sits at: create the `JSONWriter` that renders it with this.
  static let fileDepth = 2

  private var writer = JSONWriter()

  /// The document up to the opening of `files`.
  mutating func opening() -> [UInt8] {
    writer.beginObject()
    writer.key("schemaVersion")
    writer.int(1)
    writer.key("files")
    writer.beginArray()
    return writer.takeBytes()
  }

  /// One element of `files`, rendered by a `JSONWriter(depth: fileDepth)`.
  mutating func file(_ object: [UInt8]) -> [UInt8] {
    writer.fragment(object)
    return writer.takeBytes()
  }

  /// The end of `files` and of the document, and a newline.
  mutating func closing() -> [UInt8] {
    writer.endArray()
    writer.endObject()
    return writer.takeBytes() + [UInt8(ascii: "\n")]
  }
}

import AuditReports
import BinaryImage
import ScanEngine
import TargetDiscovery

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

  /// What comes after the last file: the archives read (when `archives` is not `nil`: `info`
  /// lists them, with their checksums and receipts; `symbols` does not), then the end.
  mutating func closing(archives: [DiscoveredArchive]?) -> [UInt8] {
    switch self {
    case .lines:
      return Array((archives ?? []).map { ArchiveText.lines($0).joined(separator: "\n") + "\n" }.joined().utf8)
    case .json(var document):
      defer { self = .json(document) }
      return document.closing(archives: archives)
    }
  }

  /// Reads `paths` (see `forEachInput`), renders each file in parallel and writes the document
  /// in input order; `trailing` renders entries from the walk (like files) after the last file,
  /// and `listsArchives` adds the archives read at the end.
  /// - Returns: `.failure` when any input or part of an input could not be read, else `.success`.
  func write(
    _ paths: [String], options: ReadOptions, findsCallSites: Bool = false, context: CommandContext,
    listsArchives: Bool = false, trailing: (BinaryListing.Walk) -> [[UInt8]] = { _ in [] },
    render: @escaping @Sendable (BinaryFile) -> [UInt8]
  ) -> ExitStatus {
    var document = self
    context.streams.writeOutput(document.opening())
    let (status, walk) = forEachInput(
      paths, options: options, findsCallSites: findsCallSites, context: context, render: render
    ) { rendered in
      guard !rendered.isEmpty else { return }
      context.streams.writeOutput(document.file(rendered))
    }
    for rendered in trailing(walk) { context.streams.writeOutput(document.file(rendered)) }
    context.streams.writeOutput(document.closing(archives: listsArchives ? walk.archives : nil))
    return status
  }
}

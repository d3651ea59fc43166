import AuditReports

extension SymbolListing {
  /// How the files' rows are put together into one output.
  var document: ListingDocument {
    switch format {
    case .text: .lines(header: [])
    case .tsv: .lines(header: Array((Self.tsvColumns.joined(separator: "\t") + "\n").utf8))
    case .json: .json(FileListJSON())
    }
  }
}

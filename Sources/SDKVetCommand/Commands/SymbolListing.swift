import BinaryImage

/// Renders symbol rows of read files as text, TSV or JSON, straight from name bytes.
///
/// No `String` is built per symbol: names are copied from each image's `NameTable` into the
/// output buffer, escaped for the format.
struct SymbolListing: Sendable {
  /// The output formats of `sdkvet symbols`.
  enum Format: String, Sendable {
    case text, tsv, json
  }

  let format: Format
  let includeUndefined: Bool
  let includeDefined: Bool
  let includeSelectors: Bool

  /// The tables the reader must collect for this listing.
  var readOptions: ReadOptions {
    ReadOptions(
      undefinedSymbols: includeUndefined, definedSymbols: includeDefined, selectorReferences: includeSelectors)
  }

  /// The TSV column names, in contract order.
  static let tsvColumns = ["file", "arch", "member", "symbol", "version", "library", "binding"]

  func header() -> [UInt8] {
    switch format {
    case .text: []
    case .tsv: Array((Self.tsvColumns.joined(separator: "\t") + "\n").utf8)
    case .json: Array("{\"schemaVersion\":1,\"files\":[\n".utf8)
    }
  }

  func separator(isFirst: Bool) -> [UInt8] {
    format == .json && !isFirst ? Array(",\n".utf8) : []
  }

  func footer() -> [UInt8] {
    format == .json ? Array("\n]}\n".utf8) : []
  }

  /// One file's rows.
  func render(_ file: BinaryFile) -> [UInt8] {
    var out = ByteBuffer()
    switch format {
    case .tsv: for image in file.images { renderTSV(image, path: file.path, into: &out) }
    case .text: for image in file.images { renderText(image, path: file.path, into: &out) }
    case .json: renderJSON(file, into: &out)
    }
    return out.bytes
  }

  private func selected(_ image: Image) -> [Symbol] {
    image.symbols.filter { $0.isDefined ? includeDefined : includeUndefined }
  }

  private func renderTSV(_ image: Image, path: String, into out: inout ByteBuffer) {
    var prefix = ByteBuffer()
    prefix.appendTSVField(path)
    prefix.append("\t")
    prefix.appendTSVField(image.architecture)
    prefix.append("\t")
    prefix.appendTSVField(image.member ?? "")
    prefix.append("\t")
    for symbol in selected(image) {
      prefix.bytes.withUnsafeBytes { out.append($0) }
      image.names.withBytes(of: symbol.name) { out.appendTSVField($0) }
      out.append("\t")
      out.appendTSVField(image.versionName(of: symbol) ?? "")
      out.append("\t")
      out.appendTSVField(image.libraryName(of: symbol) ?? "")
      out.append("\t")
      out.append(symbol.binding.rawValue)
      out.append("\n")
    }
    guard includeSelectors else { return }
    for selector in image.selectorReferences {
      prefix.bytes.withUnsafeBytes { out.append($0) }
      image.names.withBytes(of: selector) { out.appendTSVField($0) }
      out.append("\t\t\tselector\n")
    }
  }

  private func renderText(_ image: Image, path: String, into out: inout ByteBuffer) {
    let rows = selected(image)
    guard !rows.isEmpty || (includeSelectors && !image.selectorReferences.isEmpty) else { return }
    out.append(path)
    if let member = image.member { out.append("[\(member)]") }
    out.append(" (\(image.architecture)):\n")
    for symbol in rows {
      out.append(symbol.isDefined ? "  D " : "  U ")
      out.append(symbol.binding == .weak ? "w " : "  ")
      image.names.withBytes(of: symbol.name) { out.append($0) }
      if let version = image.versionName(of: symbol) { out.append("@\(version)") }
      if let library = image.libraryName(of: symbol) { out.append("  (\(library))") }
      out.append("\n")
      if let readable = image.names.withBytes(of: symbol.name, SwiftDemangler.readable) {
        out.append("        = \(readable)\n")
      }
    }
    guard includeSelectors else { return }
    for selector in image.selectorReferences {
      out.append("  S   ")
      image.names.withBytes(of: selector) { out.append($0) }
      out.append("\n")
    }
  }

  private func renderJSON(_ file: BinaryFile, into out: inout ByteBuffer) {
    out.append("{\"path\":")
    out.appendJSONString(file.path)
    out.append(",\"container\":\"\(file.container.rawValue)\",\"images\":[")
    for (index, image) in file.images.enumerated() {
      if index > 0 { out.append(",") }
      out.append("\n {\"architecture\":")
      out.appendJSONString(image.architecture)
      out.append(",\"member\":")
      out.appendJSONString(image.member)
      out.append(",\"kind\":\"\(image.kind.rawValue)\",\"symbols\":[")
      for (symbolIndex, symbol) in selected(image).enumerated() {
        out.append(symbolIndex == 0 ? "\n  {\"name\":" : ",\n  {\"name\":")
        image.names.withBytes(of: symbol.name) { out.appendJSONString($0) }
        out.append(",\"defined\":\(symbol.isDefined),\"binding\":\"\(symbol.binding.rawValue)\",\"version\":")
        out.appendJSONString(image.versionName(of: symbol))
        out.append(",\"library\":")
        out.appendJSONString(image.libraryName(of: symbol))
        out.append(",\"origin\":\"\(symbol.origin.rawValue)\"")
        if let readable = image.names.withBytes(of: symbol.name, SwiftDemangler.readable) {
          out.append(",\"demangled\":")
          out.appendJSONString(readable)
        }
        out.append("}")
      }
      out.append("]")
      if includeSelectors {
        out.append(",\"selectors\":[")
        for (selectorIndex, selector) in image.selectorReferences.enumerated() {
          if selectorIndex > 0 { out.append(",") }
          image.names.withBytes(of: selector) { out.appendJSONString($0) }
        }
        out.append("]")
      }
      out.append("}")
    }
    out.append("],\"errors\":[")
    for (index, problem) in file.problems.enumerated() {
      if index > 0 { out.append(",") }
      out.appendJSONString(problem.rendered(path: file.path))
    }
    out.append("]}")
  }
}

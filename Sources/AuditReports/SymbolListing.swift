import AuditModel
package import BinaryImage
import PrivacyAudit

/// Renders symbol rows of read files as text, TSV or JSON, straight from name bytes.
///
/// No `String` is built per symbol: names are copied from each image's `NameTable` into the
/// output buffer, escaped for the format (`TextEscaping` for text and TSV, `JSONWriter` for JSON).
package struct SymbolListing: Sendable {
  /// The output formats of `sdkvet symbols`.
  package enum Format: String, Sendable, CaseIterable {
    case text, tsv, json
  }

  package let format: Format
  package let includeUndefined: Bool
  package let includeDefined: Bool
  package let includeSelectors: Bool

  /// A listing in `format` of the symbols and selectors asked for.
  package init(format: Format, includeUndefined: Bool, includeDefined: Bool, includeSelectors: Bool) {
    self.format = format
    self.includeUndefined = includeUndefined
    self.includeDefined = includeDefined
    self.includeSelectors = includeSelectors
  }

  /// The tables the reader must collect for this listing.
  package var readOptions: ReadOptions {
    ReadOptions(
      undefinedSymbols: includeUndefined, definedSymbols: includeDefined, selectorReferences: includeSelectors)
  }

  /// The TSV column names, in contract order.
  package static let tsvColumns = ["file", "arch", "member", "symbol", "version", "library", "binding"]

  /// One file's rows.
  package func render(_ file: BinaryFile) -> [UInt8] {
    var out = ByteBuffer()
    switch format {
    case .tsv: for image in file.images { renderTSV(image, path: file.path, into: &out) }
    case .text: for image in file.images { renderText(image, path: file.path, into: &out) }
    case .json: return renderJSON(file)
    }
    return out.bytes
  }

  private func selected(_ image: Image) -> [Symbol] {
    image.symbols.filter { $0.isDefined ? includeDefined : includeUndefined }
  }

  private func renderTSV(_ image: Image, path: String, into out: inout ByteBuffer) {
    var prefix = ByteBuffer()
    prefix.appendEscaped(path)
    prefix.append("\t")
    prefix.appendEscaped(image.architecture)
    prefix.append("\t")
    prefix.appendEscaped(image.member ?? "")
    prefix.append("\t")
    for symbol in selected(image) {
      prefix.bytes.withUnsafeBytes { out.append($0) }
      image.names.withBytes(of: symbol.name) { out.appendEscaped($0) }
      out.append("\t")
      out.appendEscaped(image.versionName(of: symbol) ?? "")
      out.append("\t")
      out.appendEscaped(image.libraryName(of: symbol) ?? "")
      out.append("\t")
      out.append(symbol.binding.rawValue)
      out.append("\n")
    }
    guard includeSelectors else { return }
    for selector in image.selectorReferences {
      prefix.bytes.withUnsafeBytes { out.append($0) }
      image.names.withBytes(of: selector) { out.appendEscaped($0) }
      out.append("\t\t\tselector\n")
    }
  }

  private func renderText(_ image: Image, path: String, into out: inout ByteBuffer) {
    let rows = selected(image)
    guard !rows.isEmpty || (includeSelectors && !image.selectorReferences.isEmpty) else { return }
    out.appendEscaped(path)
    if let member = image.member {
      out.append("[")
      out.appendEscaped(member)
      out.append("]")
    }
    out.append(" (")
    out.appendEscaped(image.architecture)
    out.append("):\n")
    for symbol in rows {
      out.append(symbol.isDefined ? "  D " : "  U ")
      out.append(symbol.binding == .weak ? "w " : "  ")
      image.names.withBytes(of: symbol.name) { out.appendEscaped($0) }
      if let version = image.versionName(of: symbol) {
        out.append("@")
        out.appendEscaped(version)
      }
      if let library = image.libraryName(of: symbol) {
        out.append("  (")
        out.appendEscaped(library)
        out.append(")")
      }
      out.append("\n")
      if let readable = image.names.withBytes(of: symbol.name, SwiftDemangler.readable) {
        out.append("        = ")
        out.appendEscaped(readable)
        out.append("\n")
      }
      if !symbol.isDefined, let callSites = image.callSites {
        appendCallers(callSites.imports[image.names.string(symbol.name)], into: &out)
      }
    }
    guard includeSelectors else { return }
    for selector in image.selectorReferences {
      out.append("  S   ")
      image.names.withBytes(of: selector) { out.appendEscaped($0) }
      out.append("\n")
      if let callSites = image.callSites {
        appendCallers(callSites.selectors[image.names.string(selector)], into: &out)
      }
    }
  }

  /// `        called from …` (every caller) under a name whose call sites were looked for.
  private func appendCallers(_ sites: [CallSite]?, into out: inout ByteBuffer) {
    guard let sites else { return }
    out.append("        ")
    let summary = CallSiteSummary(sites: sites, limit: .max).namingCallers(CallSiteSummary.readableName)
    out.appendEscaped(summary.sentence { $0 })
    out.append("\n")
  }

  /// The file as one object of the `files` array; each symbol is an object on one line.
  private func renderJSON(_ file: BinaryFile) -> [UInt8] {
    var json = JSONWriter(depth: FileListJSON.fileDepth)
    json.beginObject()
    json.member("path", file.path)
    json.member("container", file.container.rawValue)
    json.key("images")
    json.beginArray()
    for image in file.images {
      json.beginObject()
      json.member("architecture", image.architecture)
      json.member("member", image.member)
      json.member("kind", image.kind.rawValue)
      json.key("symbols")
      json.beginArray()
      for symbol in selected(image) {
        writeJSON(symbol, of: image, to: &json)
      }
      json.endArray()
      if includeSelectors {
        json.key("selectors")
        json.beginArray()
        for selector in image.selectorReferences {
          image.names.withBytes(of: selector) { json.string($0) }
        }
        json.endArray()
      }
      if let callSites = image.callSites {
        writeJSON(callSites, to: &json)
      }
      json.endObject()
    }
    json.endArray()
    json.key("errors")
    json.beginArray()
    for problem in file.problems {
      json.string(problem.rendered(path: file.path))
    }
    json.endArray()
    json.endObject()
    return json.takeBytes()
  }

  /// `"callSites": {"imports": {name: [callers]}, "selectors": {…}}`, every caller listed as
  /// `{"function", "address", "count"}`; an empty list is a name nothing calls.
  private func writeJSON(_ callSites: CallSiteMap, to json: inout JSONWriter) {
    json.key("callSites")
    json.beginObject()
    for (key, table) in [("imports", callSites.imports), ("selectors", callSites.selectors)] {
      json.key(key)
      json.beginObject()
      for (name, sites) in table.sorted(by: { $0.key < $1.key }) {
        json.key(name)
        json.beginArray()
        for caller in CallSiteSummary(sites: sites, limit: .max).callers {
          json.beginObject(inline: true)
          json.member("function", caller.function)
          json.member("address", "0x" + String(caller.address, radix: 16))
          json.key("count")
          json.int(caller.count)
          json.endObject()
        }
        json.endArray()
      }
      json.endObject()
    }
    json.endObject()
  }

  private func writeJSON(_ symbol: Symbol, of image: Image, to json: inout JSONWriter) {
    json.beginObject(inline: true)
    json.key("name")
    image.names.withBytes(of: symbol.name) { json.string($0) }
    json.key("defined")
    json.bool(symbol.isDefined)
    json.member("binding", symbol.binding.rawValue)
    json.member("version", image.versionName(of: symbol))
    json.member("library", image.libraryName(of: symbol))
    json.member("origin", symbol.origin.rawValue)
    if let readable = image.names.withBytes(of: symbol.name, SwiftDemangler.readable) {
      json.member("demangled", readable)
    }
    json.endObject()
  }
}

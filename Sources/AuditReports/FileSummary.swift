package import BinaryImage

/// What `sdkvet info` shows of one file: a condensed load-command summary per image.
package struct FileSummary: Sendable {
  /// One linked library and how many imports bind to it.
  struct Library: Sendable {
    let name: String
    let kind: String
    let imports: Int
  }

  /// One image (slice or member).
  struct ImageSummary: Sendable {
    let architecture: String
    let member: String?
    let fileType: String
    let kind: String
    let platforms: [String]
    let installName: String?
    let uuid: String?
    let libraries: [Library]
    let rpaths: [String]
    let encrypted: Bool?
    let signingIdentifier: String?
    let teamIdentifier: String?
    let signature: CodeSignatureInfo?
    /// A linked Mach-O image, which can carry a signature (objects and archive members cannot).
    let isSignable: Bool
    let hasMainEntryPoint: Bool
    let importEncodings: [String]
    let imports: Int
    let headerInconsistencies: [String]
  }

  let path: String
  let container: String
  let images: [ImageSummary]

  package init(_ file: BinaryFile) {
    path = file.path
    container = file.container.rawValue
    images = file.images.map(Self.summarise)
  }

  private static func summarise(_ image: Image) -> ImageSummary {
    var counts = [Int](repeating: 0, count: image.libraries.count)
    var imports = 0
    for symbol in image.symbols where !symbol.isDefined {
      imports += 1
      if case .linked(let index) = symbol.library, counts.indices.contains(index) { counts[index] += 1 }
    }
    let metadata = image.machO
    var encodings: [String] = []
    if metadata?.usesChainedFixups == true { encodings.append("chained-fixups") }
    if metadata?.usesDyldInfo == true { encodings.append("dyld-info") }
    if metadata?.hasExportsTrie == true { encodings.append("exports-trie") }
    return ImageSummary(
      architecture: image.architecture,
      member: image.member,
      fileType: image.fileType,
      kind: image.kind.rawValue,
      platforms: (metadata?.buildVersions ?? []).map { "\($0.platform) \($0.minimumOS) (SDK \($0.sdk))" },
      installName: image.installName,
      uuid: metadata?.uuid,
      libraries: zip(image.libraries, counts).map { Library(name: $0.name, kind: $0.kind.rawValue, imports: $1) },
      rpaths: image.rpaths,
      encrypted: metadata?.isEncrypted,
      signingIdentifier: metadata?.signingIdentifier,
      teamIdentifier: metadata?.teamIdentifier,
      signature: metadata?.signature,
      isSignable: image.format == .machO && image.member == nil && image.kind != .object,
      hasMainEntryPoint: metadata?.hasMainEntryPoint ?? false,
      importEncodings: encodings,
      imports: imports,
      headerInconsistencies: image.headerInconsistencies + staleSymbolTable(image))
  }

  /// Imports only dyld's bind or chained-fixup tables list, for Mach-O: the symbol table lacks
  /// them (stripped or stale). dyld binds them anyway, and the reader counts them, so unlike an
  /// ELF header inconsistency this is shown here only, never reported by the audit.
  private static func staleSymbolTable(_ image: Image) -> [String] {
    let bindTables: Set<Symbol.Origin> = [.dyldBind, .dyldLazyBind, .chainedFixups]
    let names = image.imports.filter { bindTables.contains($0.origin) }.map { image.names.string($0.name) }
    guard image.format == .machO, !names.isEmpty else { return [] }
    let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
    return ["the symbol table lacks \(names.count) import\(names.count == 1 ? "" : "s") dyld binds: \(shown)"]
  }

  /// The human-readable form; every string from the file is escaped by `TextEscaping`.
  package var text: String {
    let shown = TextEscaping.escaped
    let slices = images.count == 1 ? "1 image" : "\(images.count) images"
    var out = "\(shown(path)): \(container), \(slices)\n"
    for image in images {
      var title = "  \(shown(image.architecture))"
      if let member = image.member { title += " [\(shown(member))]" }
      out += "\(title): \(shown(image.fileType)) (\(image.kind))\n"
      func line(_ label: String, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        out += "    \(label): \(shown(value))\n"
      }
      line("platform", image.platforms.joined(separator: "; "))
      line("install name", image.installName)
      line("uuid", image.uuid)
      line(
        "imports",
        "\(image.imports)"
          + (image.importEncodings.isEmpty ? "" : " (\(image.importEncodings.joined(separator: ", ")))"))
      for library in image.libraries {
        let marker = library.kind == "normal" ? "" : " [\(library.kind)]"
        out += "    links \(shown(library.name))\(marker): \(library.imports) imports\n"
      }
      for rpath in image.rpaths { line("rpath", rpath) }
      line("encrypted", image.encrypted.map { $0 ? "yes" : "no" })
      line("signature", image.signature.map(SignatureText.line) ?? (image.isSignable ? "unsigned" : nil))
      if image.hasMainEntryPoint { line("entry point", "LC_MAIN") }
      for inconsistency in image.headerInconsistencies { line("headers disagree", inconsistency) }
    }
    return out
  }

  /// The JSON form: one element of the `files` array of `info --format json`, members in
  /// declaration order, a `nil` field left out.
  package var json: JSONValue {
    .object([
      ("path", .string(path)),
      ("container", .string(container)),
      ("images", .array(images.map(\.json))),
    ])
  }
}

extension FileSummary.ImageSummary {
  /// The image as JSON, members in declaration order; a `nil` field is left out.
  fileprivate var json: JSONValue {
    let members: [(key: String, value: JSONValue?)] = [
      ("architecture", .string(architecture)),
      ("member", member.map(JSONValue.string)),
      ("fileType", .string(fileType)),
      ("kind", .string(kind)),
      ("platforms", .strings(platforms)),
      ("installName", installName.map(JSONValue.string)),
      ("uuid", uuid.map(JSONValue.string)),
      (
        "libraries",
        .array(
          libraries.map {
            .object([("name", .string($0.name)), ("kind", .string($0.kind)), ("imports", .int($0.imports))])
          })
      ),
      ("rpaths", .strings(rpaths)),
      ("encrypted", encrypted.map(JSONValue.bool)),
      ("signingIdentifier", signingIdentifier.map(JSONValue.string)),
      ("teamIdentifier", teamIdentifier.map(JSONValue.string)),
      ("signature", signature.map(JSONValue.signature)),
      ("hasMainEntryPoint", .bool(hasMainEntryPoint)),
      ("importEncodings", .strings(importEncodings)),
      ("imports", .int(imports)),
      ("headerInconsistencies", .strings(headerInconsistencies)),
    ]
    return .object(members.compactMap { key, value in value.map { (key, $0) } })
  }
}

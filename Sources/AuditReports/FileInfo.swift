package import BinaryImage

/// What `sdkvet info` shows of one file: a condensed load-command summary per image, rendered
/// from the reader's `BinaryFile` as it is (no copy of its facts).
package enum FileInfo {
  /// The human-readable form; every string from the file is escaped by `TextEscaping`.
  package static func text(of file: BinaryFile) -> String {
    let shown = TextEscaping.escaped
    let slices = file.images.count == 1 ? "1 image" : "\(file.images.count) images"
    var out = "\(shown(file.path)): \(file.container.rawValue), \(slices)\n"
    for image in file.images {
      var title = "  \(shown(image.architecture))"
      if let member = image.member { title += " [\(shown(member))]" }
      out += "\(title): \(shown(image.fileType)) (\(image.kind.rawValue))\n"
      func line(_ label: String, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        out += "    \(label): \(shown(value))\n"
      }
      let metadata = image.machO
      line("platform", image.platformLines.joined(separator: "; "))
      line("install name", image.installName)
      line("uuid", metadata?.uuid)
      let encodings = image.importEncodings
      let imports = image.importCounts
      line("imports", "\(imports.all)" + (encodings.isEmpty ? "" : " (\(encodings.joined(separator: ", ")))"))
      for (library, imports) in zip(image.libraries, imports.perLibrary) {
        let marker = library.kind == .normal ? "" : " [\(library.kind.rawValue)]"
        out += "    links \(shown(library.name))\(marker): \(imports) imports\n"
      }
      for rpath in image.rpaths { line("rpath", rpath) }
      line("encrypted", metadata?.isEncrypted.map { $0 ? "yes" : "no" })
      line("signature", metadata?.signature.map(SignatureText.line) ?? (image.isSignable ? "unsigned" : nil))
      if metadata?.hasMainEntryPoint == true { line("entry point", "LC_MAIN") }
      for inconsistency in image.shownInconsistencies { line("headers disagree", inconsistency) }
    }
    return out
  }

  /// The JSON form: one element of the `files` array of `info --format json`, members in
  /// declaration order, a `nil` field left out.
  package static func json(of file: BinaryFile) -> JSONValue {
    .object([
      ("path", .string(file.path)),
      ("container", .string(file.container.rawValue)),
      ("images", .array(file.images.map(json))),
    ])
  }

  /// One image as JSON, members in declaration order; a `nil` field is left out.
  private static func json(of image: Image) -> JSONValue {
    let metadata = image.machO
    let imports = image.importCounts
    let libraries = zip(image.libraries, imports.perLibrary).map { library, imports in
      JSONValue.object([
        ("name", .string(library.name)), ("kind", .string(library.kind.rawValue)), ("imports", .int(imports)),
      ])
    }
    let members: [(key: String, value: JSONValue?)] = [
      ("architecture", .string(image.architecture)),
      ("member", image.member.map(JSONValue.string)),
      ("fileType", .string(image.fileType)),
      ("kind", .string(image.kind.rawValue)),
      ("platforms", .strings(image.platformLines)),
      ("installName", image.installName.map(JSONValue.string)),
      ("uuid", metadata?.uuid.map(JSONValue.string)),
      ("libraries", .array(libraries)),
      ("rpaths", .strings(image.rpaths)),
      ("encrypted", metadata?.isEncrypted.map(JSONValue.bool)),
      ("signingIdentifier", metadata?.signingIdentifier.map(JSONValue.string)),
      ("teamIdentifier", metadata?.teamIdentifier.map(JSONValue.string)),
      ("signature", metadata?.signature.map(JSONValue.signature)),
      ("hasMainEntryPoint", .bool(metadata?.hasMainEntryPoint ?? false)),
      ("importEncodings", .strings(image.importEncodings)),
      ("imports", .int(imports.all)),
      ("headerInconsistencies", .strings(image.shownInconsistencies)),
    ]
    return .object(members.compactMap { key, value in value.map { (key, $0) } })
  }
}

extension Image {
  /// Each build version as `platform minimum (SDK sdk)`.
  fileprivate var platformLines: [String] {
    (machO?.buildVersions ?? []).map { "\($0.platform) \($0.minimumOS) (SDK \($0.sdk))" }
  }

  /// How many symbols the image imports (its undefined ones), and how many of them bind to each
  /// of `libraries`, in its order: one walk of the symbols.
  fileprivate var importCounts: (all: Int, perLibrary: [Int]) {
    var all = 0
    var perLibrary = [Int](repeating: 0, count: libraries.count)
    for symbol in symbols where !symbol.isDefined {
      all += 1
      if case .linked(let index) = symbol.library, perLibrary.indices.contains(index) { perLibrary[index] += 1 }
    }
    return (all, perLibrary)
  }

  /// The tables dyld reads imports from: `chained-fixups`, `dyld-info`, `exports-trie`.
  fileprivate var importEncodings: [String] {
    [
      machO?.usesChainedFixups == true ? "chained-fixups" : nil,
      machO?.usesDyldInfo == true ? "dyld-info" : nil,
      machO?.hasExportsTrie == true ? "exports-trie" : nil,
    ].compactMap { $0 }
  }

  /// A linked Mach-O image, which can carry a signature (objects and archive members cannot).
  fileprivate var isSignable: Bool { format == .machO && member == nil && kind != .object }

  /// The header inconsistencies, and for Mach-O the imports only dyld's bind or chained-fixup
  /// tables list (the symbol table lacks them: stripped or stale). dyld binds them anyway, and
  /// the reader counts them, so unlike an ELF header inconsistency this is shown here only,
  /// never reported by the audit.
  fileprivate var shownInconsistencies: [String] {
    let bindTables: Set<Symbol.Origin> = [.dyldBind, .dyldLazyBind, .chainedFixups]
    let names = imports.filter { bindTables.contains($0.origin) }.map { self.names.string($0.name) }
    guard format == .machO, !names.isEmpty else { return headerInconsistencies }
    let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
    return headerInconsistencies + [
      "the symbol table lacks \(names.count) import\(names.count == 1 ? "" : "s") dyld binds: \(shown)"
    ]
  }
}

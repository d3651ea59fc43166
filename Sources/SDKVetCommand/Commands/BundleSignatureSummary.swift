import AuditReports
import BinaryImage
import TargetDiscovery

/// What `sdkvet info` shows of an xcframework: its `_CodeSignature/` signature and seal.
struct BundleSignatureSummary: Sendable {
  let signature: BundleSignature

  init(_ signature: BundleSignature) {
    self.signature = signature
  }

  /// `path: xcframework` then the signature line and the seal line; escaped by `TextEscaping`.
  var text: String {
    let shown = TextEscaping.escaped
    var out = "\(shown(signature.bundle)): xcframework\n"
    switch signature.state {
    case .signed(let info): out += "    signature: \(shown(SignatureText.line(info)))\n"
    case .unsigned: out += "    signature: unsigned\n"
    case .unreadable(let reason): out += "    signature: unreadable (\(shown(reason)))\n"
    }
    if let seal = signature.seal {
      var state = seal.isIntact ? "matches the files" : "does not match the files"
      if let problem = seal.problem { state = problem }
      out += "    seal: \(shown(state))\n"
      for path in seal.missing { out += "    sealed, missing: \(shown(path))\n" }
      for path in seal.unsealed { out += "    not sealed: \(shown(path))\n" }
    }
    return out
  }

  /// One element of `info --format json`'s `files`: the xcframework, no images, its `signature`.
  var json: JSONValue {
    .object([
      ("path", .string(signature.bundle)),
      ("container", .string("xcframework")),
      ("images", .array([])),
      ("signature", .signature(signature)),
    ])
  }
}

/// The one-line text form of a code signature, shared by binaries and bundles.
enum SignatureText {
  /// `AppleDeveloperProgram:TEAM, identifier X, flags 0x0 (…), cdhash …, certificate SHA-256 …`.
  static func line(_ info: CodeSignatureInfo) -> String {
    var parts = [info.signer.description]
    if let identifier = info.identifier { parts.append("identifier \(identifier)") }
    var flags = "flags 0x\(String(info.directories.first?.flags ?? 0, radix: 16))"
    let names = [info.isAdHoc ? "adhoc" : nil, info.isLinkerSigned ? "linker-signed" : nil].compactMap { $0 }
    if !names.isEmpty { flags += " (\(names.joined(separator: ", ")))" }
    parts.append(flags)
    parts.append("hashes " + info.directories.map(\.hashType.description).joined(separator: "+"))
    if let cdhash = info.cdhash { parts.append("cdhash \(cdhash)") }
    switch info.certificate {
    case .none: break
    case .sha256(let fingerprint): parts.append("certificate SHA-256 \(fingerprint)")
    case .notParsed(let reason): parts.append("certificate not parsed (\(reason))")
    }
    return parts.joined(separator: ", ")
  }
}

import BinaryImage
import ScanFiles
package import TargetDiscovery

/// What `sdkvet info` shows of an xcframework: its `_CodeSignature/` signature and seal.
package struct BundleSignatureSummary: Sendable {
  let signature: BundleSignature

  package init(_ signature: BundleSignature) {
    self.signature = signature
  }

  /// `path: xcframework` then the signature line and the seal line; escaped by `TextEscaping`.
  package var text: String {
    let shown = TextEscaping.escaped
    var out = "\(shown(signature.bundle.description)): xcframework\n"
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
  package var json: JSONValue {
    .object([
      ("path", .string(signature.bundle.description)),
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
    if let teams = teams(info) { parts.append(teams) }
    switch info.certificate {
    case .none: break
    case .parsed(let certificate): parts.append("certificate SHA-256 \(certificate.sha256)")
    case .notParsed(let reason): parts.append("certificate not parsed (\(reason))")
    }
    if case .unverified(let reason) = info.signer, case .parsed = info.certificate { parts.append(reason) }
    return parts.joined(separator: ", ")
  }

  /// Which team the code directory claims and which the certificate names, and whether they agree.
  private static func teams(_ info: CodeSignatureInfo) -> String? {
    switch (info.teamIdentifier, info.certificateTeamIdentifier) {
    case (nil, nil): nil
    case (let claimed?, nil): "code directory team \(claimed) (no certificate team)"
    case (nil, let certified?): "certificate team \(certified) (none in the code directory)"
    case (let claimed?, let certified?) where claimed == certified:
      "team \(claimed) (code directory and certificate agree)"
    case (let claimed?, let certified?): "code directory team \(claimed) differs from certificate team \(certified)"
    }
  }
}

package import BinaryImage
package import TargetDiscovery

/// The `signature` objects of the JSON report (`Docs/REPORT-FORMATS.md`), shared by `scan`'s
/// report and `info`: what a signature claims, never a verification.
extension JSONValue {
  /// A code signature: the signer as Xcode names it, the primary directory's fields, every
  /// directory's hash type and cdhash, and the CMS blob's certificate.
  package static func signature(_ info: CodeSignatureInfo) -> JSONValue {
    var certificate: SigningCertificate?
    var certificateNote: String?
    switch info.certificate {
    case .none: break
    case .parsed(let parsed): certificate = parsed
    case .notParsed(let reason): certificateNote = SavedSignatureReader.notParsedPrefix + reason
    }
    if case .unverified(let reason) = info.signer, certificateNote == nil { certificateNote = reason }
    return .object([
      (ReportKey.signer.rawValue, .string(info.signer.description)),
      ("identifier", .optional(info.identifier)),
      ("teamIdentifier", .optional(info.teamIdentifier)),
      ("certificateTeamIdentifier", .optional(info.certificateTeamIdentifier)),
      ("teamsAgree", info.teamsAgree.map(JSONValue.bool) ?? .null),
      ("flags", .int(Int(info.directories.first?.flags ?? 0))),
      ("adHoc", .bool(info.isAdHoc)),
      ("linkerSigned", .bool(info.isLinkerSigned)),
      ("cdhash", .optional(info.cdhash)),
      (
        "directories",
        .array(
          info.directories.map { directory in
            .object([
              ("slot", .int(Int(directory.slot))),
              ("version", .int(Int(directory.version))),
              ("hashType", .string(directory.hashType.description)),
              ("cdhash", .optional(directory.cdhash)),
            ])
          })
      ),
      ("cmsSize", .int(info.cmsSize)),
      ("cmsSignsCodeDirectory", info.cmsSignsCodeDirectory.map(JSONValue.bool) ?? .null),
      ("certificateSHA256", .optional(certificate?.sha256)),
      ("certificateSubject", .optional(certificate?.commonName)),
      ("certificateNote", .optional(certificateNote)),
    ])
  }

  /// A bundle's detached signature: as `signature(_:)` when signed, with `error` when it
  /// cannot be read, and the seal check.
  package static func signature(_ bundle: BundleSignature) -> JSONValue {
    var members: [(key: String, value: JSONValue)]
    switch bundle.state {
    case .signed(let info):
      guard case .object(let fields) = signature(info) else { return .null }
      members = fields
    case .unsigned: members = [(ReportKey.signer.rawValue, .string(Signer.unsigned.description))]
    case .unreadable(let reason):
      members = [(ReportKey.signer.rawValue, .string(Signer.unsigned.description)), ("error", .string(reason))]
    }
    let seal: JSONValue =
      bundle.seal.map { seal in
        .object([
          ("intact", .bool(seal.isIntact)),
          ("missing", .strings(seal.missing)),
          ("unsealed", .strings(seal.unsealed)),
          ("problem", .optional(seal.problem)),
        ])
      } ?? .null
    return .object(members + [("seal", seal)])
  }

  /// A binary's slices: `null` when it has no Mach-O slice, else one entry per slice.
  static func signatures(_ slices: [(architecture: String, signature: CodeSignatureInfo?)]) -> JSONValue {
    guard !slices.isEmpty else { return .null }
    return .array(
      slices.map { slice in
        let fields: [(key: String, value: JSONValue)] =
          slice.signature.map { info in
            if case .object(let fields) = signature(info) { return fields }
            return []
          } ?? [(ReportKey.signer.rawValue, .string(Signer.unsigned.description))]
        return .object([("architecture", .string(slice.architecture))] + fields)
      })
  }
}

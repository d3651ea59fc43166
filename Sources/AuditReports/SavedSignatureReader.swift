import AuditModel
import BinaryImage
import JSONDocuments
import PrivacyAudit
import ScanFiles
import TargetDiscovery

/// Reads the `signature` objects of a saved JSON report (`JSONValue.signature`) back into the
/// signatures they were written from, as far as reports use them: the primary directory's
/// identifier, team and flags, every directory's slot, version, hash type and cdhash, the CMS
/// blob's size and certificate, and whether it signs the directory. The signer is derived again
/// from those and must be the one saved.
enum SavedSignatureReader {
  /// A binary's slice: its architecture and signature, `nil` when the slice is unsigned.
  static func slice(_ node: JSONNode) throws(JSONDocumentError) -> SliceSignature {
    let architecture = try node.member("architecture").string()
    guard try node.optionalMember("directories") != nil else {
      try expectUnsigned(node)
      return SliceSignature(architecture: architecture, signature: nil)
    }
    return SliceSignature(architecture: architecture, signature: try info(node))
  }

  /// A bundle's detached signature (an xcframework's `_CodeSignature`) and its seal check.
  static func bundle(_ node: JSONNode, path: ScanPath) throws(JSONDocumentError) -> BundleSignature {
    let state: BundleSignature.State
    if let error = try node.optionalMember("error") {
      try expectUnsigned(node)
      state = .unreadable(try error.string())
    } else if try node.optionalMember("directories") != nil {
      state = .signed(try info(node))
    } else {
      try expectUnsigned(node)
      state = .unsigned
    }
    let seal = try node.member("seal").nonNull.map { seal throws(JSONDocumentError) in
      SealCheck(
        missing: try seal.member("missing").strings(), unsealed: try seal.member("unsealed").strings(),
        problem: try seal.member("problem").stringOrNull())
    }
    return BundleSignature(bundle: path, state: state, seal: seal)
  }

  private static func expectUnsigned(_ node: JSONNode) throws(JSONDocumentError) {
    let signer = try node.member("signer")
    guard try signer.string() == Signer.unsigned.description else {
      throw signer.error("a signature without 'directories' is 'unsigned'")
    }
  }

  private static func info(_ node: JSONNode) throws(JSONDocumentError) -> CodeSignatureInfo {
    let identifier = try node.member("identifier").stringOrNull() ?? ""
    let teamIdentifier = try node.member("teamIdentifier").stringOrNull()
    let flagsNode = try node.member("flags")
    guard let flags = UInt32(exactly: try flagsNode.int()) else { throw flagsNode.error("expected 32-bit flags") }
    let directories = try node.member("directories").elements().enumerated().map {
      index, directory throws(JSONDocumentError) in
      CodeDirectorySummary(
        slot: try uint32(directory.member("slot")), version: try uint32(directory.member("version")),
        flags: index == 0 ? flags : 0, hashType: try hashType(directory.member("hashType")),
        identifier: identifier, teamIdentifier: index == 0 ? teamIdentifier : nil,
        cdhash: try directory.member("cdhash").stringOrNull())
    }
    let info = CodeSignatureInfo(
      directories: directories, cmsSize: try node.member("cmsSize").int(), certificate: try certificate(node),
      cmsSignsCodeDirectory: try node.member("cmsSignsCodeDirectory").nonNull?.bool())
    let signer = try node.member("signer")
    guard try signer.string() == info.signer.description else {
      throw signer.error("disagrees with the signature's fields, which give '\(info.signer.description)'")
    }
    return info
  }

  /// The certificate: parsed when its digest was saved, not parsed when the note says so.
  private static func certificate(_ node: JSONNode) throws(JSONDocumentError) -> CertificateState {
    if let sha256 = try node.member("certificateSHA256").stringOrNull() {
      return .parsed(
        SigningCertificate(
          sha256: sha256, team: try node.member("certificateTeamIdentifier").stringOrNull(),
          commonName: try node.member("certificateSubject").stringOrNull()))
    }
    let note = try node.member("certificateNote").stringOrNull() ?? ""
    guard note.hasPrefix(notParsedPrefix) else { return .none }
    return .notParsed(String(note.dropFirst(notParsedPrefix.count)))
  }

  /// How `JSONValue.signature` opens the note of a certificate that could not be parsed.
  static let notParsedPrefix = "certificate not parsed: "

  private static func hashType(_ node: JSONNode) throws(JSONDocumentError) -> CodeDirectorySummary.HashType {
    let name = try node.string()
    for value in UInt8.min...UInt8.max where CodeDirectorySummary.HashType(value).description == name {
      return CodeDirectorySummary.HashType(value)
    }
    throw node.error("unknown hash type '\(name)'")
  }

  private static func uint32(_ node: JSONNode) throws(JSONDocumentError) -> UInt32 {
    guard let value = UInt32(exactly: try node.int()) else { throw node.error("expected a 32-bit value") }
    return value
  }
}

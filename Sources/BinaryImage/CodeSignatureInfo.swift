/// What a code signature says about who built a binary or bundle: its code directories, its
/// CMS signature's certificate, and the signer Xcode would name. Part of the image model; the
/// `CodeSigning` module reads it from a Mach-O `LC_CODE_SIGNATURE` superblob or from a bundle's
/// `_CodeSignature/` files (`init(superBlob:)` and `init(codeDirectory:alternates:cms:)` there).
///
/// Nothing here verifies a signature cryptographically: hashes are not compared with the code,
/// and neither the CMS signature nor the certificate chain is checked. So the signer is named
/// only from a certificate sdkvet parsed out of the CMS, one that the CMS's `SignerInfo` names
/// and whose signed digest is that of the primary code directory; a team identifier in a code
/// directory is a claim anybody can write and never names a signer on its own.
public struct CodeSignatureInfo: Sendable, Hashable {
  /// The primary code directory (slot 0, or the `_CodeSignature/CodeDirectory` file) first, then
  /// the alternate ones (slots 0x1000–0x1004, `CodeRequirements-1`…) in slot order.
  public let directories: [CodeDirectorySummary]
  /// The size of the CMS signature (slot 0x10000, `_CodeSignature/CodeSignature`) without its
  /// blob header; 0 when there is none or it is empty (as in an ad-hoc signature).
  public let cmsSize: Int
  /// The signer's certificate, when the CMS holds one sdkvet could read.
  public let certificate: CertificateState
  /// Whether the CMS's signed `messageDigest` is the digest of the primary code directory:
  /// `nil` when there is no CMS, it names no signer or digest, or its digest algorithm is not
  /// one sdkvet computes (SHA-1, SHA-256).
  public let cmsSignsCodeDirectory: Bool?

  /// Creates a signature summary.
  package init(
    directories: [CodeDirectorySummary], cmsSize: Int, certificate: CertificateState,
    cmsSignsCodeDirectory: Bool? = nil
  ) {
    self.directories = directories
    self.cmsSize = cmsSize
    self.certificate = certificate
    self.cmsSignsCodeDirectory = cmsSignsCodeDirectory
  }

  /// The signing identifier of the primary code directory.
  public var identifier: String? { directories.first?.identifier }
  /// The team identifier a code directory claims (the primary's, an alternate's when the primary
  /// has none). Unauthenticated: compare `certificateTeamIdentifier`.
  public var teamIdentifier: String? { directories.lazy.compactMap(\.teamIdentifier).first }
  /// The team identifier of the signer's certificate (its subject OU).
  public var certificateTeamIdentifier: String? {
    if case .parsed(let certificate) = certificate { return certificate.team }
    return nil
  }
  /// Whether the code directory's team and the certificate's agree; `nil` unless both are present.
  public var teamsAgree: Bool? {
    guard let teamIdentifier, let certificateTeamIdentifier else { return nil }
    return teamIdentifier == certificateTeamIdentifier
  }
  /// Whether the primary code directory has the ad-hoc flag (`CS_ADHOC`, 0x2).
  public var isAdHoc: Bool { (directories.first?.flags ?? 0) & CodeDirectorySummary.adHocFlag != 0 }
  /// Whether the linker made the signature (`CS_LINKER_SIGNED`, 0x20000): ld64 and lld sign every
  /// arm64 output ad hoc this way.
  public var isLinkerSigned: Bool { (directories.first?.flags ?? 0) & CodeDirectorySummary.linkerSignedFlag != 0 }
  /// The cdhash `codesign -dv` prints: that of the directory with the strongest hash.
  public var cdhash: String? {
    directories.filter { $0.cdhash != nil }.max { $0.hashType.strength < $1.hashType.strength }?.cdhash
  }

  /// Who signed, as Xcode classifies it (swift-build `CodeSignatureInfo`): ad hoc when the code
  /// directory says so or there is no CMS signature; a developer program signature when the
  /// signer's certificate names a team; otherwise self-signed, named by that certificate. When
  /// the CMS yields no certificate tied to this code directory, nobody is named: `unverified`.
  public var signer: Signer {
    if isAdHoc || cmsSize == 0 { return .adHoc }
    let parsed: SigningCertificate
    switch certificate {
    case .none: return .unverified(reason: "the CMS signature holds no certificate")
    case .notParsed(let reason): return .unverified(reason: "the CMS signature cannot be parsed: \(reason)")
    case .parsed(let certificate): parsed = certificate
    }
    switch cmsSignsCodeDirectory {
    case true?: break
    case false?: return .unverified(reason: "the CMS signature was not made over this code directory")
    case nil:
      return .unverified(reason: "the CMS signature carries no digest of the code directory that sdkvet can check")
    }
    if let team = parsed.team { return .appleDeveloperProgram(team: team) }
    return .selfSigned(certificateSHA256: parsed.sha256)
  }
}

/// Who signed code, in Xcode's terms.
public enum Signer: Sendable, Hashable, CustomStringConvertible {
  /// No signature at all.
  case unsigned
  /// Signed without a certificate; Xcode treats it like unsigned.
  case adHoc
  /// Signed with a certificate that names a team: `AppleDeveloperProgram:<TEAMID>`.
  case appleDeveloperProgram(team: String)
  /// Signed with a certificate that names no team: `SelfSigned:<SHA-256 of the leaf certificate>`.
  case selfSigned(certificateSHA256: String)
  /// A CMS signature is there, but it yields no certificate tied to the code directory (it
  /// cannot be parsed, holds no certificate, or signs another code directory): nobody is named.
  case unverified(reason: String)

  /// `unsigned`, `ad-hoc`, `AppleDeveloperProgram:<TEAMID>`, `SelfSigned:<SHA-256>` or `unverified`.
  public var description: String {
    switch self {
    case .unsigned: "unsigned"
    case .adHoc: "ad-hoc"
    case .appleDeveloperProgram(let team): "AppleDeveloperProgram:\(team)"
    case .selfSigned(let fingerprint): "SelfSigned:\(fingerprint)"
    case .unverified: "unverified"
    }
  }

  /// Whether a certificate sdkvet read signed the code (developer program or self-signed).
  public var hasCertificate: Bool {
    switch self {
    case .unsigned, .adHoc, .unverified: false
    case .appleDeveloperProgram, .selfSigned: true
    }
  }
}

/// The signer's certificate of a CMS signature, as far as sdkvet reads it.
public enum CertificateState: Sendable, Hashable {
  /// No CMS signature, or one without certificates.
  case none
  /// The certificate the signer names (the first one when it names none sdkvet can match).
  case parsed(SigningCertificate)
  /// The CMS blob is there but could not be walked; the reason, one sentence.
  case notParsed(String)

  /// The certificate's SHA-256, when parsed.
  public var sha256: String? {
    if case .parsed(let certificate) = self { return certificate.sha256 }
    return nil
  }
}

/// One code directory (`CS_CodeDirectory`, magic 0xfade0c02).
public struct CodeDirectorySummary: Sendable, Hashable {
  /// `CS_ADHOC`.
  public static let adHocFlag: UInt32 = 0x2
  /// `CS_LINKER_SIGNED`.
  public static let linkerSignedFlag: UInt32 = 0x2_0000

  /// The digest a code directory uses for its hashes and its cdhash.
  public enum HashType: Sendable, Hashable, CustomStringConvertible {
    /// `CS_HASHTYPE_SHA1` (1).
    case sha1
    /// `CS_HASHTYPE_SHA256` (2).
    case sha256
    /// `CS_HASHTYPE_SHA256_TRUNCATED` (3).
    case sha256Truncated
    /// `CS_HASHTYPE_SHA384` (4): read, but its cdhash is not computed.
    case sha384
    /// Any other value.
    case unknown(UInt8)

    /// Creates a hash type from the `hashType` byte.
    public init(_ value: UInt8) {
      switch value {
      case 1: self = .sha1
      case 2: self = .sha256
      case 3: self = .sha256Truncated
      case 4: self = .sha384
      default: self = .unknown(value)
      }
    }

    /// `sha1`, `sha256`, `sha256-truncated`, `sha384`, or `unknown-<n>`.
    public var description: String {
      switch self {
      case .sha1: "sha1"
      case .sha256: "sha256"
      case .sha256Truncated: "sha256-truncated"
      case .sha384: "sha384"
      case .unknown(let value): "unknown-\(value)"
      }
    }

    /// The order `codesign` prefers directories in: SHA-384 over SHA-256 over SHA-1.
    var strength: Int {
      switch self {
      case .unknown: 0
      case .sha1: 1
      case .sha256Truncated: 2
      case .sha256: 3
      case .sha384: 4
      }
    }
  }

  /// The superblob slot the directory came from (0 for the primary, 0x1000… for alternates).
  public let slot: UInt32
  /// The structure version (`0x20400` and so on); it decides which fields exist.
  public let version: UInt32
  /// `CS_*` flags (0x2 ad hoc, 0x20000 linker-signed, …).
  public let flags: UInt32
  /// The digest of its hashes.
  public let hashType: HashType
  /// The signing identifier (usually a bundle identifier or file name).
  public let identifier: String
  /// The team identifier (only from version 0x20200 on).
  public let teamIdentifier: String?
  /// The directory's own digest truncated to 20 bytes, lowercase hex; `nil` for SHA-384 and
  /// unknown hash types.
  public let cdhash: String?

  /// Creates a summary.
  package init(
    slot: UInt32, version: UInt32, flags: UInt32, hashType: HashType, identifier: String, teamIdentifier: String?,
    cdhash: String?
  ) {
    self.slot = slot
    self.version = version
    self.flags = flags
    self.hashType = hashType
    self.identifier = identifier
    self.teamIdentifier = teamIdentifier
    self.cdhash = cdhash
  }
}

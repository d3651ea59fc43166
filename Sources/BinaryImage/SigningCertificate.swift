/// The certificate that signed code, as far as sdkvet reads it: its fingerprint, and the team
/// and name its subject carries. Apple puts the team identifier in the subject's
/// organizational unit (OU) and "Developer ID Application: Vendor (TEAMID)" in its common name.
public struct SigningCertificate: Sendable, Hashable {
  /// The SHA-256 of the certificate's DER bytes, uppercase hex (how Xcode names a self-signed signer).
  public let sha256: String
  /// The subject's organizational unit (`2.5.4.11`): the team identifier of an Apple-issued certificate.
  public let team: String?
  /// The subject's common name (`2.5.4.3`).
  public let commonName: String?

  /// Creates a certificate summary.
  package init(sha256: String, team: String?, commonName: String?) {
    self.sha256 = sha256
    self.team = team
    self.commonName = commonName
  }
}

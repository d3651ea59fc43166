public import BinaryImage

/// The embedded code signature of one Mach-O slice.
public struct SliceSignature: Sendable, Hashable {
  /// The slice's architecture.
  public let architecture: String
  /// Its signature; `nil` when it has no `LC_CODE_SIGNATURE` (or an unreadable one).
  public let signature: CodeSignatureInfo?

  /// Creates a slice signature.
  package init(architecture: String, signature: CodeSignatureInfo?) {
    self.architecture = architecture
    self.signature = signature
  }

  /// Who signed the slice, as Xcode names it.
  public var signer: Signer { signature?.signer ?? .unsigned }
}

/// A failure to read a binary, or one part of it, carrying where in the file it happened.
///
/// Readers never trap on input bytes: every malformed count, offset or size becomes one of these.
/// `malformed` and `truncated` mean the file is corrupt; `unsupported` means it is valid but uses
/// something sdkvet does not read; `notBinary` means the bytes are not a format sdkvet knows.
public struct BinaryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure this is.
  public enum Kind: String, Sendable, Hashable {
    /// A table or header runs past the end of the bytes that exist.
    case truncated
    /// A value in the file is inconsistent or out of range.
    case malformed
    /// The file is well formed but uses a feature sdkvet does not read.
    case unsupported
    /// The file could not be opened, mapped or read.
    case io
    /// The bytes are not an ELF, Mach-O or ar file.
    case notBinary
  }

  /// What kind of failure this is.
  public let kind: Kind
  /// A human sentence saying what is wrong, format-prefixed ("Mach-O symbol table: …").
  public let message: String
  /// The absolute file offset of the bad field, when known.
  public let offset: UInt64?
  /// The archive member the failure belongs to, when the file is an archive.
  public let member: String?
  /// The architecture slice the failure belongs to, when the file is universal.
  public let architecture: String?

  /// Creates an error.
  /// - Parameters:
  ///   - kind: What kind of failure this is.
  ///   - message: The sentence shown to the user.
  ///   - offset: The absolute file offset of the bad field, when known.
  public init(
    _ kind: Kind, _ message: String, offset: UInt64? = nil, member: String? = nil, architecture: String? = nil
  ) {
    self.kind = kind
    self.message = message
    self.offset = offset
    self.member = member
    self.architecture = architecture
  }

  /// The message with its offset, e.g. `Mach-O load commands: cmdsize 0 at 0x20`.
  public var description: String {
    guard let offset else { return message }
    return "\(message) at 0x\(String(offset, radix: 16))"
  }

  /// The error as one line naming the file: `path[member](arch): message at 0x1a2b`.
  public func rendered(path: String) -> String {
    var place = path
    if let member { place += "[\(member)]" }
    if let architecture { place += "(\(architecture))" }
    return "\(place): \(description)"
  }

  /// The same error attributed to an archive member and/or an architecture slice.
  public func located(member: String? = nil, architecture: String? = nil) -> BinaryError {
    BinaryError(
      kind, message, offset: offset, member: self.member ?? member, architecture: self.architecture ?? architecture)
  }
}

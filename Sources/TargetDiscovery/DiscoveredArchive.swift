import Foundation
import PropertyLists
public import ScanFiles

/// An archive discovery opened, as the report states it: what it is, its checksum, and the
/// signature receipts an exported `.ipa` carries.
public struct DiscoveredArchive: Sendable, Hashable {
  /// The archive file, as found under the scanned root.
  public let path: ScanPath
  /// The format and compression, as libarchive names them.
  public let format: String
  /// SHA-256 of the archive's bytes, lowercase hex (SwiftPM's `binaryTarget` checksum).
  public let sha256: String
  /// How many entries it holds.
  public let entryCount: Int
  /// The `.ipa`'s `Signatures/*.signature` receipts, sorted by file.
  public let receipts: [SignatureReceipt]

  /// Creates an archive record.
  package init(path: ScanPath, format: String, sha256: String, entryCount: Int, receipts: [SignatureReceipt] = []) {
    self.path = path
    self.format = format
    self.sha256 = sha256
    self.entryCount = entryCount
    self.receipts = receipts
  }
}

/// One `Signatures/<X>.xcframework-<platform>.signature` receipt of an exported app: Xcode's
/// record of how the xcframework `X` was signed when it was built in (App Store Connect checks
/// it for ITMS-91065). Fields are absent when the receipt does not carry them.
public struct SignatureReceipt: Sendable, Hashable {
  /// The receipt file, `ARCHIVE!/Signatures/…`.
  public let path: ScanPath
  /// The xcframework it describes, from the file name (`X.xcframework`).
  public let xcframework: String
  /// `signed`.
  public let signed: Bool?
  /// `signatureType`: `AppleDeveloperProgram` or `SelfSigned`.
  public let signatureType: String?
  /// `signatureIdentifier`: the team ID, or the certificate's SHA-256.
  public let signatureIdentifier: String?
  /// `metadata.library`: the library inside the xcframework the app embeds.
  public let library: String?
  /// Why the receipt could not be read, when it could not.
  public let problem: String?

  /// The receipt's file name, without the folders.
  public var fileName: String { path.lastComponent.map(String.init) ?? "" }

  /// Creates a receipt.
  package init(
    path: ScanPath, xcframework: String, signed: Bool? = nil, signatureType: String? = nil,
    signatureIdentifier: String? = nil, library: String? = nil, problem: String? = nil
  ) {
    self.path = path
    self.xcframework = xcframework
    self.signed = signed
    self.signatureType = signatureType
    self.signatureIdentifier = signatureIdentifier
    self.library = library
    self.problem = problem
  }

  /// Reads the receipt at `path`.
  init(reading path: ScanPath, in fileSystem: some ScanFileSystem) {
    let name = path.lastComponent ?? ""
    let xcframework = name.range(of: ".xcframework").map { String(name[..<$0.upperBound]) } ?? String(name)
    let file = PropertyListFile.read(path, in: fileSystem)
    guard let receipt = file.dictionary else {
      self.init(
        path: path, xcframework: xcframework,
        problem: file.contents.failureMessage ?? "is not a dictionary property list")
      return
    }
    var signed: Bool?
    if case .boolean(let value) = receipt["signed"] { signed = value }
    self.init(
      path: path, xcframework: xcframework, signed: signed, signatureType: receipt["signatureType"]?.stringValue,
      signatureIdentifier: receipt["signatureIdentifier"]?.stringValue,
      library: receipt["metadata"]?.dictionaryValue?["library"]?.stringValue)
  }
}

extension Result where Failure == PropertyListError {
  fileprivate var failureMessage: String? {
    if case .failure(let error) = self { return error.message }
    return nil
  }
}

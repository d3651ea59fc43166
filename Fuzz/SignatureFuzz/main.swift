import BinaryImage
import CodeSigning

/// libFuzzer entry point for the code-signature reader: the input is read as an embedded
/// signature (a superblob), then split at its first two bytes into a detached signature's
/// `CodeDirectory`, `CodeRequirements-1` and `CodeSignature` files (the CMS, bare or wrapped).
///
/// The property checked is the house rule for untrusted input: every read returns or throws
/// `BinaryError`, never traps, reads out of bounds or runs away; and a signer is never named
/// from a CMS sdkvet did not parse (`Signer.hasCertificate` implies a parsed certificate).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSignature(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
  var named = 0
  if let embedded = try? CodeSignatureInfo(superBlob: ByteReader(bytes)) { named += check(embedded) }
  guard bytes.count > 2 else { return 0 }
  let first = min(Int(bytes[0]) * 16, bytes.count - 2)
  let second = min(first + Int(bytes[1]) * 16, bytes.count - 2)
  let directory = UnsafeRawBufferPointer(rebasing: bytes[2..<(2 + first)])
  let alternate = UnsafeRawBufferPointer(rebasing: bytes[(2 + first)..<(2 + second)])
  let cms = UnsafeRawBufferPointer(rebasing: bytes[(2 + second)...])
  if let detached = try? CodeSignatureInfo(
    codeDirectory: ByteReader(directory), alternates: alternate.isEmpty ? [] : [ByteReader(alternate)],
    cms: ByteReader(cms))
  {
    named += check(detached)
  }
  return named == -1 ? 1 : 0
}

/// Traps when a signer is named without a parsed certificate that signs the code directory.
private func check(_ info: CodeSignatureInfo) -> Int {
  guard info.signer.hasCertificate else { return 0 }
  guard case .parsed = info.certificate, info.cmsSignsCodeDirectory == true else {
    fatalError("signer \(info.signer) named without a parsed certificate tied to the code directory")
  }
  return 1
}

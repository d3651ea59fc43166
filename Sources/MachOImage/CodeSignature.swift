import BinaryImage
import CodeSigning

extension CodeSignatureInfo {
  /// Reads the signature `LC_CODE_SIGNATURE` names: a `linkedit_data_command` whose
  /// `dataoff`/`datasize` locate the superblob in the image.
  /// - Throws: `truncated`/`malformed` when the range or any blob in it does not fit.
  init(command: LoadCommand, image: ByteReader) throws(BinaryError) {
    let (offset, size) = try command.linkeditData("Mach-O LC_CODE_SIGNATURE")
    try self.init(superBlob: try image.slice(at: offset, count: size, "Mach-O code signature (dataoff, datasize)"))
  }
}

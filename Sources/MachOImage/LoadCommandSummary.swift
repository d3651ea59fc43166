import BinaryImage

/// What one pass over an image's load commands finds: the tables to read next and the
/// metadata `sdkvet info` shows.
///
/// The walk itself failing (bad `cmdsize`, `ncmds`) fails the image. A single command that
/// cannot be read is recorded in `problems` and skipped, except that a library command keeps
/// its place with a placeholder name so later ordinals still point at the right library.
struct LoadCommandSummary {
  /// The segments and their sections.
  var segments = SegmentMap()
  /// `LC_SYMTAB`.
  var symbolTable: LoadCommand?
  /// `LC_DYLD_INFO` or `LC_DYLD_INFO_ONLY`.
  var dyldInfo: LoadCommand?
  /// `LC_DYLD_CHAINED_FIXUPS`.
  var chainedFixups: LoadCommand?
  /// `LC_DYLD_EXPORTS_TRIE`.
  var exportsTrie: LoadCommand?
  /// `LC_CODE_SIGNATURE`.
  var codeSignature: LoadCommand?
  /// `LC_DYSYMTAB` (its indirect symbol table names the import of each stub and pointer slot).
  var dynamicSymbolTable: LoadCommand?
  /// `LC_FUNCTION_STARTS`.
  var functionStarts: LoadCommand?
  /// Linked libraries in load order.
  var libraries: [LinkedLibrary] = []
  /// `LC_ID_DYLIB`.
  var installName: String?
  /// Build metadata.
  var metadata = MachOMetadata()
  /// Commands that could not be read.
  var problems: [BinaryError] = []

  /// Walks the load commands of `image`.
  /// - Throws: when the command list itself is malformed.
  init(image: ByteReader, header: MachHeader) throws(BinaryError) {
    var commands = try LoadCommandIterator(image: image, header: header)
    while let command = try commands.next() {
      do throws(BinaryError) {
        try record(command, header: header)
      } catch {
        problems.append(error)
        if let kind = DylibCommands.linkKind(of: command.type) {
          libraries.append(LinkedLibrary(name: "<unreadable library name>", kind: kind))
        }
      }
    }
  }

  private mutating func record(_ command: LoadCommand, header: MachHeader) throws(BinaryError) {
    if let kind = DylibCommands.linkKind(of: command.type) {
      libraries.append(LinkedLibrary(name: try DylibCommands.installName(command), kind: kind))
      return
    }
    switch command.type {
    case LoadCommandType.segment, LoadCommandType.segment64:
      segments.segments.append(try Segment(parsing: command, is64Bit: command.type == LoadCommandType.segment64))
    case LoadCommandType.symtab: symbolTable = command
    case LoadCommandType.dyldInfo, LoadCommandType.dyldInfoOnly:
      dyldInfo = command
      metadata.usesDyldInfo = true
    case LoadCommandType.dyldChainedFixups:
      chainedFixups = command
      metadata.usesChainedFixups = true
    case LoadCommandType.dyldExportsTrie:
      exportsTrie = command
      metadata.hasExportsTrie = true
    case LoadCommandType.codeSignature: codeSignature = command
    case LoadCommandType.dysymtab: dynamicSymbolTable = command
    case LoadCommandType.functionStarts: functionStarts = command
    case LoadCommandType.idDylib: installName = try DylibCommands.installName(command)
    case LoadCommandType.rpath: metadata.rpaths.append(try DylibCommands.rpath(command))
    case LoadCommandType.uuid:
      let uuid = try command.body.slice(at: 8, count: 16, "Mach-O LC_UUID")
      metadata.uuid = Self.uuidText(uuid.bytes)
    case LoadCommandType.buildVersion:
      metadata.buildVersions.append(try BuildVersionCommands.buildVersion(command))
    case LoadCommandType.encryptionInfo, LoadCommandType.encryptionInfo64:
      let cryptID = try command.body.peek(UInt32.self, at: 16, "Mach-O LC_ENCRYPTION_INFO: cryptid")
      metadata.isEncrypted = (metadata.isEncrypted ?? false) || cryptID != 0
    case LoadCommandType.main: metadata.hasMainEntryPoint = true
    default:
      if let version = try BuildVersionCommands.minimumVersion(command, architecture: header.architecture) {
        metadata.buildVersions.append(version)
      }
    }
  }

  /// 16 UUID bytes as `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`.
  static func uuidText(_ bytes: UnsafeRawBufferPointer) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var text: [UInt8] = []
    for (index, byte) in bytes.enumerated() {
      if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xf)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}

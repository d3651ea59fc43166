import BinaryImage

/// Interprets the bind, weak-bind and lazy-bind opcode streams of `LC_DYLD_INFO(_ONLY)`
/// (`struct dyld_info_command`, `BIND_OPCODE_*` in `<mach-o/loader.h>`) to list imports.
///
/// Only the symbol, library ordinal and weak flag matter here, so addresses are decoded (to
/// validate the stream) but not applied, and a "bind N times" opcode yields its symbol once; so
/// do consecutive binds of the same symbol, library and flags, so that a name is delivered about
/// once per time the stream spells it, not once per pointer bound.
/// Every opcode consumes at least one byte, so the loop never runs more often than the stream
/// has bytes. An unknown opcode or a truncated operand stops the stream with an error.
enum DyldInfoBinds {
  /// Which of the three streams is being read.
  enum Stream {
    /// `bind_off`/`bind_size`: non-lazy binds, ends at `BIND_OPCODE_DONE`.
    case bind
    /// `weak_bind_off`/`weak_bind_size`: coalesced weak symbols, looked up in every image.
    case weakBind
    /// `lazy_bind_off`/`lazy_bind_size`: one `DONE`-terminated record per lazy pointer.
    case lazyBind

    /// The symbol origin recorded for imports from this stream.
    var origin: Symbol.Origin {
      switch self {
      case .bind: .dyldBind
      case .weakBind: .dyldWeakBind
      case .lazyBind: .dyldLazyBind
      }
    }
    /// The table name used in error messages.
    var tableName: String {
      switch self {
      case .bind: "Mach-O bind opcodes"
      case .weakBind: "Mach-O weak-bind opcodes"
      case .lazyBind: "Mach-O lazy-bind opcodes"
      }
    }
  }

  /// The offsets of the three streams within `dyld_info_command`.
  static func streamRange(_ stream: Stream, in command: LoadCommand) throws(BinaryError) -> (
    offset: UInt32, size: UInt32
  ) {
    let field =
      switch stream {
      case .bind: 16
      case .weakBind: 24
      case .lazyBind: 32
      }
    let offset = try command.body.peek(UInt32.self, at: field, "Mach-O LC_DYLD_INFO")
    let size = try command.body.peek(UInt32.self, at: field + 4, "Mach-O LC_DYLD_INFO")
    return (offset, size)
  }

  /// Calls `body` with each symbol bound by the opcode stream in `opcodes`.
  /// - Throws: `malformed`/`truncated` for an unknown opcode or an operand that runs past the end;
  ///   imports before the error have already been delivered.
  static func forEachImport(
    in opcodes: ByteReader, stream: Stream, _ body: (DyldImport) throws(BinaryError) -> Void
  ) throws(BinaryError) {
    var reader = opcodes
    var ordinal = stream == .weakBind ? SpecialLibraryOrdinal.weakLookup : 0
    var symbol: UnsafeRawBufferPointer?
    var flags: UInt8 = 0
    var lastDelivered: (symbol: UnsafeRawPointer?, ordinal: Int, flags: UInt8)?
    let what = stream.tableName
    var opcodeOffset: UInt64 = 0
    func emit() throws(BinaryError) {
      guard let symbol, !symbol.isEmpty else { return }
      if stream == .weakBind && flags & BindOpcode.nonWeakDefinitionFlag != 0 { return }
      let state = (symbol: symbol.baseAddress, ordinal: ordinal, flags: flags)
      if let lastDelivered, lastDelivered == state { return }
      lastDelivered = state
      try body(
        DyldImport(
          name: symbol, libraryOrdinal: ordinal, isWeak: flags & BindOpcode.weakImportFlag != 0 || stream == .weakBind,
          origin: stream.origin, fileOffset: opcodeOffset))
    }
    while !reader.isAtEnd {
      opcodeOffset = reader.fileOffset(reader.position)
      let byte = try reader.read(UInt8.self, what)
      let immediate = byte & BindOpcode.immediateMask
      switch byte & BindOpcode.opcodeMask {
      case BindOpcode.done:
        if stream != .lazyBind { return }
      case BindOpcode.setDylibOrdinalImmediate:
        ordinal = Int(immediate)
      case BindOpcode.setDylibOrdinalULEB:
        let value = try reader.readULEB128(what + ": dylib ordinal")
        ordinal = Int(exactly: value) ?? Int.max
      case BindOpcode.setDylibSpecialImmediate:
        ordinal = immediate == 0 ? 0 : Int(Int8(bitPattern: BindOpcode.opcodeMask | immediate))
      case BindOpcode.setSymbolTrailingFlagsImmediate:
        flags = immediate
        let name = try reader.cString(at: reader.position, what + ": symbol name")
        symbol = name
        try reader.skip(name.count + 1, what)
      case BindOpcode.setTypeImmediate:
        break
      case BindOpcode.setAddendSLEB:
        _ = try reader.readSLEB128(what + ": addend")
      case BindOpcode.setSegmentAndOffsetULEB, BindOpcode.addAddressULEB:
        _ = try reader.readULEB128(what + ": offset")
      case BindOpcode.doBind, BindOpcode.doBindAddAddressImmediateScaled:
        try emit()
      case BindOpcode.doBindAddAddressULEB:
        _ = try reader.readULEB128(what + ": offset")
        try emit()
      case BindOpcode.doBindULEBTimesSkippingULEB:
        _ = try reader.readULEB128(what + ": count")
        _ = try reader.readULEB128(what + ": skip")
        try emit()
      case BindOpcode.threaded:
        if immediate == BindOpcode.threadedSetOrdinalTableSizeULEB {
          _ = try reader.readULEB128(what + ": ordinal table size")
        }
      default:
        throw BinaryError(
          .malformed, "\(what): unknown opcode 0x\(String(byte, radix: 16))",
          offset: reader.fileOffset(reader.position - 1))
      }
    }
  }
}

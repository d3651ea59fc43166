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

  /// One bind opcode's work: `symbol` bound at `count` pointers from `offset` in segment
  /// `segment` (load-command order), `stride` bytes apart.
  struct Bind {
    var symbol: UnsafeRawBufferPointer
    var ordinal: Int
    var flags: UInt8
    var segment: Int
    var offset: UInt64
    var count: UInt64
    var stride: UInt64
    /// The file offset of the opcode that binds.
    var opcodeOffset: UInt64
    /// Whether the stream is in threaded mode (`BIND_OPCODE_THREADED`), where a bind only adds
    /// to the ordinal table and the segment and offset say nothing about a pointer.
    var isThreaded: Bool
  }

  /// Calls `body` with each symbol bound by the opcode stream in `opcodes`.
  /// - Throws: `malformed`/`truncated` for an unknown opcode or an operand that runs past the end;
  ///   imports before the error have already been delivered.
  static func forEachImport(
    in opcodes: ByteReader, stream: Stream, _ body: (DyldImport) throws(BinaryError) -> Void
  ) throws(BinaryError) {
    var lastDelivered: (symbol: UnsafeRawPointer?, ordinal: Int, flags: UInt8)?
    try forEachBind(in: opcodes, stream: stream, pointerSize: 8) { bind throws(BinaryError) in
      if stream == .weakBind && bind.flags & BindOpcode.nonWeakDefinitionFlag != 0 { return }
      let state = (symbol: bind.symbol.baseAddress, ordinal: bind.ordinal, flags: bind.flags)
      if let lastDelivered, lastDelivered == state { return }
      lastDelivered = state
      try body(
        DyldImport(
          name: bind.symbol, libraryOrdinal: bind.ordinal,
          isWeak: bind.flags & BindOpcode.weakImportFlag != 0 || stream == .weakBind, origin: stream.origin,
          fileOffset: bind.opcodeOffset))
    }
  }

  /// How many times over the pointers of a range its binds may deliver them (dyld binds each
  /// once; a stream re-binding the same pointers gains nothing but work).
  static let rebindFactor: UInt64 = 4

  /// Calls `body` with the address and symbol of each pointer the `bind` stream in `opcodes`
  /// binds inside `range` (the `vmaddr` of the segment, from `segmentAddresses` in load-command
  /// order, plus the offset; `pointerSize` bytes a pointer).
  ///
  /// A "bind N times" opcode is expanded only where it meets `range`: the pointers before it
  /// are skipped arithmetically and the walk stops past its end, so one opcode's work is bounded
  /// by the range's pointers, not by a count read from the file. Opcodes can bind the same
  /// pointers again and again (each re-binding the whole range in a few bytes), so the pointers
  /// delivered in all are bounded too: at most `rebindFactor` times the range's pointers plus
  /// one per byte of the stream, past which the stream is `unsupported` (its binds cannot be known
  /// within bounded work).
  /// - Throws: what `forEachBind` throws, and `unsupported` for threaded binds (arm64e before
  ///   chained fixups), whose pointers are found by walking chains in the data instead, or for a
  ///   stream that binds past the bound.
  static func forEachBoundPointer(
    in opcodes: ByteReader, segmentAddresses: [UInt64], pointerSize: UInt64, within range: Range<UInt64>,
    _ body: (UInt64, UnsafeRawBufferPointer) -> Void
  ) throws(BinaryError) {
    let rangePointers = pointerSize > 0 ? (range.upperBound - range.lowerBound) / pointerSize : 0
    let (scaled, overflow) = rangePointers.multipliedReportingOverflow(by: rebindFactor)
    var budget = overflow ? UInt64.max : scaled.addingReportingOverflow(UInt64(opcodes.count)).partialValue
    try forEachBind(in: opcodes, stream: .bind, pointerSize: pointerSize) { bind throws(BinaryError) in
      guard !bind.isThreaded else {
        throw BinaryError(
          .unsupported, "Mach-O bind opcodes: threaded binds are not followed", offset: bind.opcodeOffset)
      }
      guard segmentAddresses.indices.contains(bind.segment) else { return }
      var (address, overflow) = segmentAddresses[bind.segment].addingReportingOverflow(bind.offset)
      var remaining = bind.stride == 0 ? min(bind.count, 1) : bind.count
      if !overflow, address < range.lowerBound, bind.stride > 0 {
        let skipped = (range.lowerBound - address - 1) / bind.stride + 1
        guard skipped < remaining else { return }
        remaining -= skipped
        let distance = skipped.multipliedReportingOverflow(by: bind.stride)
        (address, overflow) = address.addingReportingOverflow(distance.partialValue)
        overflow = overflow || distance.overflow
      }
      while !overflow, remaining > 0, range.contains(address) {
        guard budget > 0 else {
          throw BinaryError(
            .unsupported,
            "Mach-O bind opcodes: the stream binds the section's \(rangePointers) pointers more than \(rebindFactor) times over; not followed",
            offset: bind.opcodeOffset)
        }
        budget -= 1
        body(address, bind.symbol)
        remaining -= 1
        (address, overflow) = address.addingReportingOverflow(bind.stride)
      }
    }
  }

  /// Interprets the opcode stream in `opcodes`, calling `body` with each bind it performs.
  /// - Throws: `malformed`/`truncated` for an unknown opcode or an operand that runs past the end
  ///   (binds before the error have already been delivered), or what `body` throws.
  private static func forEachBind(
    in opcodes: ByteReader, stream: Stream, pointerSize: UInt64, _ body: (Bind) throws(BinaryError) -> Void
  ) throws(BinaryError) {
    var reader = opcodes
    var ordinal = stream == .weakBind ? SpecialLibraryOrdinal.weakLookup : 0
    var symbol: UnsafeRawBufferPointer?
    var flags: UInt8 = 0
    var segment = -1
    var offset: UInt64 = 0
    let what = stream.tableName
    var opcodeOffset: UInt64 = 0
    var isThreaded = false
    func bind(count: UInt64 = 1, stride: UInt64 = pointerSize) throws(BinaryError) {
      defer { offset &+= count &* stride }
      guard let symbol, !symbol.isEmpty else { return }
      try body(
        Bind(
          symbol: symbol, ordinal: ordinal, flags: flags, segment: segment, offset: offset, count: count,
          stride: stride, opcodeOffset: opcodeOffset, isThreaded: isThreaded))
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
      case BindOpcode.setSegmentAndOffsetULEB:
        segment = Int(immediate)
        offset = try reader.readULEB128(what + ": offset")
      case BindOpcode.addAddressULEB:
        offset &+= try reader.readULEB128(what + ": offset")
      case BindOpcode.doBind:
        try bind()
      case BindOpcode.doBindAddAddressImmediateScaled:
        try bind(stride: pointerSize &+ UInt64(immediate) &* pointerSize)
      case BindOpcode.doBindAddAddressULEB:
        let skip = try reader.readULEB128(what + ": offset")
        try bind(stride: pointerSize &+ skip)
      case BindOpcode.doBindULEBTimesSkippingULEB:
        let count = try reader.readULEB128(what + ": count")
        let skip = try reader.readULEB128(what + ": skip")
        try bind(count: count, stride: pointerSize &+ skip)
      case BindOpcode.threaded:
        isThreaded = true
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

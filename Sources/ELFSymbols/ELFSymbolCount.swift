#if canImport(CLibELF)
  import BinaryImage

  /// How many entries of `DT_SYMTAB` the loader can reach. The dynamic segment does not store
  /// the count: the hash table covers every symbol the image exports or imports by name, and
  /// relocations may name any index.
  enum ELFSymbolCount {
    /// The largest of: the count from `DT_GNU_HASH` (the highest bucket, then its chain to the
    /// end marker) or, without it, `DT_HASH`'s `nchain`; and one past the highest symbol index a
    /// relocation (`DT_JMPREL`, `DT_RELA`, `DT_REL`) binds.
    /// - Throws: when a hash or relocation table does not fit its segment, or is malformed.
    static func count(
      _ elf: ELFDescriptor, _ dynamic: ELFDynamicArray, _ memory: ELFAddressSpace, is64Bit: Bool
    ) throws(BinaryError) -> Int {
      var count = 0
      if let address = dynamic.value(ELFConstants.dynamicGNUHash) {
        count = try gnuHashCount(tableWords(elf, memory, at: address, "ELF DT_GNU_HASH"), is64Bit: is64Bit)
      } else if let address = dynamic.value(ELFConstants.dynamicHash) {
        let table = try tableWords(elf, memory, at: address, "ELF DT_HASH")
        count = Int(try table.peek(UInt32.self, at: 4, "ELF DT_HASH: nchain"))
      }
      return max(count, try relocatedSymbolBound(elf, dynamic, memory))
    }

    /// The whole 32-bit words from `address` to the end of its segment's file bytes, converted
    /// by libelf to host byte order. Both hash tables are words, but for the 64-bit bloom filter
    /// of `DT_GNU_HASH`, which is skipped, not read.
    private static func tableWords(
      _ elf: ELFDescriptor, _ memory: ELFAddressSpace, at address: UInt64, _ what: String
    ) throws(BinaryError) -> ByteReader {
      let (offset, available) = try memory.fileBytes(from: address, what)
      let size = available - available % 4
      guard size > 0 else {
        return ByteReader(UnsafeRawBufferPointer(start: nil, count: 0), baseOffset: UInt64(offset))
      }
      let data = try LibELF.chunk(elf, offset: offset, size: size, of: .word)
      return ByteReader(LibELF.bytes(data), baseOffset: UInt64(offset), byteOrder: LibELF.hostByteOrder)
    }

    /// `nbuckets`, `symoffset`, `bloom_size`, `bloom_shift`; the bloom filter; the buckets; the
    /// chains. Symbols below `symoffset` are not hashed; each chain ends at a value with bit 0 set.
    private static func gnuHashCount(_ table: ByteReader, is64Bit: Bool) throws(BinaryError) -> Int {
      let what = "ELF DT_GNU_HASH"
      let bucketCount = try table.peek(UInt32.self, at: 0, "\(what): nbuckets")
      let symbolOffset = try table.peek(UInt32.self, at: 4, "\(what): symoffset")
      let bloomWords = try table.peek(UInt32.self, at: 8, "\(what): bloom_size")
      let bloomBytes = try Int(bloomWords).checkedMultiplying(is64Bit ? 8 : 4, "\(what): bloom filter")
      let bucketsStart = try bloomBytes.checkedAdding(16, "\(what): buckets")
      let bucketBytes = try Int(bucketCount).checkedMultiplying(4, "\(what): buckets")
      let buckets = try table.slice(at: bucketsStart, count: bucketBytes, "\(what): \(bucketCount) buckets")
      var highest: UInt32 = 0
      for index in 0..<Int(bucketCount) {
        highest = max(highest, try buckets.peek(UInt32.self, at: index * 4, "\(what): bucket"))
      }
      guard highest >= symbolOffset, highest > 0 else { return Int(symbolOffset) }
      let chainsStart = try bucketsStart.checkedAdding(bucketBytes, "\(what): chains")
      var symbol = Int(highest)
      var position = try chainsStart.checkedAdding((symbol - Int(symbolOffset)) * 4, "\(what): chain")
      while try table.peek(UInt32.self, at: position, "\(what): chain of symbol \(highest)") & 1 == 0 {
        symbol += 1  // each step reads 4 more bytes of the table, so the walk ends with them
        position += 4
      }
      return symbol + 1
    }

    /// A relocation table the dynamic segment names.
    private struct RelocationTable {
      var address: UInt64
      var size: UInt64
      var withAddend: Bool
      var what: String
      var type: ELFEntryType { withAddend ? .relocationWithAddend : .relocation }
    }

    /// One past the highest symbol index the image's dynamic relocations name; 0 without any.
    private static func relocatedSymbolBound(
      _ elf: ELFDescriptor, _ dynamic: ELFDynamicArray, _ memory: ELFAddressSpace
    ) throws(BinaryError) -> Int {
      var bound = 0
      for table in try relocationTables(elf, dynamic) where table.size > 0 {
        let entrySize = LibELF.entrySize(elf, of: table.type)
        guard let size = Int(exactly: table.size), entrySize > 0 else {
          throw BinaryError(.malformed, "\(table.what): size \(table.size) out of range")
        }
        let whole = size - size % entrySize
        let offset = try memory.fileOffset(of: table.address, size: whole, table.what)
        let data = try LibELF.chunk(elf, offset: offset, size: whole, of: table.type)
        for index in 0..<Int32(clamping: whole / entrySize) {
          guard let relocation = LibELF.relocation(data, at: index, withAddend: table.withAddend) else { break }
          bound = max(bound, Int(relocation.symbol) + 1)
        }
      }
      return bound
    }

    /// `DT_JMPREL` (of the kind `DT_PLTREL` names), `DT_RELA` and `DT_REL`, those present.
    /// - Throws: when `DT_PLTREL`, `DT_RELAENT` or `DT_RELENT` is not what this class uses.
    private static func relocationTables(_ elf: ELFDescriptor, _ dynamic: ELFDynamicArray) throws(BinaryError)
      -> [RelocationTable]
    {
      let withAddend = UInt64(ELFConstants.dynamicRelocationsWithAddend)
      var tables: [RelocationTable] = []
      if let address = dynamic.value(ELFConstants.dynamicPLTRelocations) {
        let type = dynamic.value(ELFConstants.dynamicPLTRelocationType)
        guard type == withAddend || type == UInt64(ELFConstants.dynamicRelocations) else {
          throw BinaryError(
            .malformed, "ELF DT_PLTREL: \(type.map { "\($0)" } ?? "missing"), expected DT_RELA or DT_REL")
        }
        let size = dynamic.value(ELFConstants.dynamicPLTRelocationsSize) ?? 0
        tables.append(
          RelocationTable(address: address, size: size, withAddend: type == withAddend, what: "ELF DT_JMPREL"))
      }
      if let address = dynamic.value(ELFConstants.dynamicRelocationsWithAddend) {
        try checkEntrySize(
          elf, dynamic, ELFConstants.dynamicRelocationWithAddendEntrySize, .relocationWithAddend, "DT_RELAENT")
        let size = dynamic.value(ELFConstants.dynamicRelocationsWithAddendSize) ?? 0
        tables.append(RelocationTable(address: address, size: size, withAddend: true, what: "ELF DT_RELA"))
      }
      if let address = dynamic.value(ELFConstants.dynamicRelocations) {
        try checkEntrySize(elf, dynamic, ELFConstants.dynamicRelocationEntrySize, .relocation, "DT_RELENT")
        let size = dynamic.value(ELFConstants.dynamicRelocationsSize) ?? 0
        tables.append(RelocationTable(address: address, size: size, withAddend: false, what: "ELF DT_REL"))
      }
      return tables
    }

    private static func checkEntrySize(
      _ elf: ELFDescriptor, _ dynamic: ELFDynamicArray, _ tag: Int64, _ type: ELFEntryType, _ name: String
    ) throws(BinaryError) {
      let expected = LibELF.entrySize(elf, of: type)
      guard let value = dynamic.value(tag), value != UInt64(expected) else { return }
      throw BinaryError(.malformed, "ELF \(name): \(value), expected \(expected)")
    }
  }
#endif

#if canImport(CLibELF)
  import BinaryImage

  /// An ELF image's memory as the loader maps it: each `PT_LOAD` segment puts `p_filesz` bytes
  /// of the file at `p_vaddr` and zeros after them up to `p_memsz`.
  ///
  /// The dynamic segment names its tables by address; this map finds their bytes in the file,
  /// checking that a table lies inside one segment's file bytes and inside the file.
  struct ELFAddressSpace {
    /// Where an address lands.
    enum Location {
      /// In the file, at `offset`, with `available` bytes of the same segment from there on.
      case file(offset: Int, available: Int)
      /// In the zero-filled part of a segment (past `p_filesz`).
      case zeroFill
    }

    private struct Segment {
      var address: UInt64
      var fileEnd: UInt64
      var memoryEnd: UInt64
      var offset: UInt64
    }

    private let segments: [Segment]
    private let fileSize: Int

    /// The `PT_LOAD` segments of `headers`, over a file of `fileSize` bytes.
    /// - Throws: when a segment's address or file range overflows 64 bits.
    init(_ headers: [ELFProgramHeader], fileSize: Int) throws(BinaryError) {
      var segments: [Segment] = []
      for (index, header) in headers.enumerated() where header.type == ELFConstants.programLoad {
        let fileBytes = min(header.fileSize, header.memorySize)
        let (fileEnd, fileOverflow) = header.address.addingReportingOverflow(fileBytes)
        let (memoryEnd, memoryOverflow) = header.address.addingReportingOverflow(header.memorySize)
        let (_, offsetOverflow) = header.offset.addingReportingOverflow(fileBytes)
        guard !fileOverflow, !memoryOverflow, !offsetOverflow else {
          throw BinaryError(.malformed, "ELF program header \(index) (PT_LOAD): address or offset range overflows")
        }
        segments.append(Segment(address: header.address, fileEnd: fileEnd, memoryEnd: memoryEnd, offset: header.offset))
      }
      self.segments = segments
      self.fileSize = fileSize
    }

    /// Where `address` lands; a later segment covering it wins, as the loader maps them in order.
    /// - Throws: `malformed`, naming `what`, when no segment covers it.
    func location(of address: UInt64, _ what: @autoclosure () -> String) throws(BinaryError) -> Location {
      guard let segment = segments.last(where: { $0.address <= address && address < $0.memoryEnd }) else {
        throw BinaryError(.malformed, "\(what()): address 0x\(String(address, radix: 16)) is in no PT_LOAD segment")
      }
      guard address < segment.fileEnd else { return .zeroFill }
      let offset = segment.offset + (address - segment.address)  // below offset + fileBytes: checked in init
      let inSegment = segment.fileEnd - address
      guard let start = Int(exactly: offset), start <= fileSize else {
        throw BinaryError(
          .truncated, "\(what()): address 0x\(String(address, radix: 16)) maps past the end of the file",
          offset: offset)
      }
      return .file(offset: start, available: Int(clamping: min(inSegment, UInt64(fileSize - start))))
    }

    /// The file offset of the `size` bytes at `address`, which must all come from one segment's
    /// file bytes.
    /// - Throws: `malformed` or `truncated`, naming `what`, when they do not.
    func fileOffset(of address: UInt64, size: Int, _ what: @autoclosure () -> String) throws(BinaryError) -> Int {
      let found = try location(of: address, what())
      guard case .file(let offset, let available) = found, size <= available else {
        throw BinaryError(
          .truncated,
          "\(what()): \(size) bytes at address 0x\(String(address, radix: 16)) run past the file bytes of their PT_LOAD segment"
        )
      }
      return offset
    }

    /// The file offset of `address` and how many bytes of its segment follow it in the file,
    /// for a table whose size the dynamic segment does not give.
    /// - Throws: `malformed`, naming `what`, when `address` has no bytes in the file.
    func fileBytes(from address: UInt64, _ what: @autoclosure () -> String) throws(BinaryError) -> (
      offset: Int, available: Int
    ) {
      guard case .file(let offset, let available) = try location(of: address, what()), available > 0 else {
        throw BinaryError(.malformed, "\(what()): address 0x\(String(address, radix: 16)) has no bytes in the file")
      }
      return (offset, available)
    }
  }
#endif

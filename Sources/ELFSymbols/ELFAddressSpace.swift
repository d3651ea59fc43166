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

    /// The `PT_LOAD` headers, in file order; none of their ranges overflows (checked in `init`).
    private let segments: [ELFProgramHeader]
    private let fileSize: Int

    /// The `PT_LOAD` segments of `headers`, over a file of `fileSize` bytes.
    /// - Throws: when a segment's address or file range overflows 64 bits.
    init(_ headers: [ELFProgramHeader], fileSize: Int) throws(BinaryError) {
      for (index, header) in headers.enumerated() where header.type == ELFConstants.programLoad {
        let (_, memoryOverflow) = header.address.addingReportingOverflow(header.memorySize)
        let (_, offsetOverflow) = header.offset.addingReportingOverflow(min(header.fileSize, header.memorySize))
        guard !memoryOverflow, !offsetOverflow else {
          throw BinaryError(.malformed, "ELF program header \(index) (PT_LOAD): address or offset range overflows")
        }
      }
      segments = headers.filter { $0.type == ELFConstants.programLoad }
      self.fileSize = fileSize
    }

    /// Where `address` lands; a later segment covering it wins, as the loader maps them in order.
    /// - Throws: `malformed`, naming `what`, when no segment covers it.
    func location(of address: UInt64, _ what: @autoclosure () -> String) throws(BinaryError) -> Location {
      guard
        let segment = segments.last(where: { $0.address <= address && address - $0.address < $0.memorySize })
      else {
        throw BinaryError(.malformed, "\(what()): address 0x\(String(address, radix: 16)) is in no PT_LOAD segment")
      }
      let intoSegment = address - segment.address
      let fileBytes = min(segment.fileSize, segment.memorySize)
      guard intoSegment < fileBytes else { return .zeroFill }
      let offset = segment.offset + intoSegment  // below offset + fileBytes, which init checked
      guard let start = Int(exactly: offset), start <= fileSize else {
        throw BinaryError(
          .truncated, "\(what()): address 0x\(String(address, radix: 16)) maps past the end of the file",
          offset: offset)
      }
      return .file(offset: start, available: Int(clamping: min(fileBytes - intoSegment, UInt64(fileSize - start))))
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

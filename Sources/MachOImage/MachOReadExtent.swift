import BinaryImage

/// How many of a Mach-O file's leading bytes the reader can touch, judged from its header and
/// load commands: the end of the furthest segment, section, section relocations, and table the
/// reader follows (symbols, dyld binds and exports, chained fixups, indirect symbols, function
/// starts, the code signature). Every read of the reader goes through a range one of these declares, so
/// that bytes past the furthest are never looked at (`ReadExtentTests` checks it on every
/// fixture and fuzzer finding).
///
/// A source that must decompress bytes to hand them over (an archive entry) reads only those,
/// so a file that declares little costs little however large it is. Universal files and ar
/// archives are read whole; so is an image whose header or commands are broken, or whose
/// tables reach past the file, so that the reader reports those problems exactly as it would
/// from the whole file.
package enum MachOReadExtent {
  /// The leading bytes of a file of `fileSize` bytes the reader needs, judged from `leading`
  /// (its first bytes). When that is more than `leading` holds and the header or commands were
  /// not all in it, the caller asks again with that many: at most three rounds reach the answer.
  package static func leadingBytesNeeded(from leading: UnsafeRawBufferPointer, fileSize: Int) -> Int {
    guard FileMagic(leading) == .machO else { return fileSize }
    let available = ByteReader(leading)
    guard let header = try? MachHeader(parsing: available) else {
      return leading.count < 32 ? min(fileSize, 32) : fileSize
    }
    let commandsEnd = header.size + Int(header.commandsSize)
    guard commandsEnd <= fileSize else { return fileSize }
    guard commandsEnd <= leading.count else { return commandsEnd }
    var image = available
    image.byteOrder = header.byteOrder
    guard let summary = try? LoadCommandSummary(image: image, header: header), summary.problems.isEmpty,
      let end = try? tablesEnd(of: summary, is64Bit: header.is64Bit)
    else { return fileSize }
    let extent = max(commandsEnd, end)
    return extent <= fileSize ? extent : fileSize
  }

  /// The furthest end of any range the summary's commands declare.
  private static func tablesEnd(of summary: LoadCommandSummary, is64Bit: Bool) throws(BinaryError) -> Int {
    var ends: [(offset: UInt64, count: UInt64, stride: UInt64)] = []
    for segment in summary.segments.segments {
      ends.append((segment.fileOffset, segment.fileSize, 1))
      for section in segment.sections {  // a section's bytes are read where it says, inside its segment or not
        ends.append((UInt64(section.fileOffset), section.size, 1))
        ends.append((UInt64(section.relocationsOffset), UInt64(section.relocationCount), 8))
      }
    }
    if let command = summary.symbolTable {
      ends += try fieldRanges(command, [(8, is64Bit ? 16 : 12), (16, 1)])
    }
    if let command = summary.dyldInfo {
      ends += try fieldRanges(command, [(8, 1), (16, 1), (24, 1), (32, 1), (40, 1)])
    }
    if let command = summary.dynamicSymbolTable {
      ends += try fieldRanges(command, [(32, 8), (40, is64Bit ? 56 : 52), (48, 4), (56, 4), (64, 8), (72, 8)])
    }
    for command in [summary.chainedFixups, summary.exportsTrie, summary.codeSignature, summary.functionStarts]
      .compactMap({ $0 })
    {
      ends += try fieldRanges(command, [(8, 1)])
    }
    var furthest: UInt64 = 0
    for range in ends where range.count > 0 {
      let (size, sizeOverflow) = range.count.multipliedReportingOverflow(by: range.stride)
      let (end, endOverflow) = range.offset.addingReportingOverflow(size)
      guard !sizeOverflow, !endOverflow else { return Int.max }
      furthest = max(furthest, end)
    }
    return Int(exactly: furthest) ?? Int.max
  }

  /// The `(offset, count)` pairs at each field offset of `command`, each with its entry size.
  private static func fieldRanges(_ command: LoadCommand, _ fields: [(at: Int, stride: UInt64)]) throws(BinaryError)
    -> [(offset: UInt64, count: UInt64, stride: UInt64)]
  {
    var ranges: [(offset: UInt64, count: UInt64, stride: UInt64)] = []
    for field in fields {
      let offset = try command.body.peek(UInt32.self, at: field.at, "Mach-O load command: table offset")
      let count = try command.body.peek(UInt32.self, at: field.at + 4, "Mach-O load command: table size")
      ranges.append((UInt64(offset), UInt64(count), field.stride))
    }
    return ranges
  }
}

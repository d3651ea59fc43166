import BinaryImage
import ScanFiles

@testable import ELFSymbols  // LibELF, ELFFrameDescriptions (Scripts/fuzz-elf builds with -enable-testing)

/// libFuzzer entry point: every input is copied into the private buffer sdkvet reads its inputs
/// into, read by `ELFReader` with every table enabled, and each image searched for the call
/// sites of its imports. Its `.eh_frame` is also read as frame descriptions, so the FDE parser
/// sees every input, not only those where a call site needs it. The readers may throw
/// `BinaryError`; any crash, trap or AddressSanitizer report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzELFReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let file = FileBytes(copying: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
  var total = 0
  if (try? ELFHeaderCheck.validate(file.bytes)) != nil, let elf = try? LibELF.open(memory: file.mutableBytes) {
    defer { LibELF.end(elf) }
    if let sections = try? LibELF.sections(elf), let frame = sections.first(where: { $0.name == ".eh_frame" }),
      let contents = try? ELFCodeSearch.contents(elf, frame),
      let frames = try? ELFFrameDescriptions(ByteReader(contents, baseOffset: frame.fileOffset), address: frame.address)
    {
      total &+= frames.ranges.count
    }
  }
  if let read = try? ELFReader.read(file, path: "fuzz-input", options: .all) {
    for image in read.images {
      let query = CallSiteQuery(imports: Set(image.imports.map { image.names.string($0.name) }))
      total &+= (try? ELFCallSites.find(in: file, image: image, query: query))?.imports.count ?? 0
    }
  }
  return total == -1 ? 1 : 0
}

import BinaryImage
import MachOImage

/// libFuzzer entry point: reads the input as a Mach-O, universal or archive file.
///
/// The only property checked is the house rule for untrusted input: the reader returns or
/// throws `BinaryError`, and never traps, reads out of bounds or runs away. Images that are
/// read are walked so every name reference is exercised too, and searched for call sites.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMachOReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
  var options = ReadOptions.all
  options.lookupStrings = true
  options.hosts = true
  let input = FileBytes(copying: bytes)
  guard let file = try? MachOReader.read(input, path: "fuzz-input", options: options) else {
    return 0
  }
  var total = 0
  for image in file.images {
    for symbol in image.symbols { total &+= image.names.withBytes(of: symbol.name) { $0.count } }
    for selector in image.selectorReferences { total &+= image.names.withBytes(of: selector) { $0.count } }
    total &+= image.libraries.count + image.hosts.count + image.lookupStrings.count
    // The call-site pass: stubs, slots, class references (chained or classic binds), code scans.
    let query = CallSiteQuery(
      imports: Set(image.imports.map { image.names.string($0.name) }),
      selectors: Set(image.selectorReferences.map { image.names.string($0) }))
    let sites = try? MachOCallSites.find(in: input, image: image, query: query)
    total &+= sites?.imports.count ?? 0
  }
  return total == -1 ? 1 : 0
}

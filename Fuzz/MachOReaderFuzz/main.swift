import BinaryImage
import MachOImage
import ScanFiles

/// libFuzzer entry point: reads the input as a Mach-O, universal or archive file.
///
/// The only property checked is the house rule for untrusted input: the reader returns or
/// throws `BinaryError`, and never traps, reads out of bounds or runs away. Images that are
/// read are walked so every name reference is exercised too, and searched for call sites.
/// Each input is also read as the scan reads it, through an import filter (`FuzzImportFilter`),
/// so the paths that test names by their first bytes before measuring them are fuzzed too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMachOReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
  var options = ReadOptions.all
  options.lookupStrings = true
  options.hosts = true
  let input = FileBytes(copying: bytes)
  var filtered = ReadOptions.audit
  filtered.importFilter = FuzzImportFilter.shared
  let kept = (try? MachOReader.read(input, path: "fuzz-input", options: filtered))?.images.count ?? 0
  guard let file = try? MachOReader.read(input, path: "fuzz-input", options: options) else {
    return kept == -1 ? 1 : 0
  }
  var total = kept
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

/// An import filter like the scan's: a few exact names and prefixes, with their leading bytes.
final class FuzzImportFilter: ImportFilter {
  static let shared = FuzzImportFilter()

  let leadingBytes: LeadingBytesFilter
  private let names: ByteKeyTable<Void>
  private static let prefixes = ["_objc_msgSend$", "$s10Foundation"].map { Array($0.utf8) }

  private init() {
    let exact = ["_stat", "_getattrlistbulk", "_dlsym", "_OBJC_CLASS_$_NSUserDefaults", "_sysctl"]
    var table = ByteKeyTable<Void>()
    var leading = LeadingBytesFilter()
    for name in exact.map({ Array($0.utf8) }) {
      name.withUnsafeBytes { _ = table.insert($0) }
      leading.add(name: name)
    }
    for prefix in Self.prefixes { leading.add(prefix: prefix, orAfterUnderscore: true) }
    names = table
    leadingBytes = leading
  }

  func keepsImport(_ name: UnsafeRawBufferPointer) -> Bool {
    names.contains(name) || Self.prefixes.contains { prefix in name.starts(with: prefix) }
  }

  func keepsSelector(_ name: UnsafeRawBufferPointer) -> Bool {
    name.starts(with: "systemUptime".utf8)
  }

  func keepsLookupString(_ name: UnsafeRawBufferPointer) -> Bool {
    name.elementsEqual("fstatfs".utf8) || name.elementsEqual("NSUserDefaults".utf8)
  }
}

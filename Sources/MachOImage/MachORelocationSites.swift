import BinaryImage
import CodeScan

/// Call sites in a relocatable object (`MH_OBJECT`): nothing is linked yet, so each relocation
/// of a code section that names a queried import, or a symbol at a queried selector reference,
/// is one site (its address is the relocated field's, in the section's address space).
///
/// One relocation per instruction sequence is counted: on arm64 the `BRANCH26` of a call and the
/// `*_PAGEOFF12` half of an `ADRP`+`LDR`/`ADD` pair (the load, as in linked images); `ADDEND` and
/// `SUBTRACTOR` entries name no symbol of their own. On x86_64 every relocation but `UNSIGNED`
/// and `SUBTRACTOR` is one instruction's. (`<mach-o/arm64/reloc.h>`, `<mach-o/x86_64/reloc.h>`.)
enum MachORelocationSites {
  /// ARM64_RELOC_BRANCH26, _PAGEOFF12, _GOT_LOAD_PAGEOFF12, _TLVP_LOAD_PAGEOFF12.
  private static let arm64SiteTypes: Set<UInt32> = [2, 4, 6, 9]
  /// X86_64_RELOC_SIGNED, _BRANCH, _GOT_LOAD, _GOT, _SIGNED_1, _SIGNED_2, _SIGNED_4, _TLV.
  private static let x86SiteTypes: Set<UInt32> = [1, 2, 3, 4, 6, 7, 8, 9]

  /// Records the relocation sites of the search's names; `slots` maps the addresses of queried
  /// selector and class references to their name index.
  /// - Throws: when a code section's relocation table lies outside the image.
  static func find(
    _ context: ObjCSelectorReferences.Context, symbols: SymbolTable?, slots: [UInt64: Int],
    functions: inout MachOFunctionStarts, into search: inout CallSiteSearch
  ) throws(BinaryError) {
    guard let symbols else { return }
    let wanted = search.importIndices(symbols)
    let siteTypes = context.header.cpuType == 0x0100_0007 ? x86SiteTypes : arm64SiteTypes
    for section in context.segments.sections where section.holdsCode {
      try forEachExternalRelocation(of: section, in: context) { address, symbolIndex, type in
        guard siteTypes.contains(type) else { return }
        let target: Int?
        if let index = wanted[symbolIndex] {
          target = index
        } else if !slots.isEmpty, let entry = symbols.entry(symbolIndex),
          entry.kind == NListBits.section
        {
          target = slots[entry.value]
        } else {
          target = nil
        }
        if let target { search.record(functions.site(at: section.address &+ UInt64(address)), for: target) }
      }
    }
  }

  /// Calls `body` with the offset in `section`, the symbol index and the type of each of its
  /// relocations against a symbol (`r_extern`; scattered ones are skipped). Little-endian
  /// images only: the decoded architectures are.
  /// - Throws: when the relocation table lies outside the image.
  static func forEachExternalRelocation(
    of section: Section, in context: ObjCSelectorReferences.Context, _ body: (UInt32, Int, UInt32) -> Void
  ) throws(BinaryError) {
    guard section.relocationCount > 0, context.header.byteOrder == .little else { return }
    let size = try section.relocationCount.checkedMultiplying(8, "Mach-O \(section.name): nreloc")
    let table = try context.image.slice(
      at: section.relocationsOffset, count: size, "Mach-O \(section.name) relocations (reloff, nreloc)")
    var position = 0
    while position + 8 <= table.count {
      defer { position += 8 }
      let address = try table.peek(UInt32.self, at: position, "Mach-O relocation: r_address")
      let info = try table.peek(UInt32.self, at: position + 4, "Mach-O relocation: r_info")
      guard address & 0x8000_0000 == 0, (info >> 27) & 1 != 0 else { continue }
      body(address, Int(info & 0x00ff_ffff), info >> 28)
    }
  }
}

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

  /// Records the relocation sites of the search's names.
  /// - Throws: when a code section's relocation table lies outside the image.
  static func find(
    _ context: ObjCSelectorReferences.Context, symbols: SymbolTable?, selectorSlots: [UInt64: Int],
    functions: FunctionLocator, into search: inout CallSiteSearch
  ) throws(BinaryError) {
    guard let symbols, context.header.byteOrder == .little else { return }
    let wanted = try search.importIndices(symbols)
    let siteTypes = context.header.cpuType == 0x0100_0007 ? x86SiteTypes : arm64SiteTypes
    for section in context.segments.sections where section.holdsCode && section.relocationCount > 0 {
      let size = try section.relocationCount.checkedMultiplying(8, "Mach-O \(section.name): nreloc")
      let table = try context.image.slice(
        at: section.relocationsOffset, count: size, "Mach-O \(section.name) relocations (reloff, nreloc)")
      var position = 0
      while position + 8 <= table.count {
        defer { position += 8 }
        let address = try table.peek(UInt32.self, at: position, "Mach-O relocation: r_address")
        let info = try table.peek(UInt32.self, at: position + 4, "Mach-O relocation: r_info")
        guard address & 0x8000_0000 == 0, (info >> 27) & 1 != 0, siteTypes.contains(info >> 28) else { continue }
        let symbolIndex = Int(info & 0x00ff_ffff)
        let target: Int?
        if let index = wanted[symbolIndex] {
          target = index
        } else if !selectorSlots.isEmpty, symbolIndex < symbols.count, let entry = try? symbols.entry(symbolIndex),
          entry.kind == NListBits.section
        {
          target = selectorSlots[entry.value]
        } else {
          target = nil
        }
        if let target { search.record(functions.site(at: section.address &+ UInt64(address)), for: target) }
      }
    }
  }
}

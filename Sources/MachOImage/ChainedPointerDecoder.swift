import BinaryImage

/// Decodes the rebase entries chained-fixup images store in pointer slots, into vmaddrs.
///
/// Bit layouts from `<mach-o/fixup-chains.h>`: `dyld_chained_ptr_64_rebase` (36-bit target),
/// `dyld_chained_ptr_arm64e_rebase` (43-bit target) and `_auth_rebase` (32-bit runtime offset),
/// `dyld_chained_ptr_32_rebase` (26-bit target). Bind entries are not rebases and give `nil`.
struct ChainedPointerDecoder {
  private let format: UInt16
  private let preferredLoadAddress: UInt64

  /// A decoder for the segment holding `section`, or `nil` when the image has no chained
  /// fixups or that segment has none.
  init?(_ context: ObjCSelectorReferences.Context, section: Section) throws(BinaryError) {
    guard
      let segmentIndex = context.segments.segments.firstIndex(where: {
        section.address >= $0.address && section.address - $0.address < $0.virtualSize
      })
    else { return nil }
    try self.init(context, segmentIndex: segmentIndex)
  }

  /// The decoder of the pointers of the segment at `segmentIndex`; `nil` as above.
  init?(_ context: ObjCSelectorReferences.Context, segmentIndex: Int) throws(BinaryError) {
    guard let fixups = context.chainedFixups, let format = try fixups.pointerFormat(segmentIndex: segmentIndex)
    else { return nil }
    self.format = format
    preferredLoadAddress = context.segments.preferredLoadAddress
  }

  /// The vmaddr a rebase slot points at, or `nil` for a bind or an unknown format.
  func rebaseTarget(_ raw: UInt64) -> UInt64? {
    switch format {
    case ChainedFixupConstants.pointer64, ChainedFixupConstants.pointer64Offset:
      guard raw >> 63 == 0 else { return nil }
      let target = raw & 0xf_ffff_ffff
      return format == ChainedFixupConstants.pointer64 ? target : preferredLoadAddress &+ target
    case ChainedFixupConstants.pointerARM64E, ChainedFixupConstants.pointerARM64EUserland,
      ChainedFixupConstants.pointerARM64EUserland24, ChainedFixupConstants.pointerARM64EKernel:
      guard (raw >> 62) & 1 == 0 else { return nil }
      if raw >> 63 != 0 { return preferredLoadAddress &+ (raw & 0xffff_ffff) }
      let target = raw & 0x7ff_ffff_ffff
      return format == ChainedFixupConstants.pointerARM64E ? target : preferredLoadAddress &+ target
    case ChainedFixupConstants.pointer32:
      guard (raw >> 31) & 1 == 0 else { return nil }
      return raw & 0x3ff_ffff
    default:
      return nil
    }
  }

  /// The imports-table ordinal a bind slot names, or `nil` for a rebase or an unknown format
  /// (`dyld_chained_ptr_64_bind`: 24 bits; `_arm64e_bind`/`_auth_bind`: 16, 24 for `USERLAND24`;
  /// `_32_bind`: 20).
  func bindOrdinal(_ raw: UInt64) -> Int? {
    switch format {
    case ChainedFixupConstants.pointer64, ChainedFixupConstants.pointer64Offset:
      return raw >> 63 != 0 ? Int(raw & 0xff_ffff) : nil
    case ChainedFixupConstants.pointerARM64E, ChainedFixupConstants.pointerARM64EUserland,
      ChainedFixupConstants.pointerARM64EKernel:
      return (raw >> 62) & 1 != 0 ? Int(raw & 0xffff) : nil
    case ChainedFixupConstants.pointerARM64EUserland24:
      return (raw >> 62) & 1 != 0 ? Int(raw & 0xff_ffff) : nil
    case ChainedFixupConstants.pointer32:
      return (raw >> 31) & 1 != 0 ? Int(raw & 0xf_ffff) : nil
    default:
      return nil
    }
  }
}

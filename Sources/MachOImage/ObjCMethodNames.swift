import BinaryImage

/// Names Objective-C method implementations `-[Class selector]` and `+[Class selector]` from the
/// class metadata, for call sites in stripped code: `__objc_classlist` → `class_t` (and its
/// metaclass, through `isa`) → `class_ro_t` (`name`, `baseMethods`) → `method_list_t`, whose
/// entries are either absolute (`name`, `types`, `imp` pointers, 24 bytes) or relative
/// (`entsizeAndFlags & 0x80000000`: three 32-bit offsets from each field, `name` reaching a
/// selector reference). Layouts from the Objective-C runtime's `objc-runtime-new.h`; 64-bit
/// linked images only. Pointers are decoded as `ObjCSelectorReferences` decodes slots; anything
/// that does not resolve is skipped, and each list's entries are checked to fit the image
/// before the first is read.
enum ObjCMethodNames {
  /// Implementation address → `-[Class selector]`.
  static func names(_ context: ObjCSelectorReferences.Context) -> [UInt64: String] {
    guard context.header.is64Bit, let list = context.segments.section(named: "__objc_classlist"),
      let classes = try? context.image.slice(at: list.fileOffset, count: list.size, "Mach-O __objc_classlist")
    else { return [:] }
    let pointers = ImagePointers(context)
    var names: [UInt64: String] = [:]
    var position = 0
    while position + 8 <= classes.count {
      defer { position += 8 }
      guard let classAddress = pointers.pointer(atFileOffset: classes.fileOffset(position) - context.image.baseOffset)
      else { continue }
      for (isMeta, address) in [(false, classAddress), (true, pointers.pointer(at: classAddress))] {
        guard let address, let data = pointers.pointer(at: address &+ 32) else { continue }
        let readOnly = data & ~7  // FAST_DATA_MASK's low flag bits
        guard let namePointer = pointers.pointer(at: readOnly &+ 24), let className = pointers.string(at: namePointer),
          let methods = pointers.pointer(at: readOnly &+ 32), methods != 0
        else { continue }
        pointers.forEachMethod(inListAt: methods) { selector, implementation in
          names[implementation] = "\(isMeta ? "+" : "-")[\(className) \(selector)]"
        }
      }
    }
    return names
  }
}

/// Reads pointers, strings and method lists at virtual addresses of one image.
private struct ImagePointers {
  let context: ObjCSelectorReferences.Context
  let addresses: SegmentAddressIndex

  init(_ context: ObjCSelectorReferences.Context) {
    self.context = context
    addresses = SegmentAddressIndex(context.segments.segments)
  }

  /// The pointer stored at `address`, decoded (chained-fixup rebase, or the plain vmaddr).
  func pointer(at address: UInt64) -> UInt64? {
    guard let offset = addresses.fileOffset(ofAddress: address), let offset = Int(exactly: offset) else { return nil }
    return pointer(atFileOffset: UInt64(offset))
  }

  /// The pointer stored at `offset` in the image, decoded.
  func pointer(atFileOffset offset: UInt64) -> UInt64? {
    guard let raw = try? context.image.peek(UInt64.self, at: Int(clamping: offset), "Mach-O Objective-C pointer")
    else { return nil }
    guard context.chainedFixups != nil else { return raw }
    let address = addressOf(fileOffset: offset)
    let holder = Section(
      name: "", address: address, size: 8, fileOffset: 0, relocationsOffset: 0, relocationCount: 0, flags: 0)
    guard let decoder = try? ChainedPointerDecoder(context, section: holder) else { return raw }
    return decoder.rebaseTarget(raw)
  }

  /// The C string at `address`.
  func string(at address: UInt64) -> String? {
    guard let offset = addresses.fileOffset(ofAddress: address),
      let bytes = try? context.image.cString(at: offset, "Mach-O Objective-C name"), !bytes.isEmpty
    else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Calls `body` with the selector and implementation address of each method of the list at `address`.
  func forEachMethod(inListAt address: UInt64, _ body: (String, UInt64) -> Void) {
    guard let offset = addresses.fileOffset(ofAddress: address),
      let header = try? context.image.peek(UInt32.self, at: Int(clamping: offset), "Mach-O method list"),
      let count = try? context.image.peek(UInt32.self, at: Int(clamping: offset) + 4, "Mach-O method list: count")
    else { return }
    let isRelative = header & 0x8000_0000 != 0
    let size = Int(header & 0xfffc)
    guard size >= (isRelative ? 12 : 24),
      (try? context.image.slice(at: offset + 8, count: Int(count) * size, "Mach-O method list entries")) != nil
    else { return }
    for index in 0..<Int(count) {
      let entry = address &+ 8 &+ UInt64(index * size)
      let selector: String?
      let implementation: UInt64?
      if isRelative {
        selector = relative(entry).flatMap { pointer(at: $0) }.flatMap(string(at:))
        implementation = relative(entry &+ 8)
      } else {
        selector = pointer(at: entry).flatMap(string(at:))
        implementation = pointer(at: entry &+ 16)
      }
      if let selector, let implementation, implementation != 0 { body(selector, implementation) }
    }
  }

  /// `address + *(int32_t *)address`: the target of a relative method-list field.
  private func relative(_ address: UInt64) -> UInt64? {
    guard let offset = addresses.fileOffset(ofAddress: address),
      let raw = try? context.image.peek(UInt32.self, at: Int(clamping: offset), "Mach-O relative method field")
    else { return nil }
    return address &+ UInt64(bitPattern: Int64(Int32(bitPattern: raw)))
  }

  /// The vmaddr of image offset `offset` (the inverse of `SegmentAddressIndex`, by segment).
  private func addressOf(fileOffset offset: UInt64) -> UInt64 {
    for segment in context.segments.segments
    where segment.fileSize > 0 && offset >= segment.fileOffset && offset - segment.fileOffset < segment.fileSize {
      return segment.address &+ (offset - segment.fileOffset)
    }
    return 0
  }
}

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
///
/// Classes can share one method list, and names can be one long string every method points at:
/// each list is walked once (for the first class that names it), each string is measured once,
/// and every byte measured or written into a name counts against a limit of the image's
/// (`NameTable`'s rule), past which the names found so far are what there is.
enum ObjCMethodNames {
  /// Implementation address → `-[Class selector]`.
  static func names(_ context: ObjCSelectorReferences.Context) -> [UInt64: String] {
    guard context.header.is64Bit, let list = context.segments.section(named: "__objc_classlist"),
      let classes = try? context.image.slice(at: list.fileOffset, count: list.size, "Mach-O __objc_classlist")
    else { return [:] }
    let pointers = ImagePointers(context)
    var names: [UInt64: String] = [:]
    var strings = MeasuredStrings(pointers: pointers)
    var walkedLists: Set<UInt64> = []
    var position = 0
    while position + 8 <= classes.count {
      defer { position += 8 }
      guard let classAddress = pointers.pointer(at: list.address &+ UInt64(position)) else { continue }
      for (isMeta, address) in [(false, classAddress), (true, pointers.pointer(at: classAddress))] {
        guard let address, let data = pointers.pointer(at: address &+ 32) else { continue }
        let readOnly = data & ~7  // FAST_DATA_MASK's low flag bits
        guard let namePointer = pointers.pointer(at: readOnly &+ 24),
          let methods = pointers.pointer(at: readOnly &+ 32), methods != 0, walkedLists.insert(methods).inserted,
          let className = strings.string(at: namePointer)
        else { continue }
        pointers.forEachMethod(inListAt: methods) { selectorAddress, implementation in
          guard let selector = strings.string(at: selectorAddress),
            strings.charge(className.utf8.count + selector.utf8.count + 4)
          else { return strings.isWithinLimit }
          names[implementation] = "\(isMeta ? "+" : "-")[\(className) \(selector)]"
          return true
        }
        guard strings.isWithinLimit else { return names }
      }
    }
    return names
  }
}

/// The C strings at the addresses method lists name, each measured once and charged, with the
/// names built from them, to a `NameTable` limit for the image.
private struct MeasuredStrings {
  let pointers: ImagePointers
  private var known: [UInt64: String?] = [:]
  private var budget: NameTable
  private(set) var isWithinLimit = true

  init(pointers: ImagePointers) {
    self.pointers = pointers
    budget = NameTable(imageSize: pointers.context.image.count)
  }

  /// The string at `address`, measured the first time only; `nil` when there is none or the
  /// limit is reached.
  mutating func string(at address: UInt64) -> String? {
    if let string = known[address] { return string }
    let bytes = pointers.string(at: address)
    guard charge((bytes?.count ?? 0) + 1) else { return nil }
    let string = bytes.map { String(decoding: $0, as: UTF8.self) }
    known[address] = string
    return string
  }

  /// Counts `count` bytes against the limit; false once it is reached.
  mutating func charge(_ count: Int) -> Bool {
    guard isWithinLimit, (try? budget.charge(count, at: nil)) != nil else {
      isWithinLimit = false
      return false
    }
    return true
  }
}

/// Reads pointers, strings and method lists at virtual addresses of one image.
private struct ImagePointers {
  let context: ObjCSelectorReferences.Context
  let addresses: SegmentAddressIndex
  /// Each segment's chained-pointer decoder (`nil` without chained fixups), made once: a
  /// pointer's segment is found by binary search, however many segments the image has.
  let decoders: [ChainedPointerDecoder?]

  init(_ context: ObjCSelectorReferences.Context) {
    self.context = context
    addresses = SegmentAddressIndex(context.segments.segments)
    decoders =
      context.chainedFixups == nil
      ? [] : context.segments.segments.indices.map { try? ChainedPointerDecoder(context, segmentIndex: $0) }
  }

  /// The pointer stored at `address`, decoded (chained-fixup rebase, or the plain vmaddr).
  func pointer(at address: UInt64) -> UInt64? {
    guard let offset = addresses.fileOffset(ofAddress: address),
      let raw = try? context.image.peek(UInt64.self, at: Int(clamping: offset), "Mach-O Objective-C pointer")
    else { return nil }
    guard context.chainedFixups != nil else { return raw }
    guard let segment = addresses.segmentIndex(ofAddress: address), let decoder = decoders[segment] else { return raw }
    return decoder.rebaseTarget(raw)
  }

  /// The bytes of the C string at `address`.
  func string(at address: UInt64) -> UnsafeRawBufferPointer? {
    guard let offset = addresses.fileOffset(ofAddress: address),
      let bytes = try? context.image.cString(at: offset, "Mach-O Objective-C name"), !bytes.isEmpty
    else { return nil }
    return bytes
  }

  /// Calls `body` with the selector's address and the implementation address of each method of
  /// the list at `address`, until `body` returns false.
  func forEachMethod(inListAt address: UInt64, _ body: (UInt64, UInt64) -> Bool) {
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
      let selector: UInt64?
      let implementation: UInt64?
      if isRelative {
        selector = relative(entry).flatMap { pointer(at: $0) }
        implementation = relative(entry &+ 8)
      } else {
        selector = pointer(at: entry)
        implementation = pointer(at: entry &+ 16)
      }
      if let selector, let implementation, implementation != 0, !body(selector, implementation) { return }
    }
  }

  /// `address + *(int32_t *)address`: the target of a relative method-list field.
  private func relative(_ address: UInt64) -> UInt64? {
    guard let offset = addresses.fileOffset(ofAddress: address),
      let raw = try? context.image.peek(UInt32.self, at: Int(clamping: offset), "Mach-O relative method field")
    else { return nil }
    return address &+ UInt64(bitPattern: Int64(Int32(bitPattern: raw)))
  }
}

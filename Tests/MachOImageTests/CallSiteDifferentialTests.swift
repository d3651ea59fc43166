import BinaryImage
import Foundation
import MachOImage
import ScanFiles
import TestSupport
import Testing

/// Compares the call sites `MachOCallSites` finds with `llvm-objdump -d` on every thin linked
/// arm64/x86_64 fixture (`Samples/macho`, `Samples/callsites`, the vendor-sized image): every
/// import with a stub or GOT slot is queried, and the set of (instruction address, import) pairs
/// must be exactly the disassembly's branches to its stub (`bl`, `b`, `call`, `jmp`) and loads of
/// its slot (`adrp`+`ldr`, `ldr` literal, `call`/`jmp`/`mov` through `[rip+disp]`); the stubs
/// themselves are llvm-objdump's `--indirect-symbols`. Every selector is queried too, and its
/// sites must be exactly the loads of `__objc_selrefs` slots outside `__objc_stubs` and the
/// branches to `__objc_stubs` entries. Class imports must be reported at exactly the loads of the
/// `__objc_classrefs` slots llvm-objdump shows bound to them (`--bind` for classic dyld info,
/// `--dyld-info` for chained fixups).
@Suite(.enabled(if: LLVMTools.areAvailable, "needs the Swift toolchain's llvm-objdump"))
struct CallSiteDifferentialTests {
  static let files: [String] =
    (Fixtures.good + Fixtures.files(under: SampleLocator.sample("callsites/bin"))
    + [SampleLocator.sample("macho/large/VendorSized.dylib")]).filter { path in
      guard let file = try? FileBytes(path: path, limit: ReadLimits.binaryBytes),
        let read = try? MachOReader.read(file, path: path, options: .all)
      else { return false }
      return read.container == .machO && read.images.allSatisfy { $0.kind != .object }
    }

  @Test(arguments: files)
  func callSitesMatchTheDisassembly(path: String) throws {
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    let read = try MachOReader.read(file, path: path, options: .all)
    for image in read.images where ["arm64", "arm64e", "arm64_32", "x86_64"].contains(image.architecture) {
      let query = CallSiteQuery(
        imports: Set(image.imports.map { image.names.string($0.name) }),
        selectors: Set(image.selectorReferences.map { image.names.string($0) }))
      let found = try #require(try MachOCallSites.find(in: file, image: image, query: query))
      let oracle = try DisassemblyOracle(path: path)
      // Class imports are also reached through `__objc_classrefs`: those sites must be loads of it.
      let classReferenceSites = found.imports.filter { $0.key.hasPrefix("_OBJC_CLASS_$_") }.values.joined()
        .map(\.address).filter { !oracle.classReferenceLoads.contains($0) && !oracle.slotLoads.contains($0) }
      #expect(classReferenceSites.isEmpty, "\(path): class sites that load no class reference: \(classReferenceSites)")
      let ours = Set(
        found.imports.flatMap { name, sites in
          sites.filter { !oracle.classReferenceLoads.contains($0.address) }.map {
            "\(String($0.address, radix: 16)) \(name)"
          }
        }.filter { line in oracle.indirectNames.contains(String(line.split(separator: " ")[1])) })
      // The names the reader lists as imports: a weak definition bound only by the classic weak
      // bind table (`libweak-x86_64.dylib`'s `_stat`) has a stub but is not one.
      let expected = oracle.importSites.filter { query.imports.contains(String($0.split(separator: " ")[1])) }
      #expect(
        ours == expected,
        "\(path): ours only \(ours.subtracting(expected).sorted()), llvm-objdump only \(expected.subtracting(ours).sorted())"
      )
      let ourClassSites = Set(
        found.imports.filter { $0.key.hasPrefix("_OBJC_CLASS_$_") }.flatMap { name, sites in
          sites.filter { oracle.classReferenceLoads.contains($0.address) }.map {
            "\(String($0.address, radix: 16)) \(name)"
          }
        })
      #expect(
        ourClassSites == oracle.classSites,
        "\(path): class sites ours only \(ourClassSites.subtracting(oracle.classSites).sorted()), llvm-objdump only \(oracle.classSites.subtracting(ourClassSites).sorted())"
      )
      let ourSelectorSites = Set(found.selectors.values.flatMap { $0.map(\.address) })
      #expect(
        ourSelectorSites == oracle.selectorSites,
        "\(path): selector sites ours only \(ourSelectorSites.subtracting(oracle.selectorSites).map { String($0, radix: 16) }), llvm-objdump only \(oracle.selectorSites.subtracting(ourSelectorSites).map { String($0, radix: 16) })"
      )
    }
  }
}

/// What `llvm-objdump` says about one thin image: the import behind each stub and pointer slot,
/// and the instructions that branch to a stub or load a slot, tracked through the text of the
/// disassembly (`adrp` pages and `add` offsets per register within a function).
struct DisassemblyOracle {
  /// `address name` for every instruction reaching an import's stub or slot.
  var importSites = Set<String>()
  /// Addresses of selector-reference loads and of branches to `__objc_stubs` entries.
  var selectorSites = Set<UInt64>()
  /// The imports some stub or slot stands for.
  var indirectNames = Set<String>()
  /// Addresses of loads of `__objc_classrefs` slots.
  var classReferenceLoads = Set<UInt64>()
  /// Addresses of loads of import pointer slots.
  var slotLoads = Set<UInt64>()
  /// `address name` for every load of an `__objc_classrefs` slot bound to class `name`.
  var classSites = Set<String>()

  init(path: String) throws {
    var stubs: [UInt64: String] = [:]
    var slots: [UInt64: String] = [:]
    var inStubs = false
    for line in try LLVMTools.run(LLVMTools.objdump, ["--macho", "--indirect-symbols", path]).split(separator: "\n") {
      if line.hasPrefix("Indirect symbols for") {
        inStubs = line.contains("stubs)")
        continue
      }
      let words = line.split(separator: " ")
      guard words.count == 3, words[0].hasPrefix("0x"), let address = UInt64(words[0].dropFirst(2), radix: 16),
        !["LOCAL", "ABSOLUTE"].contains(String(words[2]))
      else { continue }
      if inStubs { stubs[address] = String(words[2]) } else { slots[address] = String(words[2]) }
      indirectNames.insert(String(words[2]))
    }
    var sections: [String: ClosedRange<UInt64>] = [:]
    for line in try LLVMTools.run(LLVMTools.objdump, ["--section-headers", path]).split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count >= 4, let size = UInt64(words[2], radix: 16), let start = UInt64(words[3], radix: 16),
        size > 0
      else { continue }
      sections[String(words[1])] = start...(start + size - 1)
    }
    let selectorSlots = sections["__objc_selrefs"]
    let objcStubs = sections["__objc_stubs"]
    let classReferences = sections["__objc_classrefs"]
    // Class references: `segment section address … symbol` rows of the bind table (classic dyld
    // info) and of the chained fixups, for the `__objc_classrefs` section.
    var classSlots: [UInt64: String] = [:]
    for option in ["--bind", "--dyld-info"] {
      for line in try LLVMTools.run(LLVMTools.objdump, ["--macho", option, path]).split(separator: "\n") {
        let words = line.split(separator: " ")
        guard words.count >= 5, words[1] == "__objc_classrefs", words[2].hasPrefix("0x"),
          words.contains("bind") || words.contains("pointer"), let address = UInt64(words[2].dropFirst(2), radix: 16),
          let symbol = words.last(where: { $0.hasPrefix("_") })  // before a "(weak import)" note
        else { continue }
        classSlots[address] = String(symbol)
      }
    }
    let disassembly = try LLVMTools.run(LLVMTools.objdump, ["-d", "--no-show-raw-insn", path]).split(separator: "\n")
    let stubSections = ["__stubs", "__auth_stubs", "__objc_stubs"]
    forEachReach(in: disassembly, skipping: { line in stubSections.contains { line.hasSuffix(",\($0):") } }) {
      instruction, reach in
      switch reach {
      case .branch(let target):
        if let name = stubs[target] { importSites.insert("\(String(instruction.address, radix: 16)) \(name)") }
        if objcStubs?.contains(target) == true { selectorSites.insert(instruction.address) }
      case .load(let target):
        if let name = slots[target] {
          importSites.insert("\(String(instruction.address, radix: 16)) \(name)")
          slotLoads.insert(instruction.address)
        }
        if selectorSlots?.contains(target) == true { selectorSites.insert(instruction.address) }
        if classReferences?.contains(target) == true { classReferenceLoads.insert(instruction.address) }
        if let name = classSlots[target] { classSites.insert("\(String(instruction.address, radix: 16)) \(name)") }
      }
    }
  }
}

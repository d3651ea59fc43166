import BinaryImage
import Foundation
import MachOImage
import TestSupport
import Testing

/// Compares the call sites `MachOCallSites` finds with `llvm-objdump -d` on every thin linked
/// arm64/x86_64 fixture (`Samples/macho`, `Samples/callsites`, the vendor-sized image): every
/// import with a stub or GOT slot is queried, and the set of (instruction address, import) pairs
/// must be exactly the disassembly's branches to its stub (`bl`, `b`, `call`, `jmp`) and loads of
/// its slot (`adrp`+`ldr`, `ldr` literal, `call`/`jmp`/`mov` through `[rip+disp]`); the stubs
/// themselves are llvm-objdump's `--indirect-symbols`. Every selector is queried too, and its
/// sites must be exactly the loads of `__objc_selrefs` slots outside `__objc_stubs` and the
/// branches to `__objc_stubs` entries.
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
      #expect(
        ours == oracle.importSites,
        "\(path): ours only \(ours.subtracting(oracle.importSites).sorted()), llvm-objdump only \(oracle.importSites.subtracting(ours).sorted())"
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
    var tracker = RegisterTracker()
    var skipping = false
    for line in try LLVMTools.run(LLVMTools.objdump, ["-d", "--no-show-raw-insn", path]).split(separator: "\n") {
      if line.hasPrefix("Disassembly of section") {
        skipping = ["__stubs", "__auth_stubs", "__objc_stubs"].contains { line.hasSuffix(",\($0):") }
        tracker = RegisterTracker()
        continue
      }
      if line.hasSuffix(">:") {
        tracker = RegisterTracker()
        continue
      }
      guard !skipping, let instruction = Instruction(line) else { continue }
      switch tracker.step(instruction) {
      case .branch(let target)?:
        if let name = stubs[target] { importSites.insert("\(String(instruction.address, radix: 16)) \(name)") }
        if objcStubs?.contains(target) == true { selectorSites.insert(instruction.address) }
      case .load(let target)?:
        if let name = slots[target] {
          importSites.insert("\(String(instruction.address, radix: 16)) \(name)")
          slotLoads.insert(instruction.address)
        }
        if selectorSlots?.contains(target) == true { selectorSites.insert(instruction.address) }
        if classReferences?.contains(target) == true { classReferenceLoads.insert(instruction.address) }
      case nil:
        break
      }
    }
  }
}

/// One disassembled instruction: `address: mnemonic operands`.
struct Instruction {
  var address: UInt64
  var mnemonic: String
  var operands: [String]
  /// The `## 0x…` / `; 0x…` address llvm-objdump prints for RIP-relative operands.
  var comment: UInt64?

  init?(_ line: Substring) {
    let parts = line.split(separator: ":", maxSplits: 1)
    guard parts.count == 2, let address = UInt64(parts[0].trimmingCharacters(in: .whitespaces), radix: 16) else {
      return nil
    }
    var body = String(parts[1]).trimmingCharacters(in: .whitespaces)
    if let range = body.range(of: ";") { body = String(body[..<range.lowerBound]) }
    if let range = body.range(of: "## ") ?? body.range(of: "# ") {
      let text = body[range.upperBound...].split(separator: " ").first.map(String.init) ?? ""
      comment = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : nil
      body = String(body[..<range.lowerBound])
    }
    if let range = body.range(of: "<") { body = String(body[..<range.lowerBound]) }
    let words = body.split(separator: "\t", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
    guard let mnemonic = words.first, !mnemonic.isEmpty else { return nil }
    self.address = address
    self.mnemonic = mnemonic
    operands =
      words.count > 1
      ? words[1].replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
        .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
  }
}

/// Follows `adrp`/`add` values per register through a function's disassembly text.
struct RegisterTracker {
  enum Reach {
    case branch(UInt64)
    case load(UInt64)
  }

  private var values: [String: UInt64] = [:]

  mutating func step(_ instruction: Instruction) -> Reach? {
    let operands = instruction.operands
    let destination = operands.first.map(Self.register)
    switch instruction.mnemonic {
    case "bl", "b", "callq", "jmpq", "jmp", "call":
      if instruction.mnemonic == "b" || instruction.mnemonic.hasPrefix("j") {
        values = [:]
      } else {
        forgetCallerSaved()
      }
      if let target = instruction.comment, operands.first?.contains("(%rip)") == true { return .load(target) }
      return operands.first.flatMap(Self.hex).map(Reach.branch)
    case "adrp", "adr":
      if let destination, operands.count > 1, let value = Self.hex(operands[1]) { values[destination] = value }
      return nil
    case "add":
      guard let destination else { return nil }
      if operands.count >= 3, let base = values[Self.register(operands[1])], let offset = Self.hex(operands[2]) {
        let shifted = operands.count > 3 && operands[3].contains("lsl #12") ? offset << 12 : offset
        values[destination] = base &+ shifted
      } else {
        values[destination] = nil
      }
      return nil
    case "ldr":
      defer { if let destination { values[destination] = nil } }
      guard operands.count >= 2 else { return nil }
      if let literal = Self.hex(operands[1]), !operands[1].hasPrefix("x"), !operands[1].hasPrefix("w") {
        return .load(literal)
      }
      guard let base = values[Self.register(operands[1])] else { return nil }
      let offset = operands.count > 2 ? Self.hex(operands[2]) ?? 0 : 0
      return .load(base &+ offset)
    case "movq", "mov":
      if let target = instruction.comment, operands.first?.contains("(%rip)") == true { return .load(target) }
      if let destination { values[destination] = nil }
      return nil
    case "ret", "br", "braa", "brab", "braaz", "brabz", "retaa", "retab":
      values = [:]
      return nil
    case "blr", "blraa", "blrab", "blraaz", "blrabz":
      forgetCallerSaved()
      return nil
    default:
      if instruction.mnemonic.hasPrefix("st") || instruction.mnemonic.hasPrefix("b.")
        || instruction.mnemonic.hasPrefix("cb") || instruction.mnemonic.hasPrefix("tb")
        || instruction.mnemonic.hasPrefix("cmp") || instruction.mnemonic.hasPrefix("tst")
      {
        return nil
      }
      if let destination { values[destination] = nil }
      if instruction.mnemonic == "ldp", operands.count > 1 { values[Self.register(operands[1])] = nil }
      return nil
    }
  }

  private mutating func forgetCallerSaved() {
    for number in 0...18 { values["x\(number)"] = nil }
    values["x30"] = nil
  }

  /// `wN` and `xN` name one register.
  static func register(_ operand: String) -> String {
    operand.hasPrefix("w") ? "x" + operand.dropFirst() : operand
  }

  /// `0x1f`, `#0x1f`, `#31` → the value.
  static func hex(_ operand: String) -> UInt64? {
    var text = Substring(operand)
    if text.hasPrefix("#") { text = text.dropFirst() }
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
    return text.first?.isNumber == true ? UInt64(text) : nil
  }
}

import BinaryImage
import ELFSymbols
import Foundation
import ScanFiles
import TestSupport
import Testing

/// ELF call sites: the fixtures of `Samples/callsites` (shared objects calling `stat` through the
/// PLT from two functions, `lstat` only stored), the objects of `Samples/elf`, and a differential
/// test against `llvm-objdump -d` on the linked fixtures and some of this machine's libraries.
@Suite(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason))
struct ELFCallSiteTests {
  static let objdump = ReferenceTools.toolchain("llvm-objdump")

  /// Linked x86-64 and AArch64 images: the call-site fixtures, the ELF fixtures, and the first
  /// libraries of this machine's multiarch folder (`ELF_CALLSITE_FILES`, colon-separated, instead).
  static let linked: [String] = {
    if let list = ProcessInfo.processInfo.environment["ELF_CALLSITE_FILES"], !list.isEmpty {
      return list.split(separator: ":").map(String.init)
    }
    let system = "/usr/lib/x86_64-linux-gnu"
    let libraries = ((try? FileManager.default.contentsOfDirectory(atPath: system)) ?? []).sorted()
      .filter { $0.hasPrefix("lib") && $0.contains(".so.") }.prefix(12).map { system + "/" + $0 }
    return [
      SampleLocator.sample("callsites/bin/libstatplt-x86_64.so"),
      SampleLocator.sample("callsites/bin/libstatplt-aarch64.so"),
      SampleLocator.sample("callsites/bin/libstatlocal-x86_64-stripped.so"),
      SampleLocator.sample("callsites/bin/libstatlocal-aarch64-stripped.so"),
      SampleLocator.sample("callsites/bin/libstatlocal-x86_64-kept-local.so"),
      SampleLocator.sample("callsites/bin/libstatlocal-aarch64-kept-local.so"),
      SampleLocator.sample("elf/libstorageprobe.so"), SampleLocator.sample("elf/storage-tool"),
    ] + libraries
  }()

  /// `llvm-objdump -d` of `path`: the toolchain's, or Debian's when the toolchain's prints no
  /// instructions (llvm-objdump 21 prints nothing for some of this machine's libraries).
  static func disassemble(_ path: String, options: [String] = []) throws -> [Substring] {
    let arguments = ["-d", "--no-show-raw-insn"] + options + [path]
    let lines = try ReferenceTools.output(of: objdump, arguments).split(separator: "\n")
    // Debian's by its own path: on CI the toolchain's folder comes first on PATH.
    let debian = "/usr/bin/llvm-objdump"
    guard !lines.contains(where: { $0.hasPrefix("Disassembly of section") }), ReferenceTools.areExecutable(debian)
    else { return lines }
    return try ReferenceTools.output(of: debian, arguments).split(separator: "\n")
  }

  private static func image(_ path: String) throws -> (FileBytes, Image) {
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    let read = try ELFReader.read(file, path: path, options: .all)
    return (file, try #require(read.images.first))
  }

  @Test(arguments: ["x86_64", "aarch64"])
  func statIsCalledThroughThePLTFromTwoFunctions(architecture: String) throws {
    let (file, image) = try Self.image(SampleLocator.sample("callsites/bin/libstatplt-\(architecture).so"))
    let found = try #require(
      try ELFCallSites.find(in: file, image: image, query: CallSiteQuery(imports: ["stat", "lstat"])))
    #expect(found.imports["stat"]?.map(\.function) == ["probe_size", "probe_mode"])
    #expect(found.imports["lstat"] == [])
  }

  @Test func archiveMemberRelocationsAreTheSites() throws {
    let path = SampleLocator.sample("elf/libprobes.a")
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    let read = try ELFReader.read(file, path: path, options: .all)
    let member = try #require(read.images.first { $0.member == "disk_space_probe_helpers.o" })
    let found = try #require(
      try ELFCallSites.find(in: file, image: member, query: CallSiteQuery(imports: ["fstat", "statvfs"])))
    #expect(found.imports["fstat"]?.map(\.function) == ["disk_space_probe_status_change"])
    #expect(found.imports["statvfs"]?.map(\.function) == ["disk_space_probe_available"])
  }

  @Test(.enabled(if: ReferenceTools.areExecutable(objdump), "needs the toolchain's llvm-objdump"), arguments: linked)
  func callSitesMatchTheDisassembly(path: String) throws {
    let (file, image) = try Self.image(path)
    let query = CallSiteQuery(imports: Set(image.imports.map { image.names.string($0.name) }))
    let found = try #require(try ELFCallSites.find(in: file, image: image, query: query))
    var slots: [UInt64: String] = [:]
    for line in try ReferenceTools.output(of: Self.objdump, ["-R", path]).split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count == 3, words[1].hasSuffix("GLOB_DAT") || words[1].hasSuffix("JUMP_SLOT"),
        let offset = UInt64(words[0], radix: 16)
      else { continue }
      slots[offset] = String(words[2].prefix { $0 != "@" && $0 != "+" })
    }
    let disassembly = try Self.disassemble(path)
    // PLT entries: the `<name@plt>` labels llvm-objdump gives (AArch64 `.plt`, x86-64 `.plt`), and
    // on x86-64 every entry whose `jmp *slot(%rip)` reaches a slot (starting at an `endbr64` right
    // before it), as `.plt.got` and `.plt.sec` entries may be unlabelled.
    var stubs: [UInt64: String] = [:]
    var inPLT = false
    var entryStart: UInt64?
    for line in disassembly {
      if line.hasPrefix("Disassembly of section") { inPLT = line.contains("section .plt") }
      let parts = line.split(separator: " ")
      if line.hasSuffix("@plt>:"), parts.count == 2, let address = UInt64(parts[0], radix: 16) {
        stubs[address] = String(parts[1].dropFirst().prefix { $0 != "@" })
      }
      guard inPLT, let instruction = Instruction(line) else { continue }
      if instruction.mnemonic == "endbr64" {
        entryStart = instruction.address
        continue
      }
      if instruction.mnemonic.hasPrefix("jmp") || instruction.mnemonic == "bnd", let slot = instruction.comment,
        let name = slots[slot]
      {
        stubs[entryStart ?? instruction.address] = name
      }
      entryStart = nil
    }
    var expected = Set<String>()
    forEachReach(in: disassembly, skipping: { $0.contains("section .plt") }) { instruction, reach in
      switch reach {
      case .branch(let target): if let name = stubs[target] { expected.insert("\(instruction.address) \(name)") }
      case .load(let target): if let name = slots[target] { expected.insert("\(instruction.address) \(name)") }
      }
    }
    let names = Set(slots.values).union(stubs.values).intersection(query.imports)
    expected = expected.filter { names.contains(String($0.split(separator: " ")[1])) }
    let ours = Set(
      found.imports.filter { names.contains($0.key) }.flatMap { name, sites in sites.map { "\($0.address) \(name)" } })
    #expect(
      ours == expected,
      "\(path): ours only \(ours.subtracting(expected).sorted()), llvm-objdump only \(expected.subtracting(ours).sorted())"
    )
    if path.contains("callsites") { #expect(!ours.isEmpty) }
  }
}

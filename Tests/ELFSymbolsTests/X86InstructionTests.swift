import BinaryImage
import Foundation
import ScanFiles
import TestSupport
import Testing

@testable import CodeScan
@testable import ELFSymbols

/// The x86-64 length decoder against `llvm-objdump -d`: over the code sections of the x86-64
/// linked images the call-site differential reads (fixtures and this machine's libraries), decoding
/// from the same places llvm-objdump starts (each symbol it labels), every instruction must start
/// where llvm-objdump's does (a `lock` it prints alone counted with the instruction it prefixes),
/// up to the first one llvm-objdump cannot decode in that symbol's range (data in code).
@Suite(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason))
struct X86InstructionLengthTests {
  static let files = ELFCallSiteTests.linked.filter { path in
    guard let handle = FileHandle(forReadingAtPath: path), let header = try? handle.read(upToCount: 20) else {
      return false
    }
    return header.count == 20 && header[18] == 62
  }

  @Test(
    .enabled(if: ReferenceTools.areExecutable(ELFCallSiteTests.objdump), "needs the toolchain's llvm-objdump"),
    arguments: files)
  func instructionBoundariesMatchLLVMObjdump(path: String) throws {
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    let bytes = ByteReader(file.bytes)
    let sections = try ELFSectionHeaders(bytes)
    var expected: [String: [UInt64]] = [:]  // section → instruction addresses, in order
    var labels: [String: [UInt64]] = [:]  // section → where llvm-objdump starts decoding
    var unknown: [String: [UInt64]] = [:]  // section → where llvm-objdump cannot decode, in order
    var section = ""
    var prefix: UInt64?  // llvm-objdump prints a `lock` prefix on a line of its own
    for line in try ELFCallSiteTests.disassemble(path, options: ["--disassemble-zeroes"]) {
      if line.hasPrefix("Disassembly of section ") {
        section = String(line.dropFirst("Disassembly of section ".count).dropLast())
        continue
      }
      let words = line.split(separator: " ")
      if line.hasSuffix(">:"), words.count == 2, let address = UInt64(words[0], radix: 16) {
        labels[section, default: []].append(address)
        continue
      }
      if line.hasSuffix("<unknown>"), let address = UInt64(words[0].dropLast(), radix: 16) {
        unknown[section, default: []].append(address)
        continue
      }
      guard let instruction = Instruction(line) else { continue }
      if instruction.mnemonic == "lock" {
        prefix = instruction.address
        continue
      }
      expected[section, default: []].append(prefix ?? instruction.address)
      prefix = nil
    }
    var checked = 0
    for header in sections.all where header.isCode && expected[header.name] != nil {
      let code = try sections.contents(header, in: bytes)
      let offsets = (labels[header.name] ?? []).map { Int($0 &- header.address) }.filter { $0 > 0 && $0 < code.count }
      let cuts = Array(Set([0, code.count] + offsets)).sorted()
      let undecodable = unknown[header.name] ?? []
      // Each window, from a label to the next, is compared up to the first instruction
      // llvm-objdump cannot decode in it (what follows is that disassembler's own recovery).
      var windows: [(start: UInt64, limit: UInt64)] = []
      var mine: [UInt64] = []
      for (start, end) in zip(cuts, cuts.dropFirst()) {
        let (low, high) = (header.address + UInt64(start), header.address + UInt64(end))
        let limit = undecodable.first { $0 >= low && $0 < high } ?? high
        windows.append((low, limit))
        var position = start
        while position < end, header.address + UInt64(position) < limit,
          let instruction = X86Instruction(code, at: position, end: end)
        {
          mine.append(header.address + UInt64(position))
          position += instruction.length
        }
      }
      let theirs = expected[header.name, default: []].filter { address in
        var (low, high) = (0, windows.count)  // the last window starting at or below `address`
        while low < high {
          let middle = (low + high) / 2
          if windows[middle].start <= address { low = middle + 1 } else { high = middle }
        }
        return low > 0 && address < windows[low - 1].limit
      }
      let different = Set(mine).symmetricDifference(theirs).min()
      let difference = different.map { address in
        let near = { (list: [UInt64]) in
          list.filter { $0 + 24 >= address && $0 <= address + 24 }.map { String($0, radix: 16) }
        }
        return "near 0x\(String(address, radix: 16)): ours \(near(mine)), llvm-objdump \(near(theirs))"
      }
      #expect(
        mine == theirs,
        "\(path) \(header.name): first difference \(difference ?? "none"), counts \(mine.count) / \(theirs.count)")
      checked += theirs.count
    }
    #expect(checked > 0)
  }
}

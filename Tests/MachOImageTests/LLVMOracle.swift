import Foundation

/// One image of a file as the LLVM tools name it: architecture (only for universal files) and
/// archive member.
struct UnitKey: Hashable, CustomStringConvertible {
  var architecture: String?
  var member: String?
  var description: String { "\(member.map { "[\($0)]" } ?? "")\(architecture.map { "(\($0))" } ?? "")" }
}

/// An import as llvm-nm or llvm-objdump prints it.
struct OracleImport: Hashable {
  var name: String
  /// The library's short name (`libSystem`, `Foundation`), `nil` when the tool gives none.
  var library: String?
  var isWeak: Bool
}

/// What llvm-nm and llvm-objdump say about one file, per image.
///
/// Parsers for the tools' text output: `llvm-nm -A -m -u --arch=all`, `llvm-objdump --macho
/// --dylibs-used / --bind / --lazy-bind / --weak-bind / --chained-fixups / --section`.
struct LLVMOracle {
  let path: String

  /// Undefined symbols per image, from `llvm-nm -A -m -u --arch=all`.
  func undefinedSymbols() throws -> [UnitKey: Set<OracleImport>] {
    var result: [UnitKey: Set<OracleImport>] = [:]
    for line in try LLVMTools.run(LLVMTools.nm, ["-A", "-m", "-u", "--arch=all", path]).split(separator: "\n") {
      guard let marker = line.range(of: "(undefined) ") else { continue }
      let key = nmUnitKey(String(line[..<marker.lowerBound]))
      var words = line[marker.upperBound...].split(separator: " ").map(String.init)
      let isWeak = words.first == "weak"
      if isWeak { words.removeFirst() }
      guard words.count >= 2, words[0] == "external" else { continue }
      let origin = words.dropFirst(2).joined(separator: " ")
      let library =
        origin == "(dynamically looked up)"
        ? "dynamic-lookup"
        : origin.hasPrefix("(from ") && origin.hasSuffix(")") ? String(origin.dropFirst(6).dropLast()) : nil
      result[key, default: []].insert(OracleImport(name: words[1], library: library, isWeak: isWeak))
    }
    return result
  }

  /// The external definitions per image, the export trie's included, from `llvm-nm -A -g
  /// --defined-only --add-dyldinfo --arch=all` (re-exports, type `I`, left out).
  func definedExternalNames() throws -> [UnitKey: Set<String>] {
    var result: [UnitKey: Set<String>] = [:]
    let arguments = ["-A", "-g", "--defined-only", "--add-dyldinfo", "--arch=all", path]
    for line in try LLVMTools.run(LLVMTools.nm, arguments).split(separator: "\n") {
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count >= 3, words[words.count - 2] != "I" else { continue }
      let prefix = words[0..<(words.count - (words.count >= 4 ? 3 : 2))].joined(separator: " ")
      result[nmUnitKey(prefix), default: []].insert(String(words[words.count - 1]))
    }
    return result
  }

  /// `(for architecture X):path:member: ` → key.
  private func nmUnitKey(_ prefix: String) -> UnitKey {
    var text = prefix.trimmingCharacters(in: .whitespaces)
    var architecture: String?
    if text.hasPrefix("(for architecture "), let close = text.firstIndex(of: ")") {
      architecture = String(text[text.index(text.startIndex, offsetBy: 18)..<close])
      text = String(text[text.index(after: close)...]).trimmingCharacters(in: CharacterSet(charactersIn: ":"))
    }
    if text.hasSuffix(":") { text.removeLast() }
    var member: String?
    if text.hasPrefix(path + ":") { member = String(text.dropFirst(path.count + 1)) }
    return UnitKey(architecture: architecture, member: member)
  }

  /// Splits `llvm-objdump --macho` output into per-image line groups by its header lines
  /// (`path:`, `path (architecture X):`, `path(member) (architecture X):`).
  func objdumpSections(_ arguments: [String]) throws -> [UnitKey: [String]] {
    var result: [UnitKey: [String]] = [:]
    var current: UnitKey?
    for line in try LLVMTools.run(LLVMTools.objdump, ["--macho"] + arguments + ["--arch=all", path]).split(
      separator: "\n")
    {
      let text = String(line)
      if text.hasPrefix("Archive : ") { continue }
      if text.hasPrefix(path), text.hasSuffix(":") {
        var header = String(text.dropFirst(path.count).dropLast())
        var architecture: String?
        if let open = header.range(of: " (architecture ") {
          architecture = String(header[open.upperBound...].dropLast())
          header = String(header[..<open.lowerBound])
        }
        let member = header.hasPrefix("(") && header.hasSuffix(")") ? String(header.dropFirst().dropLast()) : nil
        current = UnitKey(architecture: architecture, member: member)
        result[current ?? UnitKey(), default: []] += []
        continue
      }
      if let current { result[current, default: []].append(text) }
    }
    return result
  }

  /// Linked libraries (install name, marker such as `weak`/`reexport`) in load order, per image;
  /// the list includes the image's own `LC_ID_DYLIB`.
  func dylibsUsed() throws -> [UnitKey: [(name: String, marker: String?)]] {
    try objdumpSections(["--dylibs-used"]).mapValues { lines in
      lines.compactMap { line in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard let open = trimmed.range(of: " (compatibility version ") else { return nil }
        let details = trimmed[open.upperBound...].dropLast().split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        let marker = details.count > 2 ? details[2] : nil
        return (String(trimmed[..<open.lowerBound]), marker)
      }
    }
  }

  /// Imports from the bind and lazy-bind tables, and the names in the weak-bind table.
  func dyldInfoBinds() throws -> (imports: [UnitKey: Set<OracleImport>], weakBindNames: [UnitKey: Set<String>]) {
    var imports: [UnitKey: Set<OracleImport>] = [:]
    var weak: [UnitKey: Set<String>] = [:]
    for (key, lines) in try objdumpSections(["--bind", "--lazy-bind", "--weak-bind"]) {
      var table = ""
      for line in lines {
        if line.hasSuffix("table:") { table = line; continue }
        let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard fields.count >= 5, fields[0] != "segment" else { continue }
        switch table {
        case "Bind table:" where fields.count >= 7:
          imports[key, default: []].insert(OracleImport(name: fields[6], library: fields[5], isWeak: fields.count > 7))
        case "Lazy bind table:":
          imports[key, default: []].insert(OracleImport(name: fields[4], library: fields[3], isWeak: fields.count > 5))
        case "Weak bind table:" where fields.count >= 6:
          weak[key, default: []].insert(fields[5])
        default: break
        }
      }
    }
    return (imports, weak)
  }

  /// Imports of the chained-fixups imports table (`dyld chained import[N]` blocks).
  func chainedImports() throws -> [UnitKey: Set<OracleImport>] {
    var result: [UnitKey: Set<OracleImport>] = [:]
    for (key, lines) in try objdumpSections(["--chained-fixups"]) {
      var library: String?
      var isWeak = false
      for line in lines.map({ $0.trimmingCharacters(in: .whitespaces) }) {
        if line.hasPrefix("lib_ordinal = "), let open = line.firstIndex(of: "(") {
          library = String(line[line.index(after: open)...].dropLast())
        } else if line.hasPrefix("weak_import = ") {
          isWeak = line.hasSuffix("1")
        } else if line.hasPrefix("name_offset = "), let open = line.firstIndex(of: "(") {
          result[key, default: []].insert(
            OracleImport(name: String(line[line.index(after: open)...].dropLast()), library: library, isWeak: isWeak))
        }
      }
    }
    return result
  }

  /// The selectors `__objc_selrefs` references, in slot order, each once.
  ///
  /// llvm-objdump names the string for classic images and 32-bit objects; for 64-bit objects it
  /// names the local symbol each slot's relocation targets (looked up with llvm-nm), and for
  /// chained-fixup images it prints the raw slot, whose `DYLD_CHAINED_PTR_64` rebase target is the
  /// low 36 bits. Addresses are turned into names through the `__objc_methname` dump.
  func selectorReferences() throws -> [UnitKey: [String]] {
    let sections = ["__DATA", "__DATA_CONST"].flatMap { ["--section=\($0),__objc_selrefs"] }
    let slots = try objdumpSections(sections)
    let methodNames = try objdumpSections(["--section=__TEXT,__objc_methname"]).mapValues { lines in
      Dictionary(
        lines.compactMap { line -> (UInt64, String)? in
          let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
          guard parts.count == 2, let address = UInt64(parts[0], radix: 16) else { return nil }
          return (address, parts[1].trimmingCharacters(in: .whitespaces))
        }, uniquingKeysWith: { first, _ in first })
    }
    var localSymbols: [UnitKey: [String: UInt64]]?
    var result: [UnitKey: [String]] = [:]
    for (key, lines) in slots {
      var names: [String] = []
      for line in lines {
        let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true).map(String.init)
        guard parts.count == 2, UInt64(parts[0], radix: 16) != nil else { continue }
        let value = parts[1].trimmingCharacters(in: .whitespaces)
        var name: String?
        if let range = value.range(of: ":__objc_methname:") {
          name = String(value[range.upperBound...])
        } else if let range = value.range(of: "external relocation entry for symbol:") {
          if localSymbols == nil { localSymbols = try definedSymbolAddresses() }
          let symbol = String(value[range.upperBound...])
          name = localSymbols?[key]?[symbol].flatMap { methodNames[key]?[$0] }
        } else if value.hasPrefix("0x"), let raw = UInt64(value.dropFirst(2).prefix { $0 != " " }, radix: 16) {
          name = methodNames[key]?[raw & 0xf_ffff_ffff]
        }
        if let name, !names.contains(name) { names.append(name) }
      }
      result[key] = names
    }
    return result
  }

  /// Defined symbol addresses per image, from `llvm-nm -A --arch=all`.
  private func definedSymbolAddresses() throws -> [UnitKey: [String: UInt64]] {
    var result: [UnitKey: [String: UInt64]] = [:]
    for line in try LLVMTools.run(LLVMTools.nm, ["-A", "--arch=all", path]).split(separator: "\n") {
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count >= 4, let address = UInt64(words[words.count - 3], radix: 16) else { continue }
      let prefix = words[0..<(words.count - 3)].joined(separator: " ")
      result[nmUnitKey(prefix), default: [:]][String(words[words.count - 1])] = address
    }
    return result
  }

  /// llvm's short name for an install name: the leaf without `.dylib` and version suffixes
  /// (`/usr/lib/libSystem.B.dylib` → `libSystem`, `…/UIKit.framework/UIKit` → `UIKit`).
  static func shortName(_ installName: String) -> String {
    var leaf = installName.split(separator: "/").last.map(String.init) ?? installName
    if leaf.hasSuffix(".dylib") { leaf = String(leaf.dropLast(6)) }
    if let dot = leaf.firstIndex(of: ".") { leaf = String(leaf[..<dot]) }
    return leaf
  }
}

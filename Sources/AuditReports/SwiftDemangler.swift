import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Swift runtime's own demangler, for showing Swift symbols in readable form.
///
/// Symbols stay raw everywhere they are matched or written to a machine format's `name`; the
/// readable form is only added for people (`symbols --format text`, the JSON `demangled` field).
///
/// The runtime's demangler recurses once per nesting level and prints every back-reference in
/// full, so a hostile name nested 45,000 deep overflows the stack and one whose references
/// triple at each level prints gigabytes. A name is handed to it only within bounds that make
/// both impossible, and a run stops demangling after `outputBudget` characters: past a bound
/// the name is shown mangled.
package enum SwiftDemangler {
  /// The longest name demangled: it bounds the nesting depth (the longest of 27,000 toolchain
  /// symbols is 213 bytes).
  static let nameLimit = 1024
  /// The most substitution references (`A…`, repeat counts included) in a name demangled; each
  /// can print a whole earlier node, so a name of N references prints at most about 3^(N/3)
  /// times its length. 1% of the toolchain's own symbols have more and are shown mangled.
  static let referenceLimit = 16
  /// The most characters all demangled names of one run may add up to.
  static let outputBudget = 16 << 20
  private static let printed = Atomic<Int>(0)

  /// The readable form of a Swift-mangled `symbol` (`$s…`, `$S…`, `_T0…`, with or without
  /// Mach-O's leading `_`), or `nil` when it is not a Swift name the runtime can demangle.
  package static func readable(_ symbol: UnsafeRawBufferPointer) -> String? {
    var start = 0
    if symbol.count > 1, symbol[0] == UInt8(ascii: "_"),
      symbol[1] == UInt8(ascii: "$") || symbol[1] == UInt8(ascii: "_")
    {
      start = 1
    }
    let name = UnsafeRawBufferPointer(rebasing: symbol[start...])
    guard name.count > 2, name.count <= nameLimit, isSwiftPrefix(name),
      references(in: name) <= referenceLimit, printed.load(ordering: .relaxed) < outputBudget
    else { return nil }
    guard let base = name.baseAddress?.assumingMemoryBound(to: CChar.self),
      let demangled = runtimeDemangle(base, name.count, nil, nil, 0)
    else { return nil }
    defer { free(demangled) }
    let readable = String(cString: demangled)
    printed.add(readable.utf8.count, ordering: .relaxed)
    return readable
  }

  /// An upper bound of the substitution references in `name`: each `A` counts one, and the
  /// repeat counts and further indexes that may follow it (`A2cC`: three) count what they
  /// repeat. Identifiers are not skipped, so a letter `A` in one counts too: never fewer.
  static func references(in name: UnsafeRawBufferPointer) -> Int {
    var count = 0
    var index = 0
    while index < name.count {
      defer { index += 1 }
      guard name[index] == UInt8(ascii: "A") else { continue }
      count += 1
      while index + 1 < name.count {
        var repeats = 0
        while index + 1 < name.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(name[index + 1]) {
          repeats = min(repeats * 10 + Int(name[index + 1] - UInt8(ascii: "0")), referenceLimit + 1)
          index += 1
        }
        count += max(repeats - 1, 0)
        guard index + 1 < name.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(name[index + 1]) else { break }
        count += 1
        index += 1
      }
      if count > referenceLimit { return count }
    }
    return count
  }

  private static func isSwiftPrefix(_ name: UnsafeRawBufferPointer) -> Bool {
    let dollar = UInt8(ascii: "$")
    if name[0] == dollar {
      return name[1] == UInt8(ascii: "s") || name[1] == UInt8(ascii: "S") || name[1] == UInt8(ascii: "e")
    }
    return name.count > 3 && name[0] == UInt8(ascii: "_") && name[1] == UInt8(ascii: "T")
      && name[2] == UInt8(ascii: "0")
  }
}

/// `char *swift_demangle(const char *mangledName, size_t mangledNameLength, char *outputBuffer,
/// size_t *outputBufferSize, uint32_t flags)`, exported by the Swift runtime; the result is
/// allocated with `malloc` when `outputBuffer` is nil.
@_silgen_name("swift_demangle")
private func runtimeDemangle(
  _ mangledName: UnsafePointer<CChar>, _ mangledNameLength: Int, _ outputBuffer: UnsafeMutablePointer<CChar>?,
  _ outputBufferSize: UnsafeMutablePointer<Int>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Swift runtime's own demangler, for showing Swift symbols in readable form.
///
/// Symbols stay raw everywhere they are matched or written to a machine format's `name`; the
/// readable form is only added for people (`symbols --format text`, the JSON `demangled` field).
enum SwiftDemangler {
  /// The readable form of a Swift-mangled `symbol` (`$s…`, `$S…`, `_T0…`, with or without
  /// Mach-O's leading `_`), or `nil` when it is not a Swift name the runtime can demangle.
  static func readable(_ symbol: UnsafeRawBufferPointer) -> String? {
    var start = 0
    if symbol.count > 1, symbol[0] == UInt8(ascii: "_"),
      symbol[1] == UInt8(ascii: "$") || symbol[1] == UInt8(ascii: "_")
    {
      start = 1
    }
    let name = UnsafeRawBufferPointer(rebasing: symbol[start...])
    guard name.count > 2, isSwiftPrefix(name) else { return nil }
    guard let base = name.baseAddress?.assumingMemoryBound(to: CChar.self),
      let demangled = runtimeDemangle(base, name.count, nil, nil, 0)
    else { return nil }
    defer { free(demangled) }
    return String(cString: demangled)
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

import BinaryImage
import ELFSymbols

/// libFuzzer entry point: every input is copied into the private buffer sdkvet reads its inputs
/// into, and read by `ELFReader` with every table enabled. The reader may throw `BinaryError`;
/// any crash, trap or AddressSanitizer report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzELFReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let file = FileBytes(copying: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
  _ = try? ELFReader.read(file, path: "fuzz-input", options: .all)
  return 0
}

package import BinaryImage
import Testing

/// Runs `body` with a reader over `bytes`.
package func withReader<R>(
  _ bytes: [UInt8], baseOffset: UInt64 = 0, byteOrder: ByteOrder = .little, _ body: (inout ByteReader) throws -> R
) rethrows -> R {
  try bytes.withUnsafeBytes { (raw) throws -> R in
    var reader = ByteReader(raw, baseOffset: baseOffset, byteOrder: byteOrder)
    return try body(&reader)
  }
}

/// The `BinaryError` `body` throws, or `nil` when it returns (any other error fails the test).
package func thrownBinaryError(_ body: () throws -> Void) -> BinaryError? {
  do {
    try body()
    return nil
  } catch let error as BinaryError {
    return error
  } catch {
    Issue.record("unexpected error type: \(error)")
    return nil
  }
}

extension NameTable {
  /// Stores a name a test builds an image with; going over the table's limit (far past any
  /// test's names) is recorded as a test failure.
  package mutating func appendTestName(_ name: String) -> NameRef {
    do {
      return try append(name, at: nil)
    } catch {
      Issue.record("cannot store the name \(name): \(error)")
      return NameRef(offset: 0, length: 0)
    }
  }
}

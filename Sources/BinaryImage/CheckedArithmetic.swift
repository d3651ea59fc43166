/// Overflow-checked arithmetic for values read from files.
///
/// Header fields combine into offsets and sizes; a hostile file picks them so that a plain `+`
/// or `*` would trap. These helpers turn overflow into a `BinaryError` instead.
extension BinaryInteger {
  /// `self + other`, or a `malformed` error naming `what` when the sum does not fit in `Int`.
  @inlinable
  public func checkedAdding(_ other: some BinaryInteger, _ what: @autoclosure () -> String, offset: UInt64? = nil)
    throws(BinaryError) -> Int
  {
    guard let a = Int(exactly: self), let b = Int(exactly: other) else {
      throw BinaryError(.malformed, "\(what()): value out of range", offset: offset)
    }
    let (sum, overflow) = a.addingReportingOverflow(b)
    guard !overflow else { throw BinaryError(.malformed, "\(what()): offset overflows", offset: offset) }
    return sum
  }

  /// `self * other`, or a `malformed` error naming `what` when the product does not fit in `Int`.
  @inlinable
  public func checkedMultiplying(_ other: some BinaryInteger, _ what: @autoclosure () -> String, offset: UInt64? = nil)
    throws(BinaryError) -> Int
  {
    guard let a = Int(exactly: self), let b = Int(exactly: other) else {
      throw BinaryError(.malformed, "\(what()): value out of range", offset: offset)
    }
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    guard !overflow else { throw BinaryError(.malformed, "\(what()): size overflows", offset: offset) }
    return product
  }
}

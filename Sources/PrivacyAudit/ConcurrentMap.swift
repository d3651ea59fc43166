import Dispatch

extension Array where Element: Sendable {
  /// `map` on every core, results in the elements' order; for pure, independent transforms such
  /// as auditing one target, which needs nothing from the others.
  func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
    let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
    slots.initialize(repeating: nil)
    defer {
      _ = slots.deinitialize()
      slots.deallocate()
    }
    let output = UnsafeSendable(slots)
    withoutActuallyEscaping(transform) { transform in
      let work = UnsafeSendable(transform)
      self.withUnsafeBufferPointer { elements in
        let input = UnsafeSendable(elements)
        DispatchQueue.concurrentPerform(iterations: count) { index in
          output.value[index] = work.value(input.value[index])
        }
      }
    }
    return slots.compactMap { $0 }
  }
}

/// Hands a value to `concurrentPerform`'s workers; each worker touches a distinct index only.
private struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs work on every core while delivering results in input order, in bounded batches.
///
/// Each batch of `batchSize` items is processed concurrently; its results are handed to
/// `deliver` in order before the next batch starts. Memory therefore holds at most one batch
/// of results, however many inputs there are.
enum OrderedParallelMap {
  /// The batch size used when none is given: enough to keep every core busy past uneven items.
  static var defaultBatchSize: Int { max(16, availableCores * 8) }

  /// The number of cores the process may use.
  static var availableCores: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  static func run<Result: Sendable>(
    count: Int, batchSize: Int = defaultBatchSize, work: @Sendable (Int) -> Result, deliver: (Int, Result) -> Void
  ) {
    var start = 0
    while start < count {
      let batchStart = start
      let end = min(count, batchStart + batchSize)
      let slots = ResultSlots<Result>(count: end - batchStart)
      DispatchQueue.concurrentPerform(iterations: end - batchStart) { offset in
        slots.store(work(batchStart + offset), at: offset)
      }
      for offset in 0..<(end - batchStart) {
        if let result = slots.take(at: offset) { deliver(batchStart + offset, result) }
      }
      start = end
    }
  }
}

/// Per-batch result storage; each slot is written by exactly one worker, and read only after
/// `concurrentPerform` has returned, so no two threads touch the same slot.
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<Result?>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil, count: count)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  func store(_ result: Result, at index: Int) { slots[index] = result }

  func take(at index: Int) -> Result? {
    defer { slots[index] = nil }
    return slots[index]
  }
}

import Dispatch
import Foundation

/// Runs work on every core while delivering results in input order, with bounded memory.
///
/// Workers claim a few consecutive items at a time (so locking is rare next to the work), fewer
/// when there are few items (so a short list of heavy items, such as the targets of an
/// xcframework folder, is shared by every core instead of claimed whole by one), and may run at
/// most `window` items past the ones the caller has taken for delivery, so at most two windows of
/// results are held at once however many inputs there are. There is no barrier
/// between groups of items, so one slow file never idles the other cores. `deliver` runs on the
/// calling thread, in order, while workers go on.
enum OrderedParallelMap {
  /// The number of cores the process may use.
  static var availableCores: Int { max(1, Foundation.ProcessInfo.processInfo.activeProcessorCount) }

  /// The window used when none is given: enough to keep every core busy past uneven items.
  static var defaultWindow: Int { max(64, availableCores * 32) }

  static func run<Result: Sendable>(
    count: Int, window: Int = defaultWindow, work: @escaping @Sendable (Int) -> Result,
    deliver: (Int, Result) -> Void
  ) {
    guard count > 0 else { return }
    let workers = min(availableCores, count)
    let state = WindowState<Result>(count: count, window: max(1, window), workers: workers)
    let group = DispatchGroup()
    for _ in 0..<workers {
      DispatchQueue.global().async(group: group) {
        while let items = state.claim() { state.store(items.map(work), from: items.lowerBound) }
      }
    }
    var index = 0
    while index < count {
      for result in state.takeReady(from: index) {
        deliver(index, result)
        index += 1
      }
    }
    group.wait()
  }
}

/// The shared state of one run: the next item to claim, and the results not yet delivered.
///
/// A ring of `window` slots holds results; item `i` lives in slot `i % window`, which is free
/// because workers never claim an item `window` or more ahead of the next one to deliver.
private final class WindowState<Result: Sendable>: @unchecked Sendable {
  /// Items claimed at once at most.
  private static var largestChunk: Int { 16 }
  private let condition = NSCondition()
  private let count: Int
  private let window: Int
  /// Items claimed at once: `largestChunk`, or fewer so that every worker gets about four claims.
  private let chunk: Int
  private var slots: [Result?]
  private var nextToClaim = 0
  private var nextToDeliver = 0
  /// The item the delivering thread is waiting for, if it is waiting: only then does a store signal.
  private var awaited: Int?
  /// Workers waiting for room in the window: only then does a delivery signal.
  private var blockedWorkers = 0

  init(count: Int, window: Int, workers: Int) {
    self.count = count
    self.window = window
    chunk = min(Self.largestChunk, max(1, count / (max(1, workers) * 4)))
    slots = Array(repeating: nil, count: window)
  }

  /// The next items for a worker, waiting while the window is full; `nil` when all are claimed.
  func claim() -> Range<Int>? {
    condition.lock()
    defer { condition.unlock() }
    while nextToClaim < count && nextToClaim >= nextToDeliver + window {
      blockedWorkers += 1
      condition.wait()
      blockedWorkers -= 1
    }
    guard nextToClaim < count else { return nil }
    let end = min(count, nextToClaim + chunk, nextToDeliver + window)
    defer { nextToClaim = end }
    return nextToClaim..<end
  }

  func store(_ results: [Result], from first: Int) {
    condition.lock()
    for (offset, result) in results.enumerated() { slots[(first + offset) % window] = result }
    if let awaited, (first..<first + results.count).contains(awaited) { condition.broadcast() }
    condition.unlock()
  }

  /// The results of item `first` and of every consecutive item already stored after it,
  /// waiting until a worker has stored `first`.
  func takeReady(from first: Int) -> [Result] {
    condition.lock()
    defer { condition.unlock() }
    while slots[first % window] == nil {
      awaited = first
      condition.wait()
    }
    awaited = nil
    var ready: [Result] = []
    var index = first
    while index < count, index < first + window, let result = slots[index % window] {
      slots[index % window] = nil
      ready.append(result)
      index += 1
    }
    nextToDeliver = index
    if blockedWorkers > 0 { condition.broadcast() }
    return ready
  }
}

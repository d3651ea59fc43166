import Dispatch
import Foundation
import ScanFiles

/// Reads binaries while discovery is still walking. Discovery is one thread, mostly waiting on
/// system calls; each binary it claims is handed to a worker at once, so the other cores read
/// and match while the walk goes on, and the ordered pass after it (`ScanPipeline`) finds the
/// results ready instead of starting from nothing.
///
/// Each path is read once however often it is started; `finish()` waits for every read from
/// the calling thread (never a worker's, so no worker waits on work queued behind it).
final class BinaryPrefetch<Result: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private let group = DispatchGroup()
  private let work: @Sendable (ScanPath) -> Result
  private var started = Set<ScanPath>()
  private var results: [ScanPath: Result] = [:]

  /// Reads with `work`, which must be safe to run on any thread.
  init(work: @escaping @Sendable (ScanPath) -> Result) {
    self.work = work
  }

  /// Starts reading `path` on a worker, unless it was started before.
  func start(_ path: ScanPath) {
    lock.lock()
    let isNew = started.insert(path).inserted
    lock.unlock()
    guard isNew else { return }
    DispatchQueue.global().async(group: group) { [self] in
      let result = work(path)
      lock.lock()
      results[path] = result
      lock.unlock()
    }
  }

  /// Waits until every started read has finished.
  func finish() {
    group.wait()
  }

  /// The result for `path` (after `finish()`), handed over once; `nil` when it was not started.
  func take(_ path: ScanPath) -> Result? {
    lock.lock()
    defer { lock.unlock() }
    return results.removeValue(forKey: path)
  }
}

import Dispatch
import Synchronization
import Testing

@testable import ScanEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ReleaseAsideTests {
  /// Where the tracked values were freed: for each, whether on the thread that created it.
  final class Frees: Sendable {
    let onCreator = Mutex<[Bool]>([])
    let done = DispatchSemaphore(value: 0)
  }

  /// A value that tells `frees` where it is freed.
  final class Tracked: Sendable {
    let creator = Tracked.currentThread()
    let frees: Frees

    init(_ frees: Frees) {
      self.frees = frees
    }

    /// The calling thread's `pthread_t` as a number (an object made for the thread, such as
    /// Foundation's `Thread.current`, may be freed and its address reused by another thread's).
    static func currentThread() -> UInt {
      #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
      #else
        UInt(pthread_self())
      #endif
    }

    deinit {
      let onCreator = Self.currentThread() == creator
      frees.onCreator.withLock { $0.append(onCreator) }
      frees.done.signal()
    }
  }

  /// Whichever runs first, the caller or the worker, every value handed over is freed once, by
  /// the worker: a release that fell back to the caller would keep the report waiting.
  @Test(arguments: 1...40)
  func freesTheValuesOnAWorkerNeverTheCaller(count: Int) {
    let frees = Frees()
    let values = (0..<count).map { _ in Tracked(frees) }
    ReleaseAside.release((consume values, "a graph of values"))
    for _ in 0..<count { #expect(frees.done.wait(timeout: .now() + 10) == .success) }
    #expect(frees.onCreator.withLock { $0 } == Array(repeating: false, count: count))
  }
}

import Dispatch
import Foundation

/// A value computed on a thread of its own, started at once, for work that can go on without it
/// until it is needed: the scan loads the catalog and builds its matcher this way while
/// discovery starts walking, and the first binaries discovery hands out wait for the matcher,
/// not discovery.
///
/// A dedicated thread, not a queue's worker: the readers waiting for the value may be every
/// worker the queue has, and the thread that computes it must not queue behind them.
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchGroup()
  /// Written once by the thread, before `done` is left; read only after waiting on `done`.
  private var computed: Value?

  /// A value that is ready: no thread is started.
  init(ready value: Value) {
    computed = value
  }

  /// Starts computing `compute()` on a new thread.
  init(_ compute: @escaping @Sendable () -> Value) {
    done.enter()
    Thread { [self] in
      computed = compute()
      done.leave()
    }.start()
  }

  /// The value, once computed: waits until it is.
  var value: Value {
    done.wait()
    guard let computed else { preconditionFailure("the value is set before the group is left") }
    return computed
  }
}

import Dispatch

/// Frees a value on a worker thread, for the large graphs a scan is done with (every binary's
/// matches, discovery's targets, the matcher's tables): tens of thousands of small allocations
/// whose release, where they go out of scope, would keep the report waiting on one core (about a
/// millisecond on the signed static xcframeworks) while the other is idle.
enum ReleaseAside {
  /// Takes `value` and frees it on a worker. The worker holds the only reference, so the release
  /// never falls back to the caller's thread, whichever runs first.
  static func release(_ value: consuming some Sendable) {
    let held = Held(value)
    DispatchQueue.global(qos: .utility).async { held.drop() }
  }

  /// The value until `drop()`; only the one worker that is handed it touches it afterwards.
  private final class Held<Value: Sendable>: @unchecked Sendable {
    private var value: Value?

    init(_ value: consuming Value) {
      self.value = consume value
    }

    func drop() {
      value = nil
    }
  }
}

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes memory-mapped files safe to read while another process shrinks them.
///
/// Touching a page of a mapping past the file's new end raises SIGBUS, which would kill the
/// process and lose the whole report. While a mapping is registered here, a SIGBUS inside it is
/// answered by mapping a zero-filled page over the faulting one and marking the mapping: the
/// reader goes on over zeros (every read is bounds-checked, so that is harmless) and its result
/// is then discarded as one "the file shrank while it was read" error.
///
/// It is a process-wide setting, off until `install()` (`LocalFileSystem.LargeFiles.mapped`):
/// the handler it installs passes a SIGBUS anywhere else to the handler it replaced (a host's
/// crash reporter keeps working), or to the default action when there was none. The handler
/// reads only atomics and values set before it was installed; besides `sigaction` and `raise`
/// it calls `mmap` to place the zero page, a bare system call that POSIX does not list as
/// async-signal-safe but that no C library implements with locks or allocation.
enum TruncationGuard {
  /// Mappings watched at once; a file mapped while every slot is taken is read instead.
  static let capacity = 128

  // Each slot is an atomic: shared between threads and the signal handler by design.
  nonisolated(unsafe) private static let starts = allocateSlots()
  nonisolated(unsafe) private static let ends = allocateSlots()
  nonisolated(unsafe) private static let faulted = allocateSlots()
  /// The page size and the handler replaced, written once before the handler is installed.
  nonisolated(unsafe) fileprivate static var pageSize: UInt = 4096
  nonisolated(unsafe) fileprivate static var replaced = sigaction()

  /// Installs the SIGBUS handler, once per process; later calls do nothing. Until then no file
  /// is watched, so none is mapped.
  static func install() {
    isInstalled.store(installation, ordering: .releasing)
  }

  /// Whether the handler is installed: set by the one `install()` that installs it.
  private static let isInstalled = Atomic(false)

  /// The installation itself, run once (a static's initializer runs exactly once, whichever
  /// thread asks first).
  private static let installation: Bool = {
    pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_sigaction = handleBusError
    #else
      action.__sigaction_handler.sa_sigaction = handleBusError
    #endif
    action.sa_flags = SA_SIGINFO | SA_NODEFER
    sigemptyset(&action.sa_mask)
    return sigaction(SIGBUS, &action, &replaced) == 0
  }()

  /// Watches `count` bytes from `start`; the slot to release, or `nil` when the guard is not
  /// installed or no slot is free.
  static func watch(_ start: UnsafeRawPointer, count: Int) -> Int? {
    guard isInstalled.load(ordering: .acquiring) else { return nil }
    let first = UInt(bitPattern: start)
    for slot in 0..<capacity {
      guard starts[slot].compareExchange(expected: 0, desired: first, ordering: .acquiringAndReleasing).exchanged
      else { continue }
      faulted[slot].store(0, ordering: .releasing)
      ends[slot].store(first + UInt(count), ordering: .releasing)
      return slot
    }
    return nil
  }

  /// Stops watching `slot` (the mapping is about to go).
  static func release(_ slot: Int) {
    ends[slot].store(0, ordering: .releasing)
    starts[slot].store(0, ordering: .releasing)
  }

  /// Whether a fault was answered in `slot` so far.
  static func hasFaulted(_ slot: Int) -> Bool {
    faulted[slot].load(ordering: .acquiring) != 0
  }

  private static func allocateSlots() -> UnsafeMutablePointer<Atomic<UInt>> {
    let slots = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: capacity)
    for slot in 0..<capacity { (slots + slot).initialize(to: Atomic(0)) }
    return slots
  }

  /// Answers a fault at `address` inside a watched mapping with a zero page; false when it is
  /// not inside one (or the page cannot be placed).
  fileprivate static func answer(faultAt address: UInt) -> Bool {
    for slot in 0..<capacity {
      let start = starts[slot].load(ordering: .acquiring)
      guard start != 0, address >= start, address < ends[slot].load(ordering: .acquiring) else { continue }
      let page = UnsafeMutableRawPointer(bitPattern: address & ~(pageSize - 1))
      let zeros = mmap(page, Int(pageSize), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
      guard zeros != MAP_FAILED else { return false }
      faulted[slot].store(1, ordering: .releasing)
      return true
    }
    return false
  }
}

private func handleBusError(
  _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  #if canImport(Darwin)
    let address = info.map { UInt(bitPattern: $0.pointee.si_addr) } ?? 0
    let replacedAction = TruncationGuard.replaced.__sigaction_u.__sa_sigaction
    let replacedHandler = TruncationGuard.replaced.__sigaction_u.__sa_handler
  #else
    let address = info.map { UInt(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0
    let replacedAction = TruncationGuard.replaced.__sigaction_handler.sa_sigaction
    let replacedHandler = TruncationGuard.replaced.__sigaction_handler.sa_handler
  #endif
  if TruncationGuard.answer(faultAt: address) { return }
  // Not a watched mapping: the handler this one replaced has it, as if sdkvet were not there.
  if TruncationGuard.replaced.sa_flags & SA_SIGINFO != 0, let replacedAction {
    replacedAction(number, info, context)
    return
  }
  // SIG_DFL is 0 and SIG_IGN 1: neither is a function to call.
  if unsafeBitCast(replacedHandler, to: Int.self) > 1, let replacedHandler {
    replacedHandler(number)
    return
  }
  // No handler before (or SIG_IGN, which cannot skip a fault): the default action, a core dump.
  var fallback = sigaction()
  sigemptyset(&fallback.sa_mask)
  sigaction(number, &fallback, nil)
  raise(number)
}

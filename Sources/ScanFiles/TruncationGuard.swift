import Foundation
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
/// reads only atomics and values set before it was installed and calls only functions POSIX
/// lists as async-signal-safe (`write`, `read`, `sigaction`, `raise`): the zero page is placed by
/// a repair thread started with the handler, which the handler asks through one pipe and waits
/// for on another, since `mmap` is not on that list.
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
  /// The pipe a faulting thread writes the faulting address to, and the one it reads the repair
  /// thread's answer from (1: the page is zeros now; 0: it could not be placed).
  nonisolated(unsafe) fileprivate static var requests: (read: Int32, write: Int32) = (-1, -1)
  nonisolated(unsafe) fileprivate static var answers: (read: Int32, write: Int32) = (-1, -1)

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
    guard let requestPipe = makePipe(), let answerPipe = makePipe() else { return false }
    (requests, answers) = (requestPipe, answerPipe)
    Thread.detachNewThread { repairPages() }
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

  /// Answers a fault at `address` inside a watched mapping with a zero page, placed by the repair
  /// thread; false when it is not inside one (or the page cannot be placed). Async-signal-safe:
  /// atomics, `write` and `read`.
  fileprivate static func answer(faultAt address: UInt) -> Bool {
    for slot in 0..<capacity {
      let start = starts[slot].load(ordering: .acquiring)
      guard start != 0, address >= start, address < ends[slot].load(ordering: .acquiring) else { continue }
      var page = address & ~(pageSize - 1)
      guard withUnsafeBytes(of: &page, { write(requests.write, $0.baseAddress, $0.count) }) == MemoryLayout<UInt>.size
      else { return false }
      var placed: UInt8 = 0
      while read(answers.read, &placed, 1) < 0 && errno == EINTR {}
      guard placed == 1 else { return false }
      faulted[slot].store(1, ordering: .releasing)
      return true
    }
    return false
  }

  /// The repair thread: maps a private zero page over each page a faulting thread names, and
  /// answers. A thread may read another's answer; then it faults again and asks again, so every
  /// answer is read and every fault repaired.
  private static func repairPages() {
    var page: UInt = 0
    while true {
      let got = withUnsafeMutableBytes(of: &page) { read(requests.read, $0.baseAddress, $0.count) }
      if got < 0 && errno == EINTR { continue }
      guard got == MemoryLayout<UInt>.size else { return }
      let zeros = mmap(
        UnsafeMutableRawPointer(bitPattern: page), Int(pageSize), PROT_READ | PROT_WRITE,
        MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
      var placed: UInt8 = zeros == MAP_FAILED ? 0 : 1
      _ = write(answers.write, &placed, 1)
    }
  }

  /// A pipe whose ends close on `exec`.
  private static func makePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
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

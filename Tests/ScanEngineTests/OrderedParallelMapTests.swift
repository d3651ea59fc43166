import Synchronization
import Testing

@testable import ScanEngine

@Suite struct OrderedParallelMapTests {
  @Test(arguments: [0, 1, 7, 1000])
  func deliversEveryResultInInputOrder(count: Int) {
    var delivered: [Int] = []
    OrderedParallelMap.run(count: count, window: 8) {
      $0 * 3
    } deliver: { index, result in
      #expect(result == index * 3)
      delivered.append(index)
    }
    #expect(delivered == Array(0..<count))
  }

  @Test func resultsHeldNeverExceedTwoWindows() {
    let started = Atomic<Int>(0)
    var maxAhead = 0
    OrderedParallelMap.run(count: 500, window: 16) { index in
      started.add(1, ordering: .relaxed)
      return index
    } deliver: { index, _ in
      maxAhead = max(maxAhead, started.load(ordering: .relaxed) - index)
    }
    #expect(maxAhead <= 32)  // the window in slots, plus one window of results being delivered
    #expect(started.load(ordering: .relaxed) == 500)
  }
}

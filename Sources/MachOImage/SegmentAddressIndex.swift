/// Translates virtual addresses to file offsets through an image's segments, in logarithmic
/// time per address.
///
/// The answer is the one a walk of the segments in load-command order would give: the first
/// segment whose file-backed bytes hold the address. A well-formed image has a handful of
/// segments that do not overlap, but a hostile one may have tens of thousands, overlapping, and
/// hundreds of thousands of addresses to translate (one per selector reference). So the index
/// cuts the address space once into runs that each belong to one segment, sorted by address,
/// and each lookup is a binary search.
struct SegmentAddressIndex {
  /// Addresses `first...last`, all in the file-backed bytes of the segment that owns them.
  private struct Run {
    var first: UInt64
    var last: UInt64
    /// The owning segment's `vmaddr` and `fileoff`.
    var segmentAddress: UInt64
    var segmentFileOffset: UInt64
    /// The owning segment's position in load-command order.
    var segment: Int
  }

  private let runs: [Run]
  /// `runs.map(\.first)`, to search.
  private let firsts: [UInt64]

  /// Indexes `segments`, given in load-command order.
  init(_ segments: [Segment]) {
    // Each segment's file-backed addresses, cut where the address or the file offset would pass UInt64.max.
    let spans: [(first: UInt64, last: UInt64, segment: Segment, index: Int)] = segments.enumerated().compactMap {
      index, segment in
      guard segment.fileSize > 0 else { return nil }
      let length = min(segment.fileSize - 1, UInt64.max - segment.fileOffset, UInt64.max - segment.address)
      return (segment.address, segment.address + length, segment, index)
    }
    // Segments that do not overlap (every well-formed image's) are the runs themselves.
    let ordered = spans.sorted { $0.first < $1.first }
    if zip(ordered, ordered.dropFirst()).allSatisfy({ $0.last < $1.first }) {
      runs = ordered.map {
        Run(
          first: $0.first, last: $0.last, segmentAddress: $0.segment.address, segmentFileOffset: $0.segment.fileOffset,
          segment: $0.index)
      }
      firsts = runs.map(\.first)
      return
    }
    // Piece k covers bounds[k] up to the next bound (the last one up to UInt64.max); each span
    // covers whole pieces, and a piece belongs to the first span, in command order, that covers it.
    var bounds = spans.map(\.first) + spans.compactMap { $0.last == .max ? nil : $0.last + 1 }
    bounds.sort()
    bounds = bounds.enumerated().compactMap { index, bound in index > 0 && bounds[index - 1] == bound ? nil : bound }
    var owner = [Int?](repeating: nil, count: bounds.count)
    // unowned[k] leads (through a chain of owned pieces) to the first piece at or after k without an owner.
    var unowned = Array(0...bounds.count)
    func firstUnowned(from start: Int) -> Int {
      var piece = start
      while unowned[piece] != piece {
        unowned[piece] = unowned[unowned[piece]]
        piece = unowned[piece]
      }
      return piece
    }
    for (index, span) in spans.enumerated() {
      let end = Self.count(of: bounds, notAbove: span.last)
      var piece = firstUnowned(from: Self.count(of: bounds, notAbove: span.first) - 1)  // the piece starting at `first`
      while piece < end {
        owner[piece] = index
        unowned[piece] = piece + 1
        piece = firstUnowned(from: piece + 1)
      }
    }
    var runs: [Run] = []
    for (piece, first) in bounds.enumerated() {
      guard let index = owner[piece] else { continue }
      let last = piece + 1 < bounds.count ? bounds[piece + 1] - 1 : .max
      let segment = spans[index].segment
      if let previous = runs.last, previous.segmentAddress == segment.address,
        previous.segmentFileOffset == segment.fileOffset, previous.last &+ 1 == first
      {
        runs[runs.count - 1].last = last
      } else {
        runs.append(
          Run(
            first: first, last: last, segmentAddress: segment.address, segmentFileOffset: segment.fileOffset,
            segment: spans[index].index))
      }
    }
    self.runs = runs
    firsts = runs.map(\.first)
  }

  /// The offset from the start of the image of `address`, when it lies in file-backed bytes of
  /// some segment.
  func fileOffset(ofAddress address: UInt64) -> UInt64? {
    guard let run = run(holding: address) else { return nil }
    // Within a run, fileoff + (address - vmaddr) was checked not to pass UInt64.max.
    return run.segmentFileOffset &+ (address &- run.segmentAddress)
  }

  /// The position in load-command order of the segment whose file-backed bytes hold `address`.
  func segmentIndex(ofAddress address: UInt64) -> Int? {
    run(holding: address)?.segment
  }

  private func run(holding address: UInt64) -> Run? {
    let index = Self.count(of: firsts, notAbove: address) - 1
    guard runs.indices.contains(index), address <= runs[index].last else { return nil }
    return runs[index]
  }

  /// How many of the sorted `values` are at most `value`, by binary search.
  private static func count(of values: [UInt64], notAbove value: UInt64) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = low + (high - low) / 2
      if values[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

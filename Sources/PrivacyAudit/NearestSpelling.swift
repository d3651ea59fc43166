import AuditModel

/// The known word a mistyped one most likely meant, for "did you mean" in messages: the nearest
/// by edits (insertions, deletions, substitutions and swaps of neighbours), compared without case,
/// within a third of the word's length; `nil` when none is that near.
enum NearestSpelling {
  static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
    let typed = Array(word.lowercased().utf8)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, Array(candidate.lowercased().utf8))
      if distance <= max(1, typed.count / 3), distance < best?.distance ?? .max { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// The optimal string alignment distance: Levenshtein's, with a swap of neighbours as one edit.
  private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}
